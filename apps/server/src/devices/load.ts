import type { Queryable } from '../db/types';
import type { DeviceKind } from '../features/devices/kinds';
import { channelKey, key, type Live, type Registered, type StoredCounter } from './live';
import { emptyMinutes } from './minutes';
import { PlugUses } from './plug-uses';
import { applianceKeyOf } from '../features/devices/devices-repository';

// The registered devices as the consumer reads them: every one by kind and id (this consumer's or not),
// and the channels it owns, each with its stored state unless it was already live.

export interface Loaded {
  /** By kind, device id and channel. */
  live: Map<string, Live>;
  /** Every registered device by kind and id, this consumer's or not (a device of another partition). */
  registered: Set<string>;
  /** Registered channels by kind and device id (a message names the device; its samples the channels). */
  channels: Map<string, Live[]>;
}

/**
 * Reads the registered devices; a channel already in `previous` (the same row) goes on as it is, its
 * registration refreshed; the others start from their stored state.
 */
export async function loadDevices(
  db: Queryable,
  previous: ReadonlyMap<string, Live>,
  owns: (kind: DeviceKind, deviceId: string) => boolean,
): Promise<Loaded> {
  const { rows } = await db.query<{
    id: number;
    house_id: number;
    kind: DeviceKind;
    device_id: string;
    channel: number;
    appliance_type_id: number | null;
    time_zone: string;
    counter: StoredCounter | string | null;
    last_message_at: number | null;
    online: boolean | null;
  }>(
    `select d.id, d.house_id, d.kind, d.device_id, d.channel, d.appliance_type_id, h.time_zone, d.counter,
            d.last_message_at::float8 as last_message_at, d.online
     from devices d join houses h on h.id = d.house_id`,
  );
  const next = new Map<string, Live>();
  const registered = new Set<string>();
  for (const r of rows) {
    registered.add(key(r.kind, r.device_id));
    if (!owns(r.kind, r.device_id)) continue;
    const k = channelKey(r.kind, r.device_id, r.channel);
    const device: Registered = {
      rowId: r.id,
      houseId: r.house_id,
      kind: r.kind,
      deviceId: r.device_id,
      channel: r.channel,
      zone: r.time_zone,
      applianceTypeId: r.appliance_type_id,
    };
    const live = previous.get(k);
    if (live !== undefined && live.device.rowId === r.id) {
      live.device = device;
      next.set(k, live);
      continue;
    }
    const stored = typeof r.counter === 'string' ? (JSON.parse(r.counter) as StoredCounter) : r.counter;
    const { plug: plugState, ...counter } = stored ?? {
      import: null,
      export: null,
      minutes: emptyMinutes(),
    };
    const applianceKey = r.appliance_type_id === null ? null : applianceKeyOf(r.appliance_type_id);
    next.set(k, {
      device,
      counter,
      // A plug goes on from its stored state: a use running when the server stopped is carried over.
      plug: applianceKey === null ? null : new PlugUses(r.device_id, applianceKey, plugState ?? null),
      history: null,
      lastMessage: r.last_message_at,
      online: r.online,
      newRejects: 0,
      lastReject: null,
      dirty: false,
    });
  }
  const channels = new Map<string, Live[]>();
  for (const live of next.values()) {
    const k = key(live.device.kind, live.device.deviceId);
    const list = channels.get(k);
    if (list === undefined) channels.set(k, [live]);
    else list.push(live);
  }
  return { live: next, registered, channels };
}
