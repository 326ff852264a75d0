import type { Db, Queryable } from '../../db/types';
import { calorificAt, calorificValuesOf } from './calorific';
import { advanceOver, dayStartOf, RECHECK_S } from './days';
import { meterFigureToWh } from './kwh';
import { advanceMeter, type ConnectionRow, type MeterRow } from './repository';
import type { HalfHour, SupplierSource } from './source';
import { type MeterField, type WattHours, type WriteFigures, writeHalfHours } from './write';

// One meter's fetching (issue 35): from its resume point to now, oldest first, in spans of the source's
// `maxSpanS` that end on local day boundaries; each span's half-hours written through the one write path
// with the meter's new resume point in the same transaction (write.ts), so a fill that is killed resumes
// at the last span it stored and never fetches finished days again. The first fill starts 13 months back
// (the connection's fill_from); every later pass re-reads from the first day not yet final (days.ts).
// One path for every meter and fuel: electricity import and export, and gas (stored as the home's gas,
// fuel 'gas', in Wh); a meter's figures become Wh in its own unit here (kwh.ts: kWh, or m³ at the home's
// calorific value of the half-hour's local date, calorific.ts). A figure that cannot be energy (negative,
// not a number) is refused: counted on the meter (`rejected`), logged by the pass, its half-hour left a
// gap and its day read again until the supplier sends a good one or the day is past re-reading.

const SLOT_S = 1800;

export interface MeterPass {
  /** The fetching reached now (false: stopped between spans). */
  reachedNow: boolean;
  spans: number;
  figures: WriteFigures;
}

/**
 * Fetches and stores `meter` up to `now`; `stopping()` is asked between spans (a server shutting down);
 * `stored(tx, resumeAt)` runs in each span's transaction (the connection's progress for the screen).
 */
export async function fillMeter(
  db: Db,
  connection: Pick<ConnectionRow, 'house_id' | 'fill_from' | 'time_zone'>,
  meter: MeterRow,
  source: SupplierSource,
  now: number,
  stopping: () => boolean = () => false,
  stored?: (tx: Queryable, resumeAt: number) => Promise<void>,
): Promise<MeterPass> {
  const zone = connection.time_zone;
  const field: MeterField = meter.direction === 'export' ? 'export_wh' : 'import_wh';
  // The home's dated calorific value, read once a pass (an m³ meter's figures only).
  const calorific = calorificAt(
    meter.unit === 'm3' ? await calorificValuesOf(db, connection.house_id) : [],
    zone,
  );
  const end = now - (now % SLOT_S);
  let resumeAt = meter.resume_at ?? connection.fill_from;
  let cursor = resumeAt;
  const pass: MeterPass = {
    reachedNow: false,
    spans: 0,
    figures: { written: 0, unchanged: 0, covered: 0, refused: 0 },
  };
  while (cursor < end) {
    if (stopping()) return pass;
    // A span ends on a local day's start (whole days are judged complete), or at now.
    const reach = cursor + source.maxSpanS;
    const dayEnd = reach >= end ? end : dayStartOf(reach, zone);
    const to = dayEnd > cursor ? dayEnd : Math.min(end, reach);
    const { halfHours, refused } = inWh(await source.halfHours(meter, cursor, to), meter.unit, calorific);
    // The resume point moves only while the days behind it are final; past the first day that is not,
    // spans are stored and that day is read again next time.
    const advance =
      cursor === resumeAt ? advanceOver(halfHours, cursor, to, now, zone) : { resumeAt, dataThrough: null };
    const target = { houseId: connection.house_id, fuel: meter.fuel, field };
    const figures = await writeHalfHours(db, target, halfHours, now, async (tx, impossible) => {
      await advanceMeter(tx, meter.id, advance.resumeAt, advance.dataThrough, refused + impossible);
      await stored?.(tx, advance.resumeAt);
    });
    figures.refused += refused;
    for (const k of ['written', 'unchanged', 'covered', 'refused'] as const) pass.figures[k] += figures[k];
    resumeAt = advance.resumeAt;
    cursor = to;
    pass.spans += 1;
  }
  pass.reachedNow = true;
  return pass;
}

/** A span's figures as Wh in the meter's unit; those that cannot be energy counted and left out. */
function inWh(
  halfHours: readonly HalfHour[],
  unit: MeterRow['unit'],
  calorific: (ts: number) => number,
): { halfHours: WattHours[]; refused: number } {
  let refused = 0;
  const out: WattHours[] = [];
  for (const h of halfHours) {
    if (h.value === null) {
      out.push({ start: h.start, wh: null });
      continue;
    }
    const wh = meterFigureToWh(h.value, unit, calorific(h.start));
    if (wh === null) refused += 1;
    else out.push({ start: h.start, wh });
  }
  return { halfHours: out, refused };
}

/** The first fill's share done for a meter at `resumeAt` (0–100). */
export function progressOf(fillFrom: number, resumeAt: number, now: number): number {
  const whole = now - RECHECK_S - fillFrom;
  if (whole <= 0) return 100;
  return Math.max(0, Math.min(100, Math.floor((100 * (resumeAt - fillFrom)) / whole)));
}
