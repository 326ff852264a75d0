// A short cache of one read that every asker shares (the other homes' side of a comparison): per
// database, per key and per window of `ttlS` seconds of the clock, so a value is at most `ttlS` seconds
// old. The reads it keeps never include the asker's own figures, which callers read fresh. Entries of
// earlier windows are dropped when a new window starts, a failed read is not kept, and at most
// `maxKeys` keys are held per database (the oldest goes first).

import { databaseOf } from './types';

export interface MinuteCache<T> {
  get(db: object, key: string, now: number, read: () => Promise<T>): Promise<T>;
}

export function minuteCache<T>(ttlS: number, maxKeys = 64): MinuteCache<T> {
  const perDb = new WeakMap<object, { window: number; entries: Map<string, Promise<T>> }>();
  return {
    get(db, key, now, read) {
      const window = Math.floor(now / ttlS);
      const dbKey = databaseOf(db);
      let cache = perDb.get(dbKey);
      if (cache === undefined || cache.window !== window) {
        cache = { window, entries: new Map() };
        perDb.set(dbKey, cache);
      }
      const { entries } = cache;
      const kept = entries.get(key);
      if (kept !== undefined) return kept;
      const made = read();
      made.catch(() => {
        if (entries.get(key) === made) entries.delete(key);
      });
      entries.set(key, made);
      if (entries.size > maxKeys) entries.delete(entries.keys().next().value as string);
      return made;
    },
  };
}
