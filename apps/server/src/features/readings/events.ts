import { energyCost, type TariffBook } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { SLOT_S } from './repository';
import { mergeUses } from './use-days';

// Appliance events: storage and pricing. An event's energy is spread over the half-hours it spans in
// proportion to the time it spends in each (carry-rounded to whole Wh, so the parts add up to the event),
// and each part is priced at the import rate of its slot: a kettle is priced at its slot's rate, an
// overnight EV charge on Agile or Economy 7 at the rates it actually ran through.

export interface StoredEvent {
  appliance_type_id: number;
  start_ts: number;
  end_ts: number;
  energy_wh: number;
  cost: number;
}

/** n£ of an event's energy at the import rates of the slots it spans. */
export function eventCost(book: TariffBook, start: number, end: number, energyWh: number): number {
  const duration = end - start;
  let cost = 0;
  let elapsed = 0;
  let given = 0;
  for (let slot = start - (start % SLOT_S); slot < end; slot += SLOT_S) {
    elapsed += Math.min(end, slot + SLOT_S) - Math.max(start, slot);
    const due = Math.round((energyWh * elapsed) / duration);
    cost += energyCost(due - given, book.rateAt('import', slot));
    given = due;
  }
  return cost;
}

/**
 * Stores measured events (house + type + start is the key); returns how many were new or grew. A use
 * reported while it runs (the demo's live mode, a sensor sending as it goes) comes again longer: the stored
 * use then takes the longer end, energy and cost. A resend of the same or a shorter span changes nothing.
 */
export async function insertEvents(
  db: Queryable,
  houseId: number,
  events: readonly StoredEvent[],
): Promise<number> {
  const changed = await insertEventsOfHouses(
    db,
    events.map((e) => ({ ...e, house_id: houseId })),
  );
  return changed.get(houseId) ?? 0;
}

/** insertEvents for the uses of many houses in one write (a device flush); how many changed, by house. */
export async function insertEventsOfHouses(
  db: Queryable,
  events: readonly (StoredEvent & { house_id: number })[],
): Promise<Map<number, number>> {
  const changed = new Map<number, number>();
  const applied = await mergeUses(
    db,
    events.map((e) => ({ mode: 'grow', ...e, estimated: false })),
  );
  for (const e of applied) changed.set(e.house_id, (changed.get(e.house_id) ?? 0) + 1);
  return changed;
}

/** Events still running at or after `from` (end_ts > from) and started before `before`, for repricing. */
export async function eventsFrom(
  db: Queryable,
  houseId: number,
  from: number,
  before = Number.MAX_SAFE_INTEGER,
): Promise<StoredEvent[]> {
  const { rows } = await db.query<StoredEvent>(
    `select appliance_type_id, start_ts, end_ts, energy_wh, cost from uses_overlapping($1, $2, $3)`,
    [houseId, from, before],
  );
  return rows;
}

/** The events' new n£ (a reprice). */
export async function updateEventCosts(
  db: Queryable,
  houseId: number,
  events: readonly StoredEvent[],
): Promise<void> {
  await mergeUses(
    db,
    events.map((e) => ({
      mode: 'cost',
      house_id: houseId,
      appliance_type_id: e.appliance_type_id,
      start_ts: e.start_ts,
      cost: e.cost,
    })),
  );
}
