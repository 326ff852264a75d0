import type { DeviceKind } from '../../features/devices/kinds';

export { MAX_CHANNEL } from '../../features/devices/kinds';

// What every device family's parser yields: one sample per channel a message carries, units as integers
// (cumulative counters in milli-watt-hours, power in watts), or a reason the message is bad.

export interface DeviceSample {
  kind: DeviceKind;
  deviceId: string;
  /** Which of the device's channels (Shelly switch:N / em1:N, Gen1 relay/N, Tasmota's Nth ENERGY entry, emon PN/EN − 1). */
  channel: number;
  /** Epoch seconds. */
  t: number;
  /**
   * The fuel of its counter: absent for electricity (every device but one); 'gas' for a Glow's gas
   * register (gasmeter topic), whose `importMwh` is the gas used.
   */
  fuel?: 'gas';
  importMwh?: number;
  exportMwh?: number;
  powerW?: number;
  online?: boolean;
  /** The on-device history that covers this channel (a Shelly EM's EM1Data / EMData), for gap filling. */
  history?: EmHistorySource;
}

/** Where a Shelly EM keeps 1- or 5-minute records of a channel: the RPC method and its component id. */
export interface EmHistorySource {
  method: 'EM1Data.GetData' | 'EMData.GetData';
  id: number;
}

export type Parsed =
  /** One sample per channel the message carries (most carry one). */
  | { ok: true; samples: DeviceSample[] }
  | { ok: false; kind: DeviceKind; deviceId: string; reason: string }
  /** A topic or message that carries no energy data (a Glow STATE, a Shelly wifi status…). */
  | null;

/** A sample before the dispatcher names its device (the topic does). */
export type Body = Omit<DeviceSample, 'kind' | 'deviceId'>;

/** The bodies of one message, one per channel, all at time `t`. */
export class Bodies {
  readonly #byChannel = new Map<number, Body>();
  constructor(public t: number) {}
  at(channel: number): Body {
    let body = this.#byChannel.get(channel);
    if (body === undefined) {
      body = { t: this.t, channel };
      this.#byChannel.set(channel, body);
    }
    return body;
  }
  /** The channels with data, in channel order. */
  list(): Body[] {
    return [...this.#byChannel.values()].filter(hasData).sort((a, b) => a.channel - b.channel);
  }
}

export function hasData(b: Body): boolean {
  return (
    b.importMwh !== undefined || b.exportMwh !== undefined || b.powerW !== undefined || b.online !== undefined
  );
}
