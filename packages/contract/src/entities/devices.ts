import { z } from 'zod';
import {
  DEVICE_ID_MAX,
  DEVICE_KINDS,
  DEVICE_KIND_TEXT,
  DEVICE_STATES,
  deviceIdProblem,
} from '../deviceKinds';
import { formObject, freeText, id, oneOf, optionalField, requiredText } from '../form';
import { epoch } from './common';

// Not in the spec (additive, issue 23): a home's live devices on /account/{level}/devices. Every call
// names the home by its owner's user_id (one's own, or a linked dependant's), as the other account calls.

export const DeviceStateCode = z.enum(DEVICE_STATES);
export type DeviceStateCode = z.infer<typeof DeviceStateCode>;

export const DeviceAppliance = z.object({ key: z.string(), name: z.string() });
export type DeviceAppliance = z.infer<typeof DeviceAppliance>;

export const Device = z.object({
  /** The home's device number (what remove takes). */
  id: z.number().int().positive(),
  kind: z.enum(DEVICE_KINDS),
  device_id: z.string(),
  /** The appliance a plug measures; null: the whole house. */
  appliance: DeviceAppliance.nullable(),
  created_at: epoch,
  last_message_at: epoch.nullable(),
  /**
   * Stored today (the home's local day): a whole-house device's readings of the home; a plug's uses of
   * its appliance.
   */
  readings_today: z.number().int().nonnegative(),
  state: DeviceStateCode,
  /** Since when it is in that state (its last message, or its last refused one); null while waiting. */
  state_since: epoch.nullable(),
  /** Why its last refused message was refused; null when none was. */
  last_reject_reason: z.string().nullable(),
  /** Messages refused since it was registered. */
  rejects: z.number().int().nonnegative(),
  /** When its last refused message came; null when none was (optional: servers before issue 33 item 7). */
  last_reject_at: epoch.nullable().optional(),
});
export type Device = z.infer<typeof Device>;

export const DevicesResponse = z.object({
  /** The home's zone: last messages are shown in it, and "today" is its local day. */
  time_zone: z.string(),
  devices: z.array(Device),
  /** The catalogue appliances a plug can measure. */
  appliances: z.array(DeviceAppliance),
  /**
   * Whether this deployment reads devices at all (the server has a broker, MQTT_URL): when false, no
   * device's message is received, so every device listed waits or stays silent whatever it sends.
   */
  mqtt: z.boolean(),
});
export type DevicesResponse = z.infer<typeof DevicesResponse>;

export const DevicesRequest = formObject({ user_id: id('user_id') });
export type DevicesRequest = z.infer<typeof DevicesRequest>;

const deviceId = requiredText('device_id', DEVICE_ID_MAX).superRefine((value, ctx) => {
  const problem = deviceIdProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: `device_id ${problem}` });
});

const kind = oneOf('kind', DEVICE_KINDS);

/** Most digits of a typed energy total: 999,999,999.999 kWh is far beyond any meter. */
const READING = /^(\d{1,9})(?:[.,](\d{1,3}))?$/;
const READING_MESSAGE =
  'reading must be the energy total the device shows, in kWh, e.g. 6613.4 (up to 3 decimals)';

/**
 * The energy total a device shows now, typed in kWh with up to 3 decimals (a point or a comma), kept as
 * the text typed (trimmed; a JSON number as its decimal text) so the web sends what the person typed
 * (issue 34 item 3: the proof that the person adding a device already sending holds it; DEVICE_KIND_TEXT
 * says where each kind shows it). `readingMwh` reads it exactly.
 */
export const deviceReading = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z.string({ error: READING_MESSAGE }).regex(READING, READING_MESSAGE),
);

/** A checked reading (deviceReading) in whole mWh: exact, never through a float. */
export function readingMwh(reading: string): number {
  const m = READING.exec(reading);
  if (m === null) throw new Error(`not a reading: ${reading}`);
  return Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(3, '0')) * 1000;
}

const withAppliance = <T extends z.ZodRawShape>(shape: T) =>
  formObject({
    ...shape,
    kind,
    device_id: deviceId,
    appliance: optionalField(freeText('appliance', 100)),
    /** In kWh as typed: needed only for a device already sending (deviceReading). */
    reading: optionalField(deviceReading),
  }).superRefine((body, ctx) => {
    const b = body as { kind: (typeof DEVICE_KINDS)[number]; appliance?: string };
    if (b.appliance !== undefined && !DEVICE_KIND_TEXT[b.kind].plug)
      ctx.addIssue({
        code: 'custom',
        path: ['appliance'],
        message: `A ${b.kind} device measures the whole house: leave appliance empty`,
      });
  });

/** POST: register a device by kind and id. Answers the home's devices. */
export const DeviceAddRequest = withAppliance({ user_id: id('user_id') });
export type DeviceAddRequest = z.infer<typeof DeviceAddRequest>;

/** POST: remove a device of the home (its stored readings stay). Answers the home's devices. */
export const DeviceRemoveRequest = formObject({ user_id: id('user_id'), id: id('id') });
export type DeviceRemoveRequest = z.infer<typeof DeviceRemoveRequest>;

/** GET: the unclaimed devices whose id is exactly `device_id` (any kind); never a list of all. */
export const UnclaimedDevicesRequest = formObject({ user_id: id('user_id'), device_id: deviceId });
export type UnclaimedDevicesRequest = z.infer<typeof UnclaimedDevicesRequest>;

export const UnclaimedDevice = z.object({
  kind: z.enum(DEVICE_KINDS),
  device_id: z.string(),
  first_seen: epoch,
  last_seen: epoch,
  messages: z.number().int().nonnegative(),
});
export type UnclaimedDevice = z.infer<typeof UnclaimedDevice>;

export const UnclaimedDevicesResponse = z.object({ devices: z.array(UnclaimedDevice) });
export type UnclaimedDevicesResponse = z.infer<typeof UnclaimedDevicesResponse>;

/** POST: claim a device that published but belongs to no home (exact kind and id). Answers the devices. */
export const DeviceClaimRequest = withAppliance({ user_id: id('user_id') });
export type DeviceClaimRequest = z.infer<typeof DeviceClaimRequest>;
