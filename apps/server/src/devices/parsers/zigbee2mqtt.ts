import { z } from 'zod';
import { parseTimestamp } from '../../ingest/formats/time';
import { type Body, hasData } from './sample';
import { Bad, believable, counter, json, num, parseWith, power } from './values';

// Zigbee2MQTT (zigbee2mqtt/<friendly name>): `energy` kWh, `power` W; `last_seen` is the time when it
// carries an offset or is epoch ms, else the receive time is.

const z2mSchema = z.object({
  energy: num.nullable().optional(),
  power: num.nullable().optional(),
  last_seen: z.union([z.string(), num]).nullable().optional(),
});

export function zigbee2mqtt(text: string, received: number): Body[] {
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
