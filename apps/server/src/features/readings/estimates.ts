import {
  applianceTypeId,
  detectMeterUses,
  METER_CONTEXT_S,
  METER_USE_KINDS,
  type MeterSample,
  type MeterUse,
  type TariffBook,
} from '@homeview/domain';
import { prepared, type Queryable } from '../../db/types';
import { refreshApplianceDaysOfHouses } from './appliance-days';
import { ELECTRICITY_CODE } from '../../shared/fuel';
import { BLOCK_S, type ReadingColumns, readHousesContext } from './blocks';
import { eventCost, type StoredEvent } from './events';
import { joined } from './repository';
import { mergeUses, type UseChange } from './use-days';

// Appliance uses estimated from the whole-house meter (issue 24, migration 0016). Run by ingestReadings
// inside its transaction, under the house's lock, for a batch of readings at 1 minute or finer: the
// detector (domain meter-activity) reads the batch's window with METER_CONTEXT_S either side and the
// estimates overlapping the window are replaced by what it finds (idempotent: the same readings give the
// same uses). Measured uses win: no estimate is kept of a type the house measures (a non-estimated use of
// it within MEASURED_S either side, or a plug registered for it), nor an unrecognised "activity" while a
// measured appliance drawing over MEASURED_W runs (the step the meter saw was that appliance). Nor of an
// appliance its people say it has none of: a house that counts its appliances (house_appliances, any
// above 0) and not this one (Mum's "hob" at 19:52 was a guess; she has none).

/** Readings this fine (seconds) or finer are read by the detector; coarser meters get no estimates. */
export const FINE_INTERVAL_S = 60;
/** A measured use of a type this close to a window (either side) means the house measures that type. */
export const MEASURED_S = 28 * 86_400;
/**
 * A measured use drawing this much on average explains an unrecognised step that overlaps it: the heating
 * phases of a washing machine or dishwasher (means of 330–600 W over their programme, simulated and REFIT),
 * an iron or oven cycling. A television or computer (~100 W) does not.
 */
const MEASURED_W = 250;
/** Estimates and measured uses that started this long before a window may still overlap it. */
const LONGEST_S = 12 * 3600;

const TYPE_OF_KIND = new Map(METER_USE_KINDS.map((k) => [k, applianceTypeId(k)]));
const ACTIVITY_TYPE = applianceTypeId('activity');

/** Whether every reading of a batch is at 1 minute or finer (a meter the detector can read). */
export function isFineBatch(cols: ReadingColumns): boolean {
  return cols.interval_s.length > 0 && cols.interval_s.every((s) => s <= FINE_INTERVAL_S);
}

/** Samples of whole-house use (import plus own generation used) from blocks, fine readings only. */
function samplesOf(blocks: readonly ReadingColumns[], from: number, to: number): MeterSample[] {
  const out: MeterSample[] = [];
  for (const b of blocks) {
    for (let k = 0; k < b.start.length; k++) {
      const start = b.start[k] as number;
      const seconds = b.interval_s[k] as number;
      if (start < from || start >= to || seconds > FINE_INTERVAL_S) continue;
      const own = Math.max(0, (b.generation_wh[k] as number) - (b.export_wh[k] as number));
      out.push({ start, seconds, wh: (b.import_wh[k] as number) + own });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

interface EventRow {
  what: 'measured' | 'estimate' | 'type';
  appliance_type_id: number;
  start_ts: number;
  end_ts: number;
  energy_wh: number;
}

const keyOf = (typeId: number, start: number, end: number, wh: number) => `${typeId}:${start}:${end}:${wh}`;

/** The span whose uses a batch of `window` answers for (estimateWindow's doc says why it reaches back). */
const answeredOf = (window: { from: number; to: number }) => ({
  from: window.from - METER_CONTEXT_S,
  to: window.to,
});

/** A house's window of new readings to estimate uses in (see estimateWindow). */
export interface EstimateWindow {
  houseId: number;
  zone: string;
  book: TariffBook;
  window: { from: number; to: number };
  /** The blocks the batch just wrote (whole); the other blocks of the context are read. */
  written: ReadonlyMap<number, ReadingColumns>;
}

// Per house, one read of its uses from LONGEST_S before its span: the estimates, and the measured uses
// overlapping the span; then the meter's types it keeps no estimate of: those it measures (a measured use
// within MEASURED_S, or a plug) and, when it counts its appliances, those it does not count.
const HOUSES_EVENTS_SQL = prepared(
  `select w.house_id, case when e.estimated then 'estimate' else 'measured' end as what, e.appliance_type_id,
          e.start_ts, e.end_ts, e.energy_wh
     from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::bigint[],
                 string_to_array($3, ',')::bigint[]) w(house_id, lo, hi)
    cross join lateral uses_between(w.house_id, w.lo - ${LONGEST_S}, w.hi) e
     left join appliance_types t on t.id = e.appliance_type_id
    where e.estimated or (e.end_ts > w.lo and t.continuous is false)
   union all
   select w.house_id, 'type', m.id, 0, 0, 0
     from unnest(string_to_array($1, ',')::int[], string_to_array($5, ',')::bigint[],
                 string_to_array($6, ',')::bigint[]) w(house_id, wfrom, wto)
    cross join lateral (
      select e.appliance_type_id as id
        from uses_between(w.house_id, w.wfrom - ${MEASURED_S}, w.wto + ${MEASURED_S}) e
       where not e.estimated and e.appliance_type_id = any(string_to_array($4, ',')::int[])
      union
      select d.appliance_type_id from devices d
       where d.house_id = w.house_id and d.appliance_type_id = any(string_to_array($4, ',')::int[])
      union
      select k.id from unnest(string_to_array($4, ',')::int[]) k(id)
       where k.id <> $7
         and exists (select 1 from house_appliances a where a.house_id = w.house_id and a.number_of_appliances > 0)
         and not exists (select 1 from house_appliances a
                          where a.house_id = w.house_id and a.appliance_type_id = k.id and a.number_of_appliances > 0)) m`,
);

/**
 * Detects the uses of the window [from − METER_CONTEXT_S, to) and replaces the house's estimates there.
 * From METER_CONTEXT_S back, not from `from`: a batch's readings also decide uses that ended before it (a
 * kettle's fall is in the minute after it, a load's up to ~4 h later), so a meter sending each minute as it
 * ends (a device, the demo's live ticks) gets the very uses one batch of the same readings gets; from
 * `from` such a meter got none at all. `blocks` are the blocks the batch just wrote (whole); the other
 * blocks of the context are read here. Returns how many estimated uses start in the window now.
 */
export async function estimateWindow(
  tx: Queryable,
  houseId: number,
  zone: string,
  book: TariffBook,
  window: { from: number; to: number },
  written: ReadonlyMap<number, ReadingColumns>,
): Promise<number> {
  return (await estimateWindows(tx, [{ houseId, zone, book, window, written }])).get(houseId) ?? 0;
}

/**
 * estimateWindow for several houses at once (a device flush's, their locks held): the context blocks
 * they lack in one read, their stored uses in another, whatever the number of houses; then each house's
 * estimates replaced where they changed. Returns, per house, how many estimated uses start in its window.
 */
export async function estimateWindows(
  tx: Queryable,
  items: readonly EstimateWindow[],
): Promise<Map<number, number>> {
  const results = new Map<number, number>();
  if (items.length === 0) return results;
  // Read from twice the context back: the uses answered for (from METER_CONTEXT_S before the window,
  // answeredOf) need their own context before them.
  const spans = items.map(({ window }) => ({
    lo: answeredOf(window).from - METER_CONTEXT_S,
    hi: window.to + METER_CONTEXT_S,
  }));
  const wanted = new Map<number, number[]>();
  items.forEach(({ houseId, written }, i) => {
    const { lo, hi } = spans[i] as { lo: number; hi: number };
    const starts: number[] = [];
    for (let b = lo - (((lo % BLOCK_S) + BLOCK_S) % BLOCK_S); b < hi; b += BLOCK_S)
      if (!written.has(b)) starts.push(b);
    if (starts.length > 0) wanted.set(houseId, starts);
  });
  const read = wanted.size > 0 ? await readHousesContext(tx, wanted, ELECTRICITY_CODE) : new Map();
  const { rows } = await tx.query<EventRow & { house_id: number }>(HOUSES_EVENTS_SQL, [
    joined(items.map((w) => w.houseId)),
    joined(spans.map((s) => s.lo)),
    joined(spans.map((s) => s.hi)),
    joined([...TYPE_OF_KIND.values()]),
    joined(items.map((w) => w.window.from)),
    joined(items.map((w) => w.window.to)),
    ACTIVITY_TYPE,
  ]);
  const rowsOf = new Map<number, EventRow[]>();
  for (const row of rows) {
    const list = rowsOf.get(row.house_id);
    if (list === undefined) rowsOf.set(row.house_id, [row]);
    else list.push(row);
  }
  const changes: EstimateChange[] = [];
  for (const [i, item] of items.entries()) {
    const { lo, hi } = spans[i] as { lo: number; hi: number };
    const blocks = [...item.written.values(), ...(read.get(item.houseId)?.blocks.values() ?? [])];
    const detected = detectMeterUses(samplesOf(blocks, lo, hi));
    const { inWindow, change } = replacement(item, detected, rowsOf.get(item.houseId) ?? []);
    results.set(item.houseId, inWindow);
    if (change !== null) changes.push(change);
  }
  await writeEstimateChanges(tx, changes);
  return results;
}

/** A house's stored estimates to delete and its detected ones to insert. */
interface EstimateChange {
  houseId: number;
  zone: string;
  stale: { appliance_type_id: number; start_ts: number }[];
  fresh: StoredEvent[];
}

/**
 * Every house's changed estimates in a few statements whatever the number of houses (a device flush's):
 * the stale dropped and the fresh added in one merge, then the local days of both summed again.
 */
async function writeEstimateChanges(tx: Queryable, changes: readonly EstimateChange[]): Promise<void> {
  const stale = changes.flatMap((c) => c.stale.map((r) => ({ house: c.houseId, ...r })));
  const fresh = changes.flatMap((c) => c.fresh.map((f) => ({ house: c.houseId, ...f })));
  await mergeUses(tx, [
    ...stale.map((r) => ({
      mode: 'drop' as const,
      house_id: r.house,
      appliance_type_id: r.appliance_type_id,
      start_ts: r.start_ts,
      estimatedOnly: true,
    })),
    ...fresh.map((f) => ({
      mode: 'add' as const,
      house_id: f.house,
      appliance_type_id: f.appliance_type_id,
      start_ts: f.start_ts,
      end_ts: f.end_ts,
      energy_wh: f.energy_wh,
      cost: f.cost,
      estimated: true,
    })),
  ]);
  await refreshApplianceDaysOfHouses(
    tx,
    changes.map((c) => ({
      houseId: c.houseId,
      zone: c.zone,
      starts: [...c.stale.map((r) => r.start_ts), ...c.fresh.map((f) => f.start_ts)],
    })),
  );
}

/** The house's estimates of its window to replace by the uses detected (no change when the same). */
function replacement(
  { houseId, zone, book, window }: EstimateWindow,
  detected: readonly MeterUse[],
  rows: readonly EventRow[],
): { inWindow: number; change: EstimateChange | null } {
  const answered = answeredOf(window);
  const noEstimateTypes = new Set(rows.filter((r) => r.what === 'type').map((r) => r.appliance_type_id));
  const drawing = rows.filter(
    (r) =>
      r.what === 'measured' &&
      (Number(r.energy_wh) * 3600) / (Number(r.end_ts) - Number(r.start_ts)) >= MEASURED_W,
  );
  const overlaps = (a: { start: number; end: number }, s: number, e: number) => a.start < e && a.end > s;
  const kept = detected.filter(
    (u: MeterUse) =>
      // A use of no length (seen in the demo's simulated meter) cannot be stored (end > start): the
      // demo's whole simulation failed on one, and with it InfoCare's demo history.
      u.end > u.start &&
      overlaps(u, answered.from, answered.to) &&
      !noEstimateTypes.has(TYPE_OF_KIND.get(u.kind) as number) &&
      !(
        TYPE_OF_KIND.get(u.kind) === ACTIVITY_TYPE &&
        drawing.some((m) => overlaps(u, Number(m.start_ts), Number(m.end_ts)))
      ),
  );
  // The stored estimates this run answers for: those overlapping its answered span or a use it keeps.
  const spans = [answered, ...kept.map((u) => ({ from: u.start, to: u.end }))];
  const stale = rows.filter(
    (r) => r.what === 'estimate' && spans.some((s) => Number(r.start_ts) < s.to && Number(r.end_ts) > s.from),
  );
  const fresh = kept.map((u) => ({
    appliance_type_id: TYPE_OF_KIND.get(u.kind) as number,
    start_ts: u.start,
    end_ts: u.end,
    energy_wh: u.wh,
  }));
  const inWindow = fresh.filter((f) => f.start_ts >= window.from && f.start_ts < window.to).length;
  const before = new Set(
    stale.map((r) => keyOf(r.appliance_type_id, Number(r.start_ts), Number(r.end_ts), Number(r.energy_wh))),
  );
  if (
    before.size === fresh.length &&
    fresh.every((f) => before.has(keyOf(f.appliance_type_id, f.start_ts, f.end_ts, f.energy_wh)))
  )
    return { inWindow, change: null }; // the same uses as stored: nothing to write
  return {
    inWindow,
    change: {
      houseId,
      zone,
      stale: stale.map((r) => ({ appliance_type_id: r.appliance_type_id, start_ts: Number(r.start_ts) })),
      fresh: fresh.map((f) => ({ ...f, cost: eventCost(book, f.start_ts, f.end_ts, f.energy_wh) })),
    },
  };
}

/** A measured use, as estimatesBeaten weighs it against the estimates. */
type MeasuredUse = { appliance_type_id: number; start_ts: number; end_ts: number; energy_wh: number };

/**
 * Measured uses coming in win over estimates: the house's estimates of their types within MEASURED_S of
 * them, and the unrecognised activities they overlap (drawing over MEASURED_W), as drops for the caller's
 * merge (one read of each house's uses over its span, whatever the number of houses: a device flush's).
 */
export async function estimatesBeaten(
  tx: Queryable,
  usesOf: ReadonlyMap<number, readonly MeasuredUse[]>,
): Promise<UseChange[]> {
  // Per house: each type its uses have, with the span of all its uses' starts; each use drawing enough.
  const types: { house: number; type: number; lo: number; hi: number }[] = [];
  const drawing: { house: number; start: number; end: number }[] = [];
  for (const [house, uses] of usesOf) {
    if (uses.length === 0) continue;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const u of uses) {
      lo = Math.min(lo, u.start_ts);
      hi = Math.max(hi, u.start_ts);
      if ((u.energy_wh * 3600) / (u.end_ts - u.start_ts) >= MEASURED_W)
        drawing.push({ house, start: u.start_ts, end: u.end_ts });
    }
    for (const type of new Set(uses.map((u) => u.appliance_type_id))) types.push({ house, type, lo, hi });
  }
  if (types.length === 0) return [];
  // Each house's uses read once over its span, its types' estimates picked out.
  const { rows: doomed } = await tx.query<{ house_id: number; appliance_type_id: number; start_ts: number }>(
    `select e.house_id, e.appliance_type_id, e.start_ts
       from (select distinct h.house_id, h.lo, h.hi
               from unnest(string_to_array($1, ',')::int[], string_to_array($3, ',')::bigint[],
                           string_to_array($4, ',')::bigint[]) h(house_id, lo, hi)) h
      cross join lateral uses_between(h.house_id, h.lo - ${MEASURED_S}, h.hi + ${MEASURED_S}) e
       join unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::int[]) k(house_id, type_id)
         on k.house_id = e.house_id and k.type_id = e.appliance_type_id
      where e.estimated
     union
     select e.house_id, e.appliance_type_id, e.start_ts
       from unnest(string_to_array($5, ',')::int[], string_to_array($6, ',')::bigint[],
                   string_to_array($7, ',')::bigint[]) m(house_id, s, e2)
      cross join lateral uses_overlapping(m.house_id, m.s, m.e2) e
      where e.estimated and e.appliance_type_id = $8`,
    [
      joined(types.map((t) => t.house)),
      joined(types.map((t) => t.type)),
      joined(types.map((t) => t.lo)),
      joined(types.map((t) => t.hi)),
      joined(drawing.map((d) => d.house)),
      joined(drawing.map((d) => d.start)),
      joined(drawing.map((d) => d.end)),
      ACTIVITY_TYPE,
    ],
  );
  return doomed.map((d) => ({
    mode: 'drop' as const,
    house_id: d.house_id,
    appliance_type_id: d.appliance_type_id,
    start_ts: Number(d.start_ts),
    estimatedOnly: true,
  }));
}
