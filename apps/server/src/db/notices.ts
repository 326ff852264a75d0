// PostgreSQL's NOTIFY/LISTEN as the server uses it to hear other processes writing to the same database
// (the import CLI, other servers): per database (a view of it counts as it: databaseOf) and channel, one
// LISTEN connection of its own (Db.listen: reconnecting 1–30 s after a drop) shared by every listener in
// the process, opened with the first and closed with the last. PGlite has one process and no listening:
// its callers tell their listeners in the process instead (arrivals.ts, devices/changes.ts).
import { type Db, databaseOf, type Listening } from './types';

type Listener = (payload: string) => void;

interface Channel {
  listeners: Set<Listener>;
  listening: Promise<Listening>;
}

const byDatabase = new WeakMap<object, Map<string, Channel>>();

/** True when `db` (or the database it is a view of) is PostgreSQL, where other processes may write. */
export const onPostgres = (db: object): boolean => (databaseOf(db) as Partial<Db>).kind === 'postgres';

/** Hears `channel`'s notices on PostgreSQL; returns the unsubscribe. Nothing on PGlite. */
export function listenTo(db: Db, channel: string, listener: Listener): () => void {
  const base = databaseOf(db) as Db;
  if (!onPostgres(db) || base.listen === undefined) return () => undefined;
  let channels = byDatabase.get(base);
  if (!channels) {
    channels = new Map();
    byDatabase.set(base, channels);
  }
  let entry = channels.get(channel);
  if (!entry) {
    const listeners = new Set<Listener>();
    const listening = base.listen(channel, (payload) => {
      for (const each of listeners) each(payload);
    });
    entry = { listeners, listening };
    channels.set(channel, entry);
    // A failed first LISTEN: `heard` says so (callers fall back to their periodic work), and the next
    // listener of the channel tries again.
    const failed = entry;
    listening.catch(() => {
      if (channels.get(channel) === failed) channels.delete(channel);
    });
  }
  const { listeners } = entry;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || channels.get(channel) !== entry) return;
    channels.delete(channel);
    void entry.listening.then((l) => l.close()).catch(() => undefined);
  };
}

/** Resolves once `channel` is listened to on `db` (at once when nothing listens, or on PGlite). */
export async function heard(db: Db, channel: string): Promise<void> {
  await byDatabase.get(databaseOf(db))?.get(channel)?.listening;
}

/** A statement of literals that notifies `channel` with `payload` (code-built text, never input). */
export function noticeSql(channel: string, payload: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel) || !/^[A-Za-z0-9_:.-]*$/.test(payload))
    throw new TypeError('notices carry plain names and numbers only');
  return `select pg_notify('${channel}', '${payload}')`;
}
