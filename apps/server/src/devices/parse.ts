import { z } from 'zod';
import { parseTimestamp } from '../ingest/formats/time';
import { NaiveTimeResolver } from '../ingest/formats/zone';
import { DEFAULT_TIME_ZONE } from '../shared/house';
import type { DeviceKind } from './kinds';

/**
 * MQTT messages of each device kind → one normalised sample, pure (topic, payload and receive time in).
 * Units become integers: cumulative counters in milli-watt-hours (kWh with 3 decimals, Wh with 3, and
 * Gen1's watt-minutes all land on whole mWh within ½ mWh), power in watts. Rules per kind, from the field
 * reference (FORMATS.md, devices.md):
 * - Glow: `import.cumulative` (and `export.cumulative`) are the only energy truth; day/week/month are
 *   never read (suppliers reset them at different midnights); a zero counter and the error value
 *   -8388.608 are dropped, as is zero power. Time: the meter's `timestamp` (UTC, `Z`).
 * - Shelly Gen2+: NotifyStatus/NotifyFullStatus on `<id>/events/rpc` (time `params.ts`, UTC) and
 *   `<id>/status/<component>` (receive time); `switch:0` (apower W, aenergy.total Wh), `em1:0`/`em1data:0`
 *   and `em:0`/`emdata:0` (clamp meters, Wh). Other components and methods are not energy: ignored.
 * - Shelly Gen1: `relay/0/power` W, `relay/0/energy` watt-minutes, `emeter/0/power` W, `emeter/0/total` Wh,
 *   `emeter/0/total_returned` Wh; receive time (the device's epoch is local and not in these messages).
 * - Tasmota: `tele/<id>/SENSOR` `ENERGY.Total` kWh, `ENERGY.Power` W; `Time` is local time without offset
 *   in the device's zone (the zone of the house it is registered with); `tele/<id>/LWT` Online/Offline.
 * - Zigbee2MQTT: `energy` kWh, `power` W; `last_seen` when it carries an offset or is epoch ms.
 * - emon: `emon/<node>/P1` or `power1` W, `emon/<node>/E1` Wh, one bare number per message.
 * A device time more than 2 minutes ahead of the receive time is not believed (the receive time is used).
 */
export interface DeviceSample {
  kind: DeviceKind;
  deviceId: string;
  /** Which of the device's channels (Shelly switch:N / em1:N, Gen1 relay/N, Tasmota's Nth ENERGY entry, emon PN/EN − 1). */
  channel: number;
  /** Epoch seconds. */
  t: number;
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

export interface ParseOptions {
  /** The zone a Tasmota device's local time is in (its house's); default DEFAULT_TIME_ZONE. */
  zoneOf?: (kind: DeviceKind, deviceId: string) => string | undefined;
}

export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Glow's error value for power (0x800000 / 1000, negated). */
const GLOW_ERROR = -8388.608;
/** A counter above this is not a real register (a million MWh). */
const MAX_COUNTER_MWH = 1e15;
const MAX_AHEAD_S = 120;
const MAX_CHANNEL_COUNT = 32;

const num = z.number();
const glowSchema = z.object({
  electricitymeter: z.object({
    timestamp: z.string(),
    energy: z.object({
      import: z.object({ cumulative: num }),
      export: z.object({ cumulative: num }).optional(),
    }),
    power: z.object({ value: num }).optional(),
  }),
});
const switchSchema = z.object({ apower: num.optional(), aenergy: z.object({ total: num }).optional() });
const em1Schema = z.object({ act_power: num.optional() });
const em1DataSchema = z.object({ total_act_energy: num.optional(), total_act_ret_energy: num.optional() });
const emSchema = z.object({ total_act_power: num.optional() });
const emDataSchema = z.object({ total_act: num.optional(), total_act_ret: num.optional() });
const notifySchema = z.object({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() });
/** A value, or one per channel (multi-channel devices; per-channel totals with SetOption129 1). */
const numOrChannels = z.union([num, z.array(num).min(1).max(MAX_CHANNEL_COUNT)]);
const tasmotaSchema = z.object({
  Time: z.string(),
  ENERGY: z.object({ Total: numOrChannels.optional(), Power: numOrChannels.optional() }).optional(),
});
const z2mSchema = z.object({
  energy: num.nullable().optional(),
  power: num.nullable().optional(),
  last_seen: z.union([z.string(), num]).nullable().optional(),
});

class Bad extends Error {}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'is not the expected shape';
  const path = issue.path.join('.');
  return `${path === '' ? 'the message' : path}: ${issue.message}`;
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Bad(firstIssue(result.error));
  return result.data;
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Bad('the payload is not JSON');
  }
}

function bareNumber(text: string): number {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v)) throw new Bad(`"${text.slice(0, 40)}" is not a number`);
  return v;
}

/** A counter in `unitMwh` mWh per unit → whole mWh; negative or absurd counters are bad input. */
function counter(value: number, unitMwh: number, name: string): number {
  if (!Number.isFinite(value) || value < 0) throw new Bad(`${name} ${value} is not a counter (≥ 0)`);
  const mwh = Math.round(value * unitMwh);
  if (mwh > MAX_COUNTER_MWH) throw new Bad(`${name} ${value} is beyond any real meter register`);
  return mwh;
}

function power(value: number, unitW: number, name: string): number {
  if (!Number.isFinite(value) || Math.abs(value * unitW) > 1e6)
    throw new Bad(`${name} ${value} is not a believable power`);
  return Math.round(value * unitW);
}

function deviceTime(text: string, received: number, zone: string | null): number {
  const parsed = parseTimestamp(text);
  if (!parsed.ok) throw new Bad(`time "${text.slice(0, 40)}" ${parsed.reason}`);
  let t: number;
  if (typeof parsed.value === 'number') t = parsed.value;
  else {
    if (zone === null) return received;
    const resolved = new NaiveTimeResolver(zone).resolve(parsed.value, text, null);
    if (!resolved.ok) throw new Bad(`time ${resolved.reason}`);
    t = resolved.value;
  }
  return believable(t, received);
}

function believable(t: number, received: number): number {
  return t > received + MAX_AHEAD_S ? received : Math.floor(t);
}

type Body = Omit<DeviceSample, 'kind' | 'deviceId'>;
/** Channels highest a device may have (the devices table's check). */
export const MAX_CHANNEL = 31;

/** The bodies of one message, one per channel, all at time `t`. */
class Bodies {
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

/** `name:N` of a Shelly Gen2 component → [name, N] (N ≤ MAX_CHANNEL), else null. */
function component(key: string): [string, number] | null {
  const m = /^([a-z0-9]+):(\d{1,2})$/.exec(key);
  if (m === null) return null;
  const n = Number(m[2]);
  return n > MAX_CHANNEL ? null : [m[1] as string, n];
}

function glow(text: string, received: number): Body[] {
  const m = parseWith(glowSchema, json(text)).electricitymeter;
  const body: Body = { t: deviceTime(m.timestamp, received, null), channel: 0 };
  const imp = m.energy.import.cumulative;
  if (imp !== 0) body.importMwh = counter(imp, 1e6, 'import.cumulative');
  const exp = m.energy.export?.cumulative ?? 0;
  if (exp !== 0) body.exportMwh = counter(exp, 1e6, 'export.cumulative');
  const p = m.power?.value;
  if (p !== undefined && p !== 0 && p !== GLOW_ERROR) body.powerW = power(p, 1000, 'power.value');
  return hasData(body) ? [body] : [];
}

const ENERGY_COMPONENTS = ['switch', 'em1', 'em1data', 'em', 'emdata'];

function hasData(b: Body): boolean {
  return (
    b.importMwh !== undefined || b.exportMwh !== undefined || b.powerW !== undefined || b.online !== undefined
  );
}

/**
 * One Shelly Gen2 component's status (whole or the changed keys) into its channel's body: `switch:N`,
 * `em1:N` and `em1data:N` are channel N; `em:0`/`emdata:0` (a three-phase meter's totals) channel 0.
 */
function shellyComponent(key: string, value: unknown, bodies: Bodies): void {
  const c = component(key);
  if (c === null) return;
  const [name, n] = c;
  if ((name === 'em' || name === 'emdata') && n !== 0) return;
  const body = bodies.at(n);
  if (name === 'switch') {
    const s = parseWith(switchSchema, value);
    if (s.apower !== undefined) body.powerW = power(s.apower, 1, 'apower');
    if (s.aenergy !== undefined) body.importMwh = counter(s.aenergy.total, 1000, 'aenergy.total');
  } else if (name === 'em1') {
    const s = parseWith(em1Schema, value);
    if (s.act_power !== undefined) body.powerW = power(s.act_power, 1, 'act_power');
  } else if (name === 'em1data') {
    body.history = { method: 'EM1Data.GetData', id: n };
    const s = parseWith(em1DataSchema, value);
    if (s.total_act_energy !== undefined)
      body.importMwh = counter(s.total_act_energy, 1000, 'total_act_energy');
    if (s.total_act_ret_energy !== undefined)
      body.exportMwh = counter(s.total_act_ret_energy, 1000, 'total_act_ret_energy');
  } else if (name === 'em') {
    const s = parseWith(emSchema, value);
    if (s.total_act_power !== undefined) body.powerW = power(s.total_act_power, 1, 'total_act_power');
  } else if (name === 'emdata') {
    body.history = { method: 'EMData.GetData', id: 0 };
    const s = parseWith(emDataSchema, value);
    if (s.total_act !== undefined) body.importMwh = counter(s.total_act, 1000, 'total_act');
    if (s.total_act_ret !== undefined) body.exportMwh = counter(s.total_act_ret, 1000, 'total_act_ret');
  }
}

function shellyRpc(text: string, received: number): Body[] {
  const message = parseWith(notifySchema, json(text));
  if (message.method !== 'NotifyStatus' && message.method !== 'NotifyFullStatus') return [];
  const params = message.params ?? {};
  const ts = params.ts;
  if (ts !== undefined && (typeof ts !== 'number' || !Number.isFinite(ts)))
    throw new Bad('params.ts is not a number');
  const bodies = new Bodies(typeof ts === 'number' ? believable(ts, received) : received);
  for (const [name, value] of Object.entries(params)) if (name !== 'ts') shellyComponent(name, value, bodies);
  return bodies.list();
}

/**
 * Tasmota: `ENERGY.Total` and `ENERGY.Power` are numbers (channel 0) or arrays, entry N channel N (a
 * multi-channel device; Total is an array only with SetOption129 1, else it is every channel's sum and
 * stays on channel 0). The last will is the device's, every channel's: channel 0.
 */
function tasmota(kind: 'SENSOR' | 'LWT', text: string, received: number, zone: string): Body[] {
  if (kind === 'LWT') {
    const state = text.trim();
    if (state !== 'Online' && state !== 'Offline')
      throw new Bad(`LWT "${state.slice(0, 40)}" is not Online or Offline`);
    return [{ t: received, channel: 0, online: state === 'Online' }];
  }
  const m = parseWith(tasmotaSchema, json(text));
  if (m.ENERGY === undefined) return [];
  const bodies = new Bodies(deviceTime(m.Time, received, zone));
  const each = (
    value: number | number[] | undefined,
    fn: (body: Body, v: number, name: string) => void,
    name: string,
  ) => {
    if (value === undefined) return;
    if (typeof value === 'number') fn(bodies.at(0), value, name);
    else
      value.forEach((v, n) => {
        fn(bodies.at(n), v, `${name}[${n}]`);
      });
  };
  each(
    m.ENERGY.Total,
    (b, v, name) => {
      b.importMwh = counter(v, 1e6, name);
    },
    'ENERGY.Total',
  );
  each(
    m.ENERGY.Power,
    (b, v, name) => {
      b.powerW = power(v, 1, name);
    },
    'ENERGY.Power',
  );
  return bodies.list();
}

function zigbee(text: string, received: number): Body[] {
  const value = json(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Bad('the payload is not a JSON object');
  if (!('energy' in value) && !('power' in value)) return [];
  const m = parseWith(z2mSchema, value);
  let t = received;
  if (typeof m.last_seen === 'number') t = believable(m.last_seen / 1000, received);
  else if (typeof m.last_seen === 'string') {
    const parsed = parseTimestamp(m.last_seen);
    if (parsed.ok && typeof parsed.value === 'number') t = believable(parsed.value, received);
  }
  const body: Body = { t, channel: 0 };
  if (m.energy !== undefined && m.energy !== null) body.importMwh = counter(m.energy, 1e6, 'energy');
  if (m.power !== undefined && m.power !== null) body.powerW = power(m.power, 1, 'power');
  return hasData(body) ? [body] : [];
}

/** Gen1: `relay/N/…` and `emeter/N/…` are channel N. */
function gen1(parts: readonly string[], text: string, received: number): Body[] {
  const [, , group, channelText, field] = parts;
  if (!/^\d{1,2}$/.test(channelText ?? '') || Number(channelText) > MAX_CHANNEL) return [];
  const body: Body = { t: received, channel: Number(channelText) };
  if (group === 'relay' && field === 'power') body.powerW = power(bareNumber(text), 1, 'power');
  else if (group === 'relay' && field === 'energy')
    body.importMwh = counter(bareNumber(text), 1000 / 60, 'energy (watt-minutes)');
  else if (group === 'emeter' && field === 'power') body.powerW = power(bareNumber(text), 1, 'power');
  else if (group === 'emeter' && field === 'total')
    body.importMwh = counter(bareNumber(text), 1000, 'total (Wh)');
  else if (group === 'emeter' && field === 'total_returned')
    body.exportMwh = counter(bareNumber(text), 1000, 'total_returned (Wh)');
  else return [];
  return [body];
}

/** emon: `PN`/`powerN` W and `EN` Wh are channel N − 1 (P1 and E1 channel 0). */
function emon(input: string, text: string, received: number): Body[] {
  const m = /^(P|power|E)(\d{1,2})$/.exec(input);
  if (m === null || Number(m[2]) < 1 || Number(m[2]) > MAX_CHANNEL + 1) return [];
  const body: Body = { t: received, channel: Number(m[2]) - 1 };
  if (m[1] === 'E') body.importMwh = counter(bareNumber(text), 1000, `${input} (Wh)`);
  else body.powerW = power(bareNumber(text), 1, input);
  return [body];
}

const replySchema = z.object({
  src: z.string().min(1).max(200),
  result: z.record(z.string(), z.unknown()),
});

/**
 * A Shelly Gen2+ answer to our `Shelly.GetStatus` (on the reply topic we named as `src`): the device is the
 * answer's `src`, the time `result.sys.unixtime` (UTC) when present, else the receive time.
 */
export function parseShellyReply(payload: Uint8Array | string, receivedAt: number): Parsed {
  const received = Math.floor(receivedAt);
  const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
  let deviceId = '?';
  try {
    if (text.length > MAX_PAYLOAD_BYTES) throw new Bad(`the payload is more than ${MAX_PAYLOAD_BYTES} bytes`);
    const reply = parseWith(replySchema, json(text));
    deviceId = reply.src;
    const sys = reply.result.sys as { unixtime?: unknown } | undefined;
    const unixtime = typeof sys?.unixtime === 'number' ? sys.unixtime : null;
    const bodies = new Bodies(unixtime === null ? received : believable(unixtime, received));
    for (const [name, value] of Object.entries(reply.result)) shellyComponent(name, value, bodies);
    const list = bodies.list();
    return list.length === 0
      ? null
      : { ok: true, samples: list.map((b) => ({ kind: 'shelly', deviceId, ...b })) };
  } catch (error) {
    if (error instanceof Bad) return { ok: false, kind: 'shelly', deviceId, reason: error.message };
    throw error;
  }
}

/** The kind and device a topic belongs to, or null for a topic no kind publishes energy on. */
export function topicDevice(topic: string): { kind: DeviceKind; deviceId: string } | null {
  const parts = topic.split('/');
  const [first, id, third, fourth] = parts;
  if (id === undefined || id === '') return null;
  if (first === 'glow') {
    return parts.length === 4 && third === 'SENSOR' && fourth === 'electricitymeter'
      ? { kind: 'glow', deviceId: id }
      : null;
  }
  if (first === 'shellies') return parts.length === 5 ? { kind: 'shelly-gen1', deviceId: id } : null;
  if (first === 'tele')
    return parts.length === 3 && (third === 'SENSOR' || third === 'LWT')
      ? { kind: 'tasmota', deviceId: id }
      : null;
  if (first === 'zigbee2mqtt')
    return parts.length === 2 && id !== 'bridge' ? { kind: 'zigbee2mqtt', deviceId: id } : null;
  if (first === 'emon') return parts.length === 3 ? { kind: 'emon', deviceId: id } : null;
  if (parts.length === 3 && first !== undefined && first !== '') {
    if ((id === 'events' && third === 'rpc') || id === 'status') return { kind: 'shelly', deviceId: first };
  }
  return null;
}

/** One MQTT message → a sample, a reason it is bad, or null when it carries no energy data. */
export function parseDeviceMessage(
  topic: string,
  payload: Uint8Array | string,
  receivedAt: number,
  options: ParseOptions = {},
): Parsed {
  const device = topicDevice(topic);
  if (device === null) return null;
  const { kind, deviceId } = device;
  const received = Math.floor(receivedAt);
  try {
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
    if (size > MAX_PAYLOAD_BYTES)
      throw new Bad(`the payload is ${size} bytes, more than ${MAX_PAYLOAD_BYTES}`);
    const text = typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8');
    const parts = topic.split('/');
    let bodies: Body[];
    if (kind === 'glow') bodies = glow(text, received);
    else if (kind === 'shelly') {
      const key = parts[2] ?? '';
      if (parts[1] === 'events') bodies = shellyRpc(text, received);
      else {
        const b = new Bodies(received);
        const c = component(key);
        if (c !== null && ENERGY_COMPONENTS.includes(c[0])) shellyComponent(key, json(text), b);
        bodies = b.list();
      }
    } else if (kind === 'shelly-gen1') bodies = gen1(parts, text, received);
    else if (kind === 'tasmota') {
      const zone = options.zoneOf?.(kind, deviceId) ?? DEFAULT_TIME_ZONE;
      bodies = tasmota(parts[2] === 'LWT' ? 'LWT' : 'SENSOR', text, received, zone);
    } else if (kind === 'zigbee2mqtt') bodies = zigbee(text, received);
    else bodies = emon(parts[2] ?? '', text, received);
    return bodies.length === 0 ? null : { ok: true, samples: bodies.map((b) => ({ kind, deviceId, ...b })) };
  } catch (error) {
    if (error instanceof Bad) return { ok: false, kind, deviceId, reason: error.message };
    throw error;
  }
}

/** One record of a Shelly EM's history: the energy (mWh) used and returned over [ts, ts + period). */
export interface EmRecord {
  ts: number;
  period: number;
  importMwh: number;
  exportMwh: number;
}

const historySchema = z.object({
  id: num,
  result: z.object({
    keys: z.array(z.string()).max(200),
    data: z
      .array(
        z.object({
          ts: num,
          period: num,
          values: z.array(z.array(z.number().nullable()).max(200)).max(100_000),
        }),
      )
      .max(10_000),
    next_record_ts: num.optional(),
  }),
});

/**
 * A Shelly EM's answer to `EM1Data.GetData` / `EMData.GetData` (`{keys, data: [{ts, period, values}],
 * next_record_ts}`): each row of `values` is one record of `period` seconds from `ts` on, its columns
 * named by `keys`; a record's `total_act_energy` / `total_act_ret_energy` (EM1Data) or its phases'
 * `a_…`/`b_…`/`c_total_act_energy` and `…_total_act_ret_energy` (EMData) are the Wh of that period.
 * Returns the records and where the next page starts, or a reason it is not such an answer.
 */
export function parseEmHistory(
  text: string,
): { ok: true; rpcId: number; records: EmRecord[]; next: number | null } | { ok: false; reason: string } {
  try {
    if (text.length > 4 * 1024 * 1024) throw new Bad('the answer is more than 4 MB');
    const answer = parseWith(historySchema, json(text));
    const { keys, data, next_record_ts } = answer.result;
    const columns = (suffix: string) => {
      const exact = keys.indexOf(suffix);
      if (exact >= 0) return [exact];
      return ['a_', 'b_', 'c_'].map((p) => keys.indexOf(`${p}${suffix}`)).filter((i) => i >= 0);
    };
    const used = columns('total_act_energy');
    const returned = columns('total_act_ret_energy');
    if (used.length === 0) throw new Bad('the answer has no total_act_energy column');
    const records: EmRecord[] = [];
    for (const block of data) {
      if (!Number.isSafeInteger(block.ts) || !Number.isSafeInteger(block.period) || block.period <= 0)
        throw new Bad('a block has no whole ts and period');
      block.values.forEach((row, i) => {
        const sum = (cols: number[], name: string) =>
          cols.reduce((total, c) => total + counter(row[c] ?? 0, 1000, name), 0);
        records.push({
          ts: block.ts + i * block.period,
          period: block.period,
          importMwh: sum(used, 'total_act_energy'),
          exportMwh: sum(returned, 'total_act_ret_energy'),
        });
      });
    }
    return { ok: true, rpcId: answer.id, records, next: next_record_ts ?? null };
  } catch (error) {
    if (error instanceof Bad) return { ok: false, reason: error.message };
    throw error;
  }
}
