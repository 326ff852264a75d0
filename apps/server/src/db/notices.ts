// Notices between the writers and the listeners of one database ("data arrived for house H", "the devices
// changed"), for both engines in one place, so a channel's module only names its channel and payload:
// - PostgreSQL (other processes write too: the import CLI, other servers): the write sends NOTIFY, in its
//   own transaction when it has one (`noticeFor`: delivered at commit, never on rollback), and per
//   database (a view of it counts as it: databaseOf) and channel one LISTEN connection of its own
//   (Db.listen: reconnecting 1–30 s after a drop) is shared by every listener in the process, opened with
//   the first and closed with the last. The writing process hears its own notice that way too: one path.
// - PGlite (one process owns the database): listeners are told in the process (`told`, once the write
//   committed).
import { type Db, databaseOf, type Listening, type Queryable } from './types';

type Listener = (payload: string) => void;

interface Channel {
  listeners: Set<Listener>;
  listening: Promise<Listening>;
}

const byDatabase = new WeakMap<object, Map<string, Channel>>();
/** PGlite's listeners, per database and channel. */
const inProcess = new WeakMap<object, Map<string, Set<Listener>>>();

/** True when `db` (or the database it is a view of) is PostgreSQL, where other processes may write. */
export const onPostgres = (db: object): boolean => (databaseOf(db) as Partial<Db>).kind === 'postgres';

/** Hears `channel`'s notices (every process's on PostgreSQL, this one's on PGlite); returns the unsubscribe. */
export function listenTo(db: Db, channel: string, listener: Listener): () => void {
  const base = databaseOf(db) as Db;
  if (!onPostgres(db)) {
    let channels = inProcess.get(base);
    if (!channels) {
      channels = new Map();
      inProcess.set(base, channels);
    }
    let set = channels.get(channel);
    if (!set) {
      set = new Set();
      channels.set(channel, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
  if (base.listen === undefined) return () => undefined;
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

/**
 * On PostgreSQL, the statement a write's transaction runs to tell every listening process (delivered at
 * its commit); on PGlite none: call `told` once the write committed.
 */
export function noticeFor(db: object, channel: string, payload: string): string | undefined {
  const sql = noticeSql(channel, payload); // checked on both engines alike
  return onPostgres(db) ? sql : undefined;
}

/** After a write committed: tells this process's listeners on PGlite (PostgreSQL's NOTIFY already did). */
export function told(db: object, channel: string, payload: string): void {
  if (onPostgres(db)) return;
  for (const listener of inProcess.get(databaseOf(db))?.get(channel) ?? []) listener(payload);
}

/** A notice outside any write's transaction: NOTIFY on PostgreSQL, this process's listeners on PGlite. */
export async function notify(db: Db | Queryable, channel: string, payload: string): Promise<void> {
  const sql = noticeFor(db, channel, payload);
  if (sql === undefined) told(db, channel, payload);
  else await db.query(sql);
}
