import type { Fuel } from '@homeview/contract';
import type { Db, Queryable } from '../../db/types';
import { fuelCode } from '../../shared/fuel';
import { readHousesContext } from '../readings/blocks';
import { maxWhIn, type Reading } from '../readings/reading';
import { receive } from '../readings/receive';

// A meter's half-hours into the home's readings, through the one write path (receive.ts). An import
// meter gives a half-hour's import_wh, an export meter (a second MPAN) its export_wh of the same home, and
// the two arrive from different meters at different times. The write path keeps the first reading of a
// start and drops later ones (merge.ts: first wins), and in replace mode overwrites a reading whole, so
// a figure written alone would be lost (an export after its import) or would zero the other (export 0
// over a stored export). So each half-hour is merged with what is stored in its slot, under the house's
// lock in the write's own transaction, and written in replace mode:
// - nothing stored: a half-hour reading with this meter's field, the others 0;
// - one half-hour reading at the slot's start: the same reading with this meter's field set (unchanged:
//   not written);
// - finer readings (a live meter's minutes): left as they are, the supplier's figure not written (the
//   two would overlap; the home's own meter is the finer record).
// A null half-hour is a gap: nothing is written. A figure over what 100 kW could deliver is dropped.
// Gas is the same with fuel 'gas': the home's gas readings (import_wh, the gas used), merged only with
// what is stored of gas (every read and write names its fuel, migration 0027).

export type MeterField = 'import_wh' | 'export_wh';

/** A half-hour's energy in Wh (a supplier's figure in its unit, converted: fill.ts); null a gap. */
export interface WattHours {
  start: number;
  wh: number | null;
}

/** Where a meter's half-hours go: the home, its fuel, and the reading's field (export: a second MPAN). */
export interface MeterTarget {
  houseId: number;
  fuel: Fuel;
  field: MeterField;
}

export interface WriteFigures {
  /** Half-hours written (new, or a changed figure). */
  written: number;
  /** Half-hours already stored with the same figure. */
  unchanged: number;
  /** Half-hours left to finer readings the home already has. */
  covered: number;
  /** Figures refused as impossible (kept as gaps). */
  refused: number;
}

const SLOT_S = 1800;
const BLOCK_S = 86_400;

/**
 * Writes `halfHours` as `field` of the house's readings of `fuel`, then runs `after` in the same
 * transaction with the number refused as impossible (the meter's resume point and its rejections, so a
 * stopped fill never refetches what it stored and never skips what it did not).
 */
export async function writeHalfHours(
  db: Db,
  { houseId, fuel, field }: MeterTarget,
  halfHours: readonly WattHours[],
  now: number,
  after: (tx: Queryable, refused: number) => Promise<void>,
): Promise<WriteFigures> {
  const figures: WriteFigures = { written: 0, unchanged: 0, covered: 0, refused: 0 };
  const max = maxWhIn(SLOT_S);
  const wanted = halfHours.filter((h): h is { start: number; wh: number } => {
    if (h.wh === null) return false;
    if (h.wh > max || h.wh < 0 || !Number.isSafeInteger(h.wh)) {
      figures.refused += 1;
      return false;
    }
    return true;
  });
  return receive(
    db,
    [houseId],
    now,
    async (intake, tx) => {
      const blockStarts = [...new Set(wanted.map((h) => h.start - (h.start % BLOCK_S)))];
      const context = (await readHousesContext(tx, new Map([[houseId, blockStarts]]), fuelCode(fuel))).get(
        houseId,
      );
      // What is stored in each touched slot: its readings' count and, for a single one, the reading.
      const stored = new Map<number, { n: number; reading: Reading }>();
      for (const cols of context?.blocks.values() ?? [])
        cols.start.forEach((start, k) => {
          const slot = start - (start % SLOT_S);
          const reading: Reading = {
            start,
            interval_s: cols.interval_s[k] as number,
            import_wh: cols.import_wh[k] as number,
            export_wh: cols.export_wh[k] as number,
            generation_wh: cols.generation_wh[k] as number,
          };
          const seen = stored.get(slot);
          stored.set(slot, { n: (seen?.n ?? 0) + 1, reading });
        });
      const readings: Reading[] = [];
      for (const h of wanted) {
        const there = stored.get(h.start);
        if (there === undefined) {
          readings.push({
            start: h.start,
            interval_s: SLOT_S,
            import_wh: 0,
            export_wh: 0,
            generation_wh: 0,
            [field]: h.wh,
          });
        } else if (there.n === 1 && there.reading.start === h.start && there.reading.interval_s === SLOT_S) {
          if (there.reading[field] === h.wh) figures.unchanged += 1;
          else readings.push({ ...there.reading, [field]: h.wh });
        } else figures.covered += 1;
      }
      if (readings.length > 0) await intake.readings(houseId, readings, { replace: true });
      figures.written = readings.length;
      await after(tx, figures.refused);
      return figures;
    },
    { fuel },
  );
}
