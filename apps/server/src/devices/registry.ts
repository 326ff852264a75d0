import type { Queryable } from '../db/types';
import { devicesChanged } from './changes';
import { addDevice, type NewDevice, removeDevice } from './repository';

// The registered devices as features use them (the Devices screens): register and remove with the same
// validation as the admin CLI, and the running consumer told at once (changes.ts). The SQL stays in
// repository.ts; features reach it only through here.

export { applianceByName, applianceKeyOf, DeviceError, type DeviceRow, listDevices } from './repository';

/** Registers a device; throws DeviceError (unknown kind or appliance, bad or taken id) for what a person can fix. */
export async function registerDevice(db: Queryable, device: NewDevice, now: number): Promise<number> {
  const id = await addDevice(db, device, now);
  devicesChanged(db);
  return id;
}

/** Removes a house's device (its readings and uses stay); false when the house has no such device. */
export async function unregisterDevice(db: Queryable, houseId: number, id: number): Promise<boolean> {
  const removed = await removeDevice(db, houseId, id);
  if (removed) devicesChanged(db);
  return removed;
}
