// "Data arrived for house H": the one way in (receive.ts) says so for every write, and the InfoCare timer
// (the one listener) evaluates that house soon after, debounced, besides its every-minute run, so a
// "no data" alert clears, and activity clears an alert, within seconds.
// - PGlite (one process owns the database): told in the process, once the write has committed.
// - PostgreSQL (other processes write too: the import CLI, other servers): the write's own transaction
//   sends NOTIFY (`arrivalNotice`, delivered when it commits, never when it rolls back), and every process
//   with a listener hears it over a LISTEN connection of its own (Db.listen), the writing process included,
//   so there is one path. While that connection is down (reconnecting) notices are missed: the
//   every-minute run judges those houses as it did before.
// Listeners are kept per database (a view of it counts as it: databaseOf), so two apps on two databases in
// one process (tests) never hear each other; NOTIFY is per PostgreSQL database too.
import { type Db, databaseOf, type Listening } from '../../db/types';
import { literalInt } from './repository';

type Listener = (houseId: number) => void;

/** The NOTIFY channel; the payload is the house id. */
export const ARRIVALS_CHANNEL = 'homeview_data_arrived';

interface Listeners {
  set: Set<Listener>;
  /** PostgreSQL: the LISTEN connection, while some listener is subscribed. */
  listening?: Promise<Listening>;
}

const byDatabase = new WeakMap<object, Listeners>();

const onPostgres = (db: object): boolean => (databaseOf(db) as Partial<Db>).kind === 'postgres';

/** On PostgreSQL, the statement a write's transaction runs to tell every listening process; else none. */
export function arrivalNotice(db: Db, houseId: number): string | undefined {
  return onPostgres(db) ? `select pg_notify('${ARRIVALS_CHANNEL}', ${literalInt(houseId)}::text)` : undefined;
}

export function onDataArrived(db: Db, listener: Listener): () => void {
  const key = databaseOf(db);
  let entry = byDatabase.get(key);
  if (!entry) {
    entry = { set: new Set() };
    byDatabase.set(key, entry);
  }
  const { set } = entry;
  set.add(listener);
  if (onPostgres(db) && entry.listening === undefined && db.listen) {
    const heard = (payload: string) => {
      const houseId = Number(payload);
      if (!Number.isSafeInteger(houseId)) return;
      for (const each of set) each(houseId);
    };
    // A failed first LISTEN leaves the every-minute run to judge arrivals (and `arrivalsHeard` says so).
    entry.listening = db.listen(ARRIVALS_CHANNEL, heard);
    entry.listening.catch(() => undefined);
  }
  return () => {
    set.delete(listener);
    if (set.size > 0 || entry.listening === undefined) return;
    const listening = entry.listening;
    delete entry.listening;
    void listening.then((l) => l.close()).catch(() => undefined);
  };
}

/** Resolves once the listeners of `db` hear other processes (PostgreSQL's LISTEN is in place). */
export async function arrivalsHeard(db: Db): Promise<void> {
  await byDatabase.get(databaseOf(db))?.listening;
}

/** After a write committed: tells this process's listeners (PGlite; PostgreSQL's NOTIFY already did). */
export function dataArrived(db: Db, houseId: number): void {
  if (onPostgres(db)) return;
  for (const listener of byDatabase.get(databaseOf(db))?.set ?? []) listener(houseId);
}
