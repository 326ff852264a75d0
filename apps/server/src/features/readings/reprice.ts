import {
  addDays,
  localDate,
  priceSlot,
  type SlotRollup,
  startOfLocalDate,
  type TariffBook,
} from '@homeview/domain';
import type { Db, Queryable } from '../../db/types';
import { turnOfTheLoop } from '../../http/in-flight';
import { ELECTRICITY, type Fuel, FUEL_CODES_SQL as FUEL_CODES, fuelCode } from '../../shared/fuel';
import { houseTariffs } from '../../shared/tariff-book';
import { refreshApplianceDaysOfStarts } from './appliance-days';
import { datesFrom, refreshDays } from './daily';
import { eventCost, eventsFrom, type StoredEvent, updateEventCosts } from './events';
import { lockHouse } from '../../shared/house';
import { rollupsFrom, SLOT_S, updateRollupMoney } from './repository';

// Repricing in parts. A tariff written from 2000-01-01 on a house with 3.6 M readings repriced ~120,000
// half-hours and 2,500 days in one transaction: on PGlite (one connection) that held every request, and
// /healthz, ~3 s; on PostgreSQL it held the house's write lock (its ingest) as long. Now the write stores
// "money from T on is still to be repriced" (`reprice_pending`) with the version and reprices the first
// PART_DAYS local days holding money from T in that same transaction (so a tariff changed from today
// lands whole, as before); each later part is a transaction of its own, under the house's write
// lock, that advances the mark, with a pause between two (requests go first). Every part keeps the
// rollups exact: its half-hours, their days and those days' months are summed again together; what a
// reader can see while a long repricing runs is earlier days at the new tariff and later ones still at
// the old. A process stopped in between leaves the mark, and the next start finishes it (resumeReprices,
// main.ts). Each fuel is repriced with its own tariff (FUELS_PRICED): a part reprices the house's
// electricity (and its appliance uses) and its gas over the same days; unchanged rows are not written.

export interface RepriceResult {
  /** Half-hours and events whose money changed, and local days summed again. */
  rollups: number;
  days: number;
  events: number;
}

const END = Number.MAX_SAFE_INTEGER;

/** Marks the house's money from `fromTs` on as to be repriced (from the earlier mark if one is pending). */
export async function markReprice(tx: Queryable, houseId: number, fromTs: number): Promise<void> {
  await tx.query(
    `insert into reprice_pending (house_id, from_ts) values ($1, $2)
     on conflict (house_id) do update set from_ts = least(reprice_pending.from_ts, excluded.from_ts)`,
    [houseId, fromTs],
  );
}

/**
 * Local days per part: 240 half-hours. /healthz waits for one part at most: with a month per part it
 * waited ~200 ms at load 15 on this 2-core machine, with ten days p99 225-276 ms, max 347-562 at load 12
 * (bench hardening, bench/NOTES.md).
 */
export const PART_DAYS = 5;

/** First instant of the local day PART_DAYS after the one holding `ts`. */
function partEnd(ts: number, zone: string): number {
  return startOfLocalDate(addDays(localDate(ts, zone), PART_DAYS), zone);
}

/**
 * One part of the house's pending repricing, in the caller's transaction: from the mark to PART_DAYS local
 * days after the first half-hour or use at or after it (the rest of time when there is none, so
 * a use running across the mark is never left out), then the mark moves on, or goes with the last part.
 * `done` is false while a mark is left; null when nothing was pending.
 */
export async function repriceNextPart(
  tx: Queryable,
  houseId: number,
): Promise<(RepriceResult & { done: boolean }) | null> {
  await lockHouse(tx, houseId);
  const { rows } = await tx.query<{ from_ts: number; next: number | null }>(
    `select p.from_ts, least(
        -- A stored UTC day has a half-hour (0035), so the first at or after the mark is in a fuel's first
        -- two days from the mark's.
        (select min(r.slot_start) from unnest(array[${FUEL_CODES}]::int[]) f(fuel)
           cross join lateral (select b.day_start from rollup_days b
                                where b.house_id = $1 and b.fuel = f.fuel and b.day_start > p.from_ts - 86400
                                order by b.day_start limit 2) b
           cross join lateral half_hours($1, f.fuel, p.from_ts - p.from_ts % ${SLOT_S}, b.day_start + 86400) r),
        -- A stored day of uses has a use (0038): the first at or after the mark is in the first two too.
        (select min(u.start_ts)
           from (select d.day_start from use_days d where d.house_id = $1 and d.day_start > p.from_ts - 86400
                  order by d.day_start limit 2) d
          cross join lateral uses_between($1, p.from_ts, d.day_start + 86400) u)) as next
       from reprice_pending p where p.house_id = $1`,
    [houseId],
  );
  const mark = rows[0];
  if (mark === undefined) return null;
  const house = await houseTariffs(tx, houseId);
  if (house === null) return null; // the house is gone, and its mark with it (on delete cascade)
  const before = mark.next === null ? END : partEnd(Math.max(mark.next, mark.from_ts), house.zone);
  const result = await repriceWithBook(tx, houseId, house.book, mark.from_ts, before);
  // Gas: its own book (its versions, else the gas cap), its half-hours and days only.
  const gas = await houseTariffs(tx, houseId, 'gas');
  if (gas !== null) {
    const priced = await repriceFuel(tx, houseId, gas.book, mark.from_ts, before, 'gas');
    result.rollups += priced.rollups;
    result.days += priced.days;
  }
  if (before === END) await tx.query('delete from reprice_pending where house_id = $1', [houseId]);
  else await tx.query('update reprice_pending set from_ts = $2 where house_id = $1', [houseId, before]);
  return { ...result, done: before === END };
}

/**
 * Runs the house's pending repricing to its end, a part per transaction, waiting for `pause` before each
 * (default: one turn of the event loop; a request passes InFlight's wait for the other requests).
 */
export async function finishReprice(
  db: Db,
  houseId: number,
  pause: () => Promise<void> = turnOfTheLoop,
): Promise<RepriceResult> {
  const total: RepriceResult = { rollups: 0, days: 0, events: 0 };
  for (;;) {
    await pause();
    const part = await db.transaction((tx) => repriceNextPart(tx, houseId));
    if (part === null) return total;
    total.rollups += part.rollups;
    total.days += part.days;
    total.events += part.events;
    if (part.done) return total;
  }
}

/** Finishes every repricing a stopped process left (at start); returns the houses repriced. */
export async function resumeReprices(db: Db, pause?: () => Promise<void>): Promise<number> {
  const { rows } = await db.query<{ house_id: number }>(
    'select house_id from reprice_pending order by house_id',
  );
  for (const { house_id } of rows) await finishReprice(db, house_id, pause);
  return rows.length;
}

/**
 * Recomputes the money of the house's rollups (slots from the one holding `fromTs` to `beforeTs`, and the
 * daily rollups from its local date to beforeTs's) and appliance events (those running at some time in
 * between) with `book`, whose zone is the house's. Energy is untouched; only changed rows are written.
 * Run holding the house's write lock, in a transaction: a part of a pending repricing, or default-sync.ts
 * (another default series).
 */
export async function repriceWithBook(
  tx: Queryable,
  houseId: number,
  book: TariffBook,
  fromTs: number,
  beforeTs = END,
): Promise<RepriceResult> {
  const { rollups, days } = await repriceFuel(tx, houseId, book, fromTs, beforeTs, ELECTRICITY);
  const events = await repriceEvents(tx, houseId, book, fromTs, beforeTs);
  return { rollups, days, events };
}

/** One fuel's half-hours and days of repriceWithBook, with that fuel's book. */
async function repriceFuel(
  tx: Queryable,
  houseId: number,
  book: TariffBook,
  fromTs: number,
  beforeTs: number,
  fuel: Fuel,
): Promise<{ rollups: number; days: number }> {
  const code = fuelCode(fuel);
  const changedSlots: SlotRollup[] = [];
  for (const row of await rollupsFrom(tx, houseId, fromTs - (fromTs % SLOT_S), beforeTs, code)) {
    const priced = priceSlot(book, row);
    if (
      priced.import_cost !== row.import_cost ||
      priced.export_income !== row.export_income ||
      priced.generation_income !== row.generation_income
    )
      changedSlots.push(priced);
  }
  await updateRollupMoney(tx, houseId, changedSlots, code);
  // Days: their half-hours' money and their standing charge may both have changed. A part ends at a local
  // midnight, so its days are whole.
  const fromDate = localDate(fromTs, book.zone);
  const days = await datesFrom(
    tx,
    houseId,
    fromDate,
    beforeTs === END ? undefined : localDate(beforeTs, book.zone),
    code,
  );
  await refreshDays(tx, houseId, book, days, code);
  return { rollups: changedSlots.length, days: days.length };
}

/** The appliance uses' part of repriceWithBook (electricity: they are priced at its import rate). */
async function repriceEvents(
  tx: Queryable,
  houseId: number,
  book: TariffBook,
  fromTs: number,
  beforeTs: number,
): Promise<number> {
  const changedEvents: StoredEvent[] = [];
  for (const e of await eventsFrom(tx, houseId, fromTs, beforeTs)) {
    const cost = eventCost(book, e.start_ts, e.end_ts, e.energy_wh);
    if (cost !== e.cost) changedEvents.push({ ...e, cost });
  }
  await updateEventCosts(tx, houseId, changedEvents);
  await refreshApplianceDaysOfStarts(
    tx,
    houseId,
    book.zone,
    changedEvents.map((e) => e.start_ts),
  );
  return changedEvents.length;
}
