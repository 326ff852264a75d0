import { type DeviceKind, KIND_INFO } from '../features/devices/kinds';

/**
 * Devices shared out over servers (issue 26): a device belongs to one of MQTT_PARTITIONS partitions, and
 * each partition is read by one server at a time (devices/share.ts decides which), as the MQTT session
 * `<MQTT_CLIENT_ID>-p<p>` subscribed to the exact topics of that partition's registered devices. So a
 * device's messages all reach the one process that normalises its counters, and a partition nobody holds
 * has its messages queued by the broker for the next holder.
 *
 * The partition is FNV-1a (32-bit) of `<kind>/<device id>` (UTF-8) mod the partition count: stable across
 * processes, versions and machines (never JavaScript's own hashing), so every server agrees on it.
 */
export function partitionOf(kind: DeviceKind, deviceId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(`${kind}/${deviceId}`, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}

/**
 * The exact topics of one device: each of its kind's filters with the device-id level (the filter's first
 * `+`) filled in; the other levels keep their `+` (a Shelly's `<id>/status/+`, a Gen1 relay's channel).
 * Device ids never hold `/`, `+` or `#` (the registry refuses them: deviceIdProblem).
 */
export function deviceTopics(kind: DeviceKind, deviceId: string, prefix = ''): string[] {
  return KIND_INFO[kind].filters.map((filter) => `${prefix}${filter.replace('+', () => deviceId)}`);
}

/** 0, 1, … count - 1. */
export const allPartitions = (count: number): number[] => Array.from({ length: count }, (_, p) => p);
