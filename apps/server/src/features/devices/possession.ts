import { DEVICE_KIND_TEXT, type DeviceKind } from '@homeview/contract';
import { MAX_HOUSE_W, MAX_PLUG_W } from './kinds';
import type { UnclaimedRecordRow } from './repository';

// Proof of possession (issue 34 item 3): 456 blind adds swept 256 ids and captured another person's
// publishing Glow, its readings stored into the sweeper's home. A device id is no secret (a Glow's is a MAC
// with a public maker's prefix), so a device already sending while nobody has it is added only with what a
// person holding it can read: the energy total it shows now, compared with the last counter it sent (the
// unclaimed-device record keeps it: devices/records.ts). Or with what a person holding it can do: switched
// off longer than its natural silences (DEVICE_KIND_TEXT's offMinutes), it is not sending, and is added by
// its id like a device never heard of; its first message after that is its owner's.

/** How far a typed total may be from the counter: a meter's display shows whole kWh, a plug's page more. */
export const READING_TOLERANCE_MWH: Readonly<Record<DeviceKind, number>> = {
  glow: 1_000_000,
  shelly: 100_000,
  'shelly-gen1': 100_000,
  tasmota: 100_000,
  zigbee2mqtt: 100_000,
  emon: 100_000,
};

/** A counter older than this grows by at most this long at the device's highest draw (a few of its gaps). */
export const GROWTH_S = 600;

const minutesText = (m: number) =>
  m % 60 === 0 ? `${m / 60} hour${m === 60 ? '' : 's'}` : `${m} minute${m === 1 ? '' : 's'}`;

const switchOff = (kind: DeviceKind) =>
  `switch it off (unplug it) for ${minutesText(DEVICE_KIND_TEXT[kind].offMinutes)}, add it while it is off, then switch it back on`;

/**
 * Why the device may not be added by whoever asks (the reason, for the `reading` field), or null: never
 * heard of, off long enough, or the typed total (whole mWh) matches the last counter it sent.
 */
export function possessionProblem(
  kind: DeviceKind,
  record: UnclaimedRecordRow | null,
  readingMwh: number | undefined,
  now: number,
): string | null {
  const text = DEVICE_KIND_TEXT[kind];
  if (record === null || now - record.last_seen >= text.offMinutes * 60) return null;
  if (record.counter_mwh === null || record.counter_at === null)
    return `This device is already sending, and its messages carry no energy total to check that it is yours: ${switchOff(kind)}.`;
  if (readingMwh === undefined)
    return `This device is already sending, so its id alone does not show it is yours. Type ${text.readingHint}, as it shows it now; or ${switchOff(kind)}.`;
  const maxW = text.plug && kind !== 'shelly' ? MAX_PLUG_W : MAX_HOUSE_W; // a Shelly may be a clamp meter
  const elapsed = Math.min(Math.max(0, now - record.counter_at), GROWTH_S);
  const tolerance = READING_TOLERANCE_MWH[kind];
  const lowest = record.counter_mwh - tolerance;
  const highest = record.counter_mwh + tolerance + Math.ceil((maxW * elapsed * 1000) / 3600);
  if (readingMwh >= lowest && readingMwh <= highest) return null;
  return `That is not the energy total this device is sending. Type ${text.readingHint}, as it shows it now; or ${switchOff(kind)}.`;
}
