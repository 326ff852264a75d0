// "Data arrived for house H": the one way in (receive.ts) calls dataArrived after a write committed, and the
// InfoCare timer (the one listener) evaluates that house soon after, debounced, besides its every-minute
// run, so a "no data" alert clears, and activity clears an alert, within seconds. Listeners are kept per
// database (a view of it counts as it: databaseOf), so two apps on two databases in one process (tests)
// never hear each other.
import { databaseOf } from '../../db/types';

type Listener = (houseId: number) => void;
const listeners = new WeakMap<object, Set<Listener>>();

export function onDataArrived(db: object, listener: Listener): () => void {
  const key = databaseOf(db);
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function dataArrived(db: object, houseId: number): void {
  for (const listener of listeners.get(databaseOf(db)) ?? []) listener(houseId);
}
