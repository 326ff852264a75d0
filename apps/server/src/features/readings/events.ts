import { energyCost, type TariffBook } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { INSERT_CHUNK, joined, SLOT_S } from './repository';

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
 * Inserts events (house + type + start is the key); returns how many were new or grew. A use reported
 * while it runs (the demo's live mode, a sensor sending as it goes) comes again longer: the stored row
 * then takes the longer end, energy and cost. A resend of the same or a shorter span changes nothing.
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

/** insertEvents for the uses of many houses in one statement (a device flush); how many changed, by house. */
export async function insertEventsOfHouses(
  db: Queryable,
  events: readonly (StoredEvent & { house_id: number })[],
): Promise<Map<number, number>> {
  const changed = new Map<number, number>();
  for (let at = 0; at < events.length; at += INSERT_CHUNK) {
    const part = events.slice(at, at + INSERT_CHUNK);
    const result = await db.query<{ house_id: number; n: number }>(
      `with changed as (
         insert into appliance_events (house_id, appliance_type_id, start_ts, end_ts, energy_wh, cost)
         select * from unnest(string_to_array($1, ',')::int[], string_to_array($2, ',')::int[],
           string_to_array($3, ',')::bigint[], string_to_array($4, ',')::bigint[],
           string_to_array($5, ',')::int[], string_to_array($6, ',')::bigint[])
         on conflict (house_id, appliance_type_id, start_ts) do update
           set end_ts = excluded.end_ts, energy_wh = excluded.energy_wh, cost = excluded.cost
           where excluded.end_ts > appliance_events.end_ts
         returning house_id)
       select house_id, count(*)::int as n from changed group by house_id`,
      [
        joined(part.map((e) => e.house_id)),
        joined(part.map((e) => e.appliance_type_id)),
        joined(part.map((e) => e.start_ts)),
        joined(part.map((e) => e.end_ts)),
        joined(part.map((e) => e.energy_wh)),
        joined(part.map((e) => e.cost)),
      ],
    );
    for (const row of result.rows) changed.set(row.house_id, (changed.get(row.house_id) ?? 0) + row.n);
  }
  return changed;
}

/** Events still running at or after `from` (end_ts > from), for repricing. */
export async function eventsFrom(
  db: Queryable,
  houseId: number,
  from: number,
  before = Number.MAX_SAFE_INTEGER,
): Promise<StoredEvent[]> {
  const { rows } = await db.query<StoredEvent>(
    `select appliance_type_id, start_ts, end_ts, energy_wh, cost from appliance_events
     where house_id = $1 and end_ts > $2 and start_ts < $3`,
    [houseId, from, before],
  );
  return rows;
}

export async function updateEventCosts(
  db: Queryable,
  houseId: number,
  events: readonly StoredEvent[],
): Promise<void> {
  for (let at = 0; at < events.length; at += INSERT_CHUNK) {
    const part = events.slice(at, at + INSERT_CHUNK);
    await db.query(
      `update appliance_events e set cost = u.cost
       from unnest(string_to_array($2, ',')::int[], string_to_array($3, ',')::bigint[],
                   string_to_array($4, ',')::bigint[]) u(type_id, start_ts, cost)
       where e.house_id = $1 and e.appliance_type_id = u.type_id and e.start_ts = u.start_ts`,
      [
        houseId,
        joined(part.map((e) => e.appliance_type_id)),
        joined(part.map((e) => e.start_ts)),
        joined(part.map((e) => e.cost)),
      ],
    );
  }
}
