import { DEFAULT_TIME_ZONE } from '@homeview/domain';
import type { DeviceKind } from '../features/devices/kinds';
import { emon } from './parsers/emon';
import { glow } from './parsers/glow';
import type { Body, Parsed } from './parsers/sample';
import { shelly } from './parsers/shelly';
import { shellyGen1 } from './parsers/shelly-gen1';
import { tasmota } from './parsers/tasmota';
import { Bad, MAX_PAYLOAD_BYTES } from './parsers/values';
import { zigbee2mqtt } from './parsers/zigbee2mqtt';

// MQTT messages of each device kind → one normalised sample per channel, pure (topic, payload and receive
// time in): the topic names the kind and device, and that family's parser under parsers/ reads the
// payload (rules per family there, from the field reference FORMATS.md and devices.md). Units become
// integers: cumulative counters in milli-watt-hours (kWh with 3 decimals, Wh with 3, and Gen1's
// watt-minutes all land on whole mWh within ½ mWh), power in watts. A device time more than 2 minutes
// ahead of the receive time is not believed (the receive time is used).

export interface ParseOptions {
  /** The zone a Tasmota device's local time is in (its house's); default DEFAULT_TIME_ZONE. */
  zoneOf?: (kind: DeviceKind, deviceId: string) => string | undefined;
}

/** The kind and device a topic belongs to, or null for a topic no kind publishes energy on. */
export function topicDevice(topic: string): TopicDevice | null {
  return topicOf(topic).device;
}

export interface TopicDevice {
  readonly kind: DeviceKind;
  readonly deviceId: string;
}

/**
 * Topics as read, remembered: a device publishes on the same few topics all day, and splitting each
 * message's topic (twice: the MQTT client asks whose it is, then the parser) was a measurable share of a
 * message's cost at 10,000 a second (bench/NOTES.md). Bounded: cleared past TOPICS_KEPT.
 */
const TOPICS_KEPT = 100_000;
const topics = new Map<string, { device: TopicDevice | null; parts: readonly string[] }>();

function topicOf(topic: string): { device: TopicDevice | null; parts: readonly string[] } {
  let known = topics.get(topic);
  if (known === undefined) {
    const parts = topic.split('/');
    known = { device: deviceOfParts(parts), parts };
    if (topics.size >= TOPICS_KEPT) topics.clear();
    topics.set(topic, known);
  }
  return known;
}

function deviceOfParts(parts: readonly string[]): TopicDevice | null {
  const [first, id, third, fourth] = parts;
  if (id === undefined || id === '') return null;
  if (first === 'glow') {
    return parts.length === 4 &&
      third === 'SENSOR' &&
      (fourth === 'electricitymeter' || fourth === 'gasmeter')
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
  const { device, parts } = topicOf(topic);
  if (device === null) return null;
  const { kind, deviceId } = device;
  const received = Math.floor(receivedAt);
  try {
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
    if (size > MAX_PAYLOAD_BYTES)
      throw new Bad(`the payload is ${size} bytes, more than ${MAX_PAYLOAD_BYTES}`);
    const text =
      typeof payload === 'string'
        ? payload
        : Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength).toString('utf8');
    let bodies: Body[];
    if (kind === 'glow')
      bodies = glow(parts[3] === 'gasmeter' ? 'gasmeter' : 'electricitymeter', text, received);
    else if (kind === 'shelly') bodies = shelly(parts[1] ?? '', parts[2] ?? '', text, received);
    else if (kind === 'shelly-gen1') bodies = shellyGen1(parts, text, received);
    else if (kind === 'tasmota') {
      const zone = options.zoneOf?.(kind, deviceId) ?? DEFAULT_TIME_ZONE;
      bodies = tasmota(parts[2] === 'LWT' ? 'LWT' : 'SENSOR', text, received, zone);
    } else if (kind === 'zigbee2mqtt') bodies = zigbee2mqtt(text, received);
    else bodies = emon(parts[2] ?? '', text, received);
    return bodies.length === 0 ? null : { ok: true, samples: bodies.map((b) => ({ kind, deviceId, ...b })) };
  } catch (error) {
    if (error instanceof Bad) return { ok: false, kind, deviceId, reason: error.message };
    throw error;
  }
}
