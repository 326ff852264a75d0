import { z } from 'zod';
import { Bad, believable, counter, json, MAX_PAYLOAD_BYTES, num, parseWith, power } from './values';
import { type Body, Bodies, MAX_CHANNEL, type Parsed } from './sample';

// Shelly Gen2+: NotifyStatus/NotifyFullStatus on `<id>/events/rpc` (time `params.ts`, UTC),
// `<id>/status/<component>` (receive time), and the answer to our `Shelly.GetStatus`. `switch:0` (apower W,
// aenergy.total Wh), `em1:0`/`em1data:0` and `em:0`/`emdata:0` (clamp meters, Wh) are energy; other
// components and methods are not: ignored.

const switchSchema = z.object({ apower: num.optional(), aenergy: z.object({ total: num }).optional() });
const em1Schema = z.object({ act_power: num.optional() });
const em1DataSchema = z.object({ total_act_energy: num.optional(), total_act_ret_energy: num.optional() });
const emSchema = z.object({ total_act_power: num.optional() });
const emDataSchema = z.object({ total_act: num.optional(), total_act_ret: num.optional() });
const notifySchema = z.object({ method: z.string(), params: z.record(z.string(), z.unknown()).optional() });
const replySchema = z.object({
  src: z.string().min(1).max(200),
  result: z.record(z.string(), z.unknown()),
});

const ENERGY_COMPONENTS = ['switch', 'em1', 'em1data', 'em', 'emdata'];

/** `name:N` of a Shelly Gen2 component → [name, N] (N ≤ MAX_CHANNEL), else null. */
function component(key: string): [string, number] | null {
  const m = /^([a-z0-9]+):(\d{1,2})$/.exec(key);
  if (m === null) return null;
  const n = Number(m[2]);
  return n > MAX_CHANNEL ? null : [m[1] as string, n];
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

/** A message on `<id>/events/rpc` (`events`) or `<id>/status/<key>`. */
export function shelly(channel: string, key: string, text: string, received: number): Body[] {
  if (channel === 'events') return shellyRpc(text, received);
  const bodies = new Bodies(received);
  const c = component(key);
  if (c !== null && ENERGY_COMPONENTS.includes(c[0])) shellyComponent(key, json(text), bodies);
  return bodies.list();
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
