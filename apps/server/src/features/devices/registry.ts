import type { Queryable } from '../../db/types';
import { devicesChanged } from './changes';
import {
  addDevice,
  deviceCounters,
  type NewDevice,
  removeDevice,
  type StoredSample,
} from './devices-repository';

// The registered devices as features use them (the Devices screens): register and remove with the same
// validation as the admin CLI, and the running consumer told at once (changes.ts). The SQL stays in
// repository.ts; features reach it only through here.

export {
  applianceByName,
  applianceKeyOf,
  DeviceError,
  type DeviceRow,
  listDevices,
} from './devices-repository';

/** Registers a device; throws DeviceError (unknown kind or appliance, bad or taken id) for what a person can fix. */
export async function registerDevice(db: Queryable, device: NewDevice, now: number): Promise<number> {
  const id = await addDevice(db, device, now);
  await devicesChanged(db);
  return id;
}

/** Removes a house's device (its readings and uses stay); false when the house has no such device. */
export async function unregisterDevice(db: Queryable, houseId: number, id: number): Promise<boolean> {
  const removed = await removeDevice(db, houseId, id);
  if (removed) await devicesChanged(db);
  return removed;
}

/**
 * A device that should exist for a house (a simulated one: the demo home's Glow and kettle plug):
 * registered if it is not, and the last samples of its counters (null for a new one), so a publisher
 * picks up its registers where the consumer left them.
 */
export async function ensureDevice(
  db: Queryable,
  device: { houseId: number; kind: 'glow' | 'shelly'; deviceId: string; appliance?: string },
  now: number,
): Promise<{ import: StoredSample | null; export: StoredSample | null }> {
  const stored = await deviceCounters(db, device.kind, device.deviceId);
  if (stored !== null) return { import: stored.import, export: stored.export };
  await registerDevice(db, device, now);
  return { import: null, export: null };
}
