// "The registered devices changed" (a device added, claimed or removed on the Devices screens): the running
// consumer reads them again at once instead of at its next periodic reload, so a device's first messages
// are stored rather than counted as unclaimed. On PGlite it is heard in the process that wrote; on
// PostgreSQL through NOTIFY (db/notices.ts), so the server reading the devices hears a change made through
// any other server (several servers: ARCHITECTURE.md). The admin CLI, another process, is picked up by
// the periodic reload. Listeners are kept per database, as arrivals.ts does.
import { listenTo, notify } from '../../db/notices';
import type { Db, Queryable } from '../../db/types';

export const DEVICES_CHANNEL = 'homeview_devices_changed';

export function onDevicesChanged(db: Db, listener: () => void): () => void {
  return listenTo(db, DEVICES_CHANNEL, () => listener());
}

/** Once the change is written: PGlite's listeners told here, PostgreSQL's listening processes by NOTIFY. */
export function devicesChanged(db: Db | Queryable): Promise<void> {
  return notify(db, DEVICES_CHANNEL, '');
}
