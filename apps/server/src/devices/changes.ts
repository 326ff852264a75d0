// "The registered devices changed" (a device added, claimed or removed on the Devices screens): the running
// consumer reads them again at once instead of at its next periodic reload, so a device's first messages
// are stored rather than counted as unclaimed. Heard in the process that wrote (the admin CLI, another
// process, is picked up by that reload). Listeners are kept per database, as arrivals.ts does.
import { databaseOf } from '../db/types';

type Listener = () => void;
const listeners = new WeakMap<object, Set<Listener>>();

export function onDevicesChanged(db: object, listener: Listener): () => void {
  const key = databaseOf(db);
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

export function devicesChanged(db: object): void {
  for (const listener of listeners.get(databaseOf(db)) ?? []) listener();
}
