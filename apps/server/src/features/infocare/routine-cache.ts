import type { Routine } from '@homeview/domain';
import { databaseOf } from '../../db/types';

// Learned routines memoised per process (engine.ts): a home's routine of a local day is learned once, from
// the days before it, and kept with a fingerprint of that history; a run learns again when it differs.

export interface CachedRoutine {
  fingerprint: string;
  routine: Routine | undefined;
  /** Whether the home had ever sent readings when it was learned. */
  withReadings?: boolean;
  /** The appliances the home measured in the days the routine was learned from (domain measuredKeys). */
  measured?: ReadonlySet<string>;
}

/** Learned routines by house and local day (a few days per house: today, and a catch-up's day). */
export class RoutineCache {
  private readonly byHouse = new Map<number, Map<string, CachedRoutine>>();
  learned = 0;

  get(houseId: number, day: string): CachedRoutine | undefined {
    return this.byHouse.get(houseId)?.get(day);
  }

  set(houseId: number, day: string, entry: CachedRoutine): void {
    let days = this.byHouse.get(houseId);
    if (!days) {
      days = new Map();
      this.byHouse.set(houseId, days);
    }
    days.set(day, entry);
    if (days.size > 3) days.delete([...days.keys()].sort()[0] as string);
  }
}

const shared = new WeakMap<object, RoutineCache>();
/** The process's routine cache for a database (the job's runs and the screens share it). */
export function routineCacheOf(db: object): RoutineCache {
  const key = databaseOf(db);
  let cache = shared.get(key);
  if (!cache) {
    cache = new RoutineCache();
    shared.set(key, cache);
  }
  return cache;
}
