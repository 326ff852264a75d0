import { deviceIdProblem } from '@homeview/contract';
import { APPLIANCE_CATALOGUE } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { CATALOGUE_APPLIANCES } from '../appliances-catalogue/catalogue';
import { type DeviceKind, isDeviceKind, MAX_CHANNEL } from './kinds';

// The devices table (migration 0014): registering, removing and listing a house's devices, and the
// catalogue appliance a plug measures. The consumer's own reads and writes are in devices/records.ts.

export class DeviceError extends Error {}

export interface DeviceRow {
  id: number;
  house_id: number;
  kind: DeviceKind;
  device_id: string;
  /** Which of the device's channels this row measures (0 for single-channel devices; migration 0019). */
  channel: number;
  appliance_type_id: number | null;
  created_at: number;
  last_message_at: number | null;
  online: boolean | null;
  rejects: number;
  last_reject_reason: string | null;
  last_reject_at: number | null;
  /** A plug's own uses of its last local day with any (the consumer's state), or null. */
  uses: { day: string; n: number } | null;
}

const squash = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The catalogue appliance a name means (its key or its name, any case, `_`/`-`/space alike), or null. */
export function applianceByName(name: string): { id: number; key: string; name: string } | null {
  const wanted = squash(name);
  const found = CATALOGUE_APPLIANCES.find((a) => squash(a.key) === wanted || squash(a.name) === wanted);
  return found === undefined ? null : { id: found.id, key: found.key, name: found.name };
}

export function applianceKeyOf(id: number): string | null {
  return APPLIANCE_CATALOGUE.find((a) => a.id === id)?.key ?? null;
}

/** The most devices (rows: a device's channels count one each) a home can have. */
export const MAX_DEVICES_PER_HOME = 64;

/** A device id as devices publish it: one MQTT topic level (no `/`, `+`, `#`), 1–200 characters. */
export const checkDeviceId = (id: string): string | null => deviceIdProblem(id);

export interface NewDevice {
  houseId: number;
  kind: string;
  deviceId: string;
  appliance?: string;
  /** The device's channel (Shelly switch:N / em1:N, Gen1 relay/N, Tasmota's Nth entry, emon PN − 1); default 0. */
  channel?: number;
}

/** Registers a device for a house; returns its row id. Throws DeviceError for anything a person can fix. */
export async function addDevice(db: Queryable, d: NewDevice, now: number): Promise<number> {
  if (!isDeviceKind(d.kind))
    throw new DeviceError(
      `Unknown kind "${d.kind}": use glow, shelly, shelly-gen1, tasmota, zigbee2mqtt or emon.`,
    );
  const idIssue = checkDeviceId(d.deviceId);
  if (idIssue !== null) throw new DeviceError(`The device id ${idIssue}.`);
  const channel = d.channel ?? 0;
  if (!Number.isSafeInteger(channel) || channel < 0 || channel > MAX_CHANNEL)
    throw new DeviceError(`The channel must be a whole number from 0 to ${MAX_CHANNEL}.`);
  let applianceId: number | null = null;
  if (d.appliance !== undefined) {
    const appliance = applianceByName(d.appliance);
    if (appliance === null) {
      throw new DeviceError(
        `Unknown appliance "${d.appliance}": use one of ${CATALOGUE_APPLIANCES.map((a) => a.key).join(', ')}.`,
      );
    }
    applianceId = appliance.id;
  }
  if (applianceId === null) {
    // A home's readings come from one whole-house meter: a second one was taken silently and both cards
    // said "being stored" (issue 33 item 7). Another channel of the same device is that device.
    const { rows: meters } = await db.query<{ kind: string; device_id: string }>(
      `select kind, device_id from devices
        where house_id = $1 and appliance_type_id is null and not (kind = $2 and device_id = $3)
        order by id limit 1`,
      [d.houseId, d.kind, d.deviceId],
    );
    const meter = meters[0];
    if (meter !== undefined)
      throw new DeviceError(
        `This home already has a whole-house meter, the ${meter.kind} device "${meter.device_id}", and its readings are the ones stored: remove it first, or add this device as a plug measuring an appliance.`,
      );
  }
  const { rows } = await db.query<{ id: number }>(
    `insert into devices (house_id, kind, device_id, appliance_type_id, created_at, channel)
     select h.id, $2, $3, $4, $5, $6 from houses h
      where h.id = $1 and (select count(*) from devices where house_id = $1) < $7
     on conflict (kind, device_id, channel) do nothing
     returning id`,
    [d.houseId, d.kind, d.deviceId, applianceId, now, channel, MAX_DEVICES_PER_HOME],
  );
  const id = rows[0]?.id;
  if (id === undefined) {
    const { rows: found } = await db.query<{ n: number; mine: boolean }>(
      `select (select count(*)::int from devices where house_id = h.id) as n,
              exists (select 1 from devices where house_id = h.id and kind = $2 and device_id = $3
                        and channel = $4) as mine
         from houses h where h.id = $1`,
      [d.houseId, d.kind, d.deviceId, channel],
    );
    const house = found[0];
    if (house === undefined) throw new DeviceError(`There is no house ${d.houseId}.`);
    const named = `The ${d.kind} device "${d.deviceId}"${channel === 0 ? '' : ` channel ${channel}`}`;
    // This home's own: saying so tells nothing about other homes.
    if (house.mine) throw new DeviceError(`${named} is already registered.`);
    if (house.n >= MAX_DEVICES_PER_HOME)
      throw new DeviceError(`A home can have at most ${MAX_DEVICES_PER_HOME} devices: remove one first.`);
    // Taken by another home: said in words that fit any id that cannot be added, and whose is never said.
    throw new DeviceError(
      `${named} cannot be added. Check its kind and id; a device already in a home is added only after that home removes it.`,
    );
  }
  await db.query('delete from unclaimed_devices where kind = $1 and device_id = $2', [d.kind, d.deviceId]);
  return id;
}

/** Removes a device of a house (its readings and uses stay); false when the house has no such device. */
export async function removeDevice(db: Queryable, houseId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from devices where id = $1 and house_id = $2', [id, houseId]);
  return rowCount > 0;
}

export async function listDevices(db: Queryable, houseId: number): Promise<DeviceRow[]> {
  const { rows } = await db.query<DeviceRow>(
    `select id, house_id, kind, device_id, channel, appliance_type_id, created_at::float8 as created_at,
            last_message_at::float8 as last_message_at, online, rejects, last_reject_reason,
            last_reject_at::float8 as last_reject_at, counter->'uses' as uses
     from devices where house_id = $1 order by id`,
    [houseId],
  );
  return rows;
}

/** A registered device's house and its counters' last samples (null before the first), or null. */
export async function deviceCounters(
  db: Queryable,
  kind: DeviceKind,
  deviceId: string,
): Promise<{ houseId: number; import: StoredSample | null; export: StoredSample | null } | null> {
  const { rows } = await db.query<{ house_id: number; counter: unknown }>(
    'select house_id, counter from devices where kind = $1 and device_id = $2 and channel = 0',
    [kind, deviceId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const counter = (typeof row.counter === 'string' ? JSON.parse(row.counter) : row.counter) as {
    import?: StoredSample | null;
    export?: StoredSample | null;
  } | null;
  const sample = (s: StoredSample | null | undefined) => (s ? { t: s.t, mwh: s.mwh } : null);
  return { houseId: row.house_id, import: sample(counter?.import), export: sample(counter?.export) };
}

/** A counter's last accepted sample: epoch s and whole mWh. */
export interface StoredSample {
  t: number;
  mwh: number;
}
