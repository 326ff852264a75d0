// "Data arrived for house H": the one way in (receive.ts) says so for every write, and the InfoCare timer
// (the one listener) evaluates that house soon after, debounced, besides its every-minute run, so a
// "no data" alert clears, and activity clears an alert, within seconds.
// - PGlite (one process owns the database): told in the process, once the write has committed.
// - PostgreSQL (other processes write too: the import CLI, other servers): the write's own transaction
//   sends NOTIFY (`arrivalNotice`, delivered when it commits, never when it rolls back), and every process
//   with a listener hears it over a LISTEN connection of its own (db/notices.ts), the writing process
//   included, so there is one path. While that connection is down (reconnecting) notices are missed: the
//   every-minute run judges those houses as it did before.
// Listeners are kept per database (a view of it counts as it: databaseOf), so two apps on two databases in
// one process (tests) never hear each other; NOTIFY is per PostgreSQL database too.
import { heard, listenTo, noticeFor, told } from '../../db/notices';
import type { DayArrival } from '@homeview/domain';
import { type Db, prepared, type Queryable } from '../../db/types';

type Listener = (houseId: number) => void;

/** The NOTIFY channel; the payload is the house id. */
export const ARRIVALS_CHANNEL = 'homeview_data_arrived';

/** On PostgreSQL, the statement a write's transaction runs to tell every listening process; else none. */
export function arrivalNotice(db: Db, houseId: number): string | undefined {
  if (!Number.isSafeInteger(houseId)) throw new TypeError(`${houseId} is not a house id`);
  return noticeFor(db, ARRIVALS_CHANNEL, String(houseId));
}

export function onDataArrived(db: Db, listener: Listener): () => void {
  return listenTo(db, ARRIVALS_CHANNEL, (payload) => {
    const houseId = Number(payload);
    if (Number.isSafeInteger(houseId)) listener(houseId);
  });
}

/** Resolves once the listeners of `db` hear other processes (PostgreSQL's LISTEN is in place). */
export function arrivalsHeard(db: Db): Promise<void> {
  return heard(db, ARRIVALS_CHANNEL);
}

/** After a write committed: tells this process's listeners (PGlite; PostgreSQL's NOTIFY already did). */
export function dataArrived(db: Db, houseId: number): void {
  told(db, ARRIVALS_CHANNEL, String(houseId));
}

// When a day became complete (issue 36, migration 0032): the same arrival, kept. The one write path
// records it in its write statement (batch-write.ts `writeBatches`, electricity only): a day whose last missing
// half-hour a write stored is recorded at the write's `now`, once (a later replace keeps the first).
// InfoCare learns from these when a home's half-hours usually arrive (domain infocare/publication.ts).

/** The days of these houses that became complete from `fromDay` on, before `now`, by house. */
export async function completeDaysOf(
  db: Queryable,
  houseIds: readonly number[],
  fromDay: string,
  now: number,
): Promise<Map<number, DayArrival[]>> {
  const out = new Map<number, DayArrival[]>();
  if (houseIds.length === 0) return out;
  const { rows } = await db.query<{ house_id: number; day: string; complete_at: number }>(
    prepared(`select house_id, to_char(day, 'YYYY-MM-DD') as day, complete_at::float8 as complete_at
       from day_arrivals where house_id = any(string_to_array($1, ',')::int[]) and day >= $2::date
        and complete_at < $3 order by house_id, day`),
    [houseIds.join(','), fromDay, now],
  );
  for (const r of rows) {
    const list = out.get(r.house_id) ?? [];
    list.push({ day: r.day, completeAt: Number(r.complete_at) });
    out.set(r.house_id, list);
  }
  return out;
}
