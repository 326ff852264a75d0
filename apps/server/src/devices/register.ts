import type { Queryable } from '../db/types';
import { addDevice, deviceCounters, type StoredSample } from './repository';

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
  await addDevice(db, device, now);
  return { import: null, export: null };
}
