import { localDate, priceSlot, type SlotRollup, type TariffBook } from '@homeview/domain';
import { type Db, inTransaction, type Queryable } from '../../db/types';
import { houseTariffs } from '../../shared/tariff-book';
import { refreshApplianceDaysOfStarts } from './appliance-days';
import { datesFrom, refreshDays } from './daily';
import { eventCost, eventsFrom, type StoredEvent, updateEventCosts } from './events';
import { lockHouse } from '../../shared/house';
import { rollupsFrom, SLOT_S, updateRollupMoney } from './repository';

export interface RepriceResult {
  /** Half-hours and events whose money changed, and local days summed again. */
  rollups: number;
  days: number;
  events: number;
}

/**
 * Recomputes the money of the house's rollups (slots from the one holding `fromTs`, and the daily rollups
 * from its local date) and appliance events
 * (those still running at `fromTs` or later) with its current tariffs: after a tariff version is written
 * with a past start date, or prices are imported. Energy is untouched; only changed rows are written.
 * Given a `Db` it opens its own transaction; given a `Queryable` it runs inside the caller's.
 */
export function repriceHouse(db: Db | Queryable, houseId: number, fromTs: number): Promise<RepriceResult> {
  return inTransaction(db, async (tx) => {
    await lockHouse(tx, houseId);
    const house = await houseTariffs(tx, houseId);
    if (house === null) return { rollups: 0, days: 0, events: 0 };
    return repriceWithBook(tx, houseId, house.book, fromTs);
  });
}

/**
 * repriceHouse's work with a book the caller has read (its zone is the house's): for a caller that needs
 * the tariffs itself, or prices with another default series (default-sync.ts). Run holding the house's
 * write lock, in a transaction.
 */
export async function repriceWithBook(
  tx: Queryable,
  houseId: number,
  book: TariffBook,
  fromTs: number,
): Promise<RepriceResult> {
  const changedSlots: SlotRollup[] = [];
  for (const row of await rollupsFrom(tx, houseId, fromTs - (fromTs % SLOT_S))) {
    const priced = priceSlot(book, row);
    if (
      priced.import_cost !== row.import_cost ||
      priced.export_income !== row.export_income ||
      priced.generation_income !== row.generation_income
    )
      changedSlots.push(priced);
  }
  await updateRollupMoney(tx, houseId, changedSlots);
  // Days: their half-hours' money and their standing charge may both have changed.
  const days = await datesFrom(tx, houseId, localDate(fromTs, book.zone));
  await refreshDays(tx, houseId, book, days);

  const changedEvents: StoredEvent[] = [];
  for (const e of await eventsFrom(tx, houseId, fromTs)) {
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
  return { rollups: changedSlots.length, days: days.length, events: changedEvents.length };
}
