import { energyCost, type TariffBook } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { SLOT_S } from './repository';
import { mergeUses, type UseChange } from './use-days';

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
 * Measured events as changes for mergeUses (house + type + start is the key): a new one is stored; a use
 * reported while it runs (the demo's live mode, a sensor sending as it goes) comes again longer and the
 * stored use then takes the longer end, energy and cost; a resend of the same or a shorter span changes
 * nothing.
 */
export const measuredUses = (events: readonly (StoredEvent & { house_id: number })[]): UseChange[] =>
  events.map((e) => ({ mode: 'grow', ...e, estimated: false }));

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
