// "Data arrived for house H": the ingest routes call dataArrived after their batch committed, and the
// InfoCare timer (the one listener) evaluates that house soon after, debounced, besides its every-minute
// run, so a "no data" alert clears, and activity clears an alert, within seconds. Listeners are kept per
// database object, so two apps on two databases in one process (tests) never hear each other.

type Listener = (houseId: number) => void;
const listeners = new WeakMap<object, Set<Listener>>();

export function onDataArrived(db: object, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function dataArrived(db: object, houseId: number): void {
  for (const listener of listeners.get(db) ?? []) listener(houseId);
}
