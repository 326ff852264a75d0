import type { CounterState } from './counter';
import type { DeviceKind } from '../features/devices/kinds';
import type { MinuteState } from './minutes';
import type { EmHistorySource } from './parsers/sample';
import type { PlugState, PlugUses } from './plug-uses';

// A registered channel as the consumer holds it between messages: what the registry says of it, the state
// stored with it (counter.ts, minutes.ts, plug-uses.ts) and what changed since the last flush.

export interface Registered {
  rowId: number;
  houseId: number;
  kind: DeviceKind;
  deviceId: string;
  channel: number;
  zone: string;
  applianceTypeId: number | null;
}

export interface StoredCounter {
  import: CounterState | null;
  export: CounterState | null;
  minutes: MinuteState;
  /** The last power sample of a device that reports power and no counter (an emon power-only node). */
  power?: { t: number; w: number } | null;
  /** A gap of a Shelly EM whose energy waits for the device's own records of it (EMData history). */
  gap?: PendingGap | null;
  /**
   * A Glow's gas register (gasmeter topic): its counter, refreshed every half-hour (counter.ts Register),
   * and its open half-hours (minutes.ts with 1800 s bins), stored as gas; `known`: the time up to which its
   * gas is known (placed, or none used), from which half-hours with none are 0 Wh, never a gap.
   */
  gas?: { import: CounterState | null; halfHours: MinuteState; known?: number } | null;
  /** A plug's use detection (held power, the use in progress, uses waiting for the counter): PlugUses. */
  plug?: PlugState | null;
  /**
   * A plug's own uses of its last local day with any (the Devices card counts these: the home's uses of
   * the appliance include other plugs' on it, issue 33 item 7).
   */
  uses?: { day: string; n: number } | null;
}

export interface PendingGap {
  from: number;
  to: number;
  importMwh: number;
  exportMwh: number;
  /** When it was found, and when the device was asked for its records (null: not yet). */
  since: number;
  askedAt: number | null;
}

export interface Live {
  device: Registered;
  counter: StoredCounter;
  plug: PlugUses | null;
  /** Where the device keeps records of this channel (a Shelly EM), once a sample said so. */
  history: EmHistorySource | null;
  lastMessage: number | null;
  online: boolean | null;
  newRejects: number;
  lastReject: { reason: string; at: number } | null;
  dirty: boolean;
}

export const key = (kind: string, id: string) => `${kind}\u0000${id}`;
export const channelKey = (kind: string, id: string, channel: number) => `${key(kind, id)}\u0000${channel}`;

/** Appends `items` to the house's list. */
export function pushTo<T>(map: Map<number, T[]>, houseId: number, items: T[]): void {
  const list = map.get(houseId);
  if (list === undefined) map.set(houseId, items);
  else list.push(...items);
}
