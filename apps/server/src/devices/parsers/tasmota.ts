import { z } from 'zod';
import { type Body, Bodies } from './sample';
import { Bad, counter, deviceTime, json, num, parseWith, power } from './values';

// Tasmota: `tele/<id>/SENSOR` `ENERGY.Total` kWh, `ENERGY.Power` W; `Time` is local time without offset in
// the device's zone (the zone of the house it is registered with); `tele/<id>/LWT` Online/Offline.

const MAX_CHANNEL_COUNT = 32;
/** A value, or one per channel (multi-channel devices; per-channel totals with SetOption129 1). */
const numOrChannels = z.union([num, z.array(num).min(1).max(MAX_CHANNEL_COUNT)]);
const tasmotaSchema = z.object({
  Time: z.string(),
  ENERGY: z.object({ Total: numOrChannels.optional(), Power: numOrChannels.optional() }).optional(),
});

/**
 * `ENERGY.Total` and `ENERGY.Power` are numbers (channel 0) or arrays, entry N channel N (a multi-channel
 * device; Total is an array only with SetOption129 1, else it is every channel's sum and stays on channel
 * 0). The last will is the device's, every channel's: channel 0.
 */
export function tasmota(kind: 'SENSOR' | 'LWT', text: string, received: number, zone: string): Body[] {
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
