import type { DeviceKind } from '../../src/features/devices/kinds';

// Bad MQTT messages for every device kind, seeded: the real payloads of the field reference
// (../shared/data/real/formats/FORMATS.md, devices.md) mutated so that none carries a usable counter or
// power, and random bytes. Each message is bad by how it is built, never by asking the parser: a
// strict prefix of a JSON object is not JSON; a counter that is negative or not a number and a power that
// is not a number are refused; a payload over 64 kB is refused; a bare number topic gets text that is no
// finite number. So the consumer must write nothing for any of them (devices-fuzz.test.ts, `npm run
// fuzz`), and count each as rejected (or ignored, when the topic carries no energy).

export interface FuzzMessage {
  kind: DeviceKind;
  /** The topic with the device id in it, without the test's prefix. */
  topic: string;
  payload: string;
  /** How it was made (for the counts printed by the fuzz). */
  how: string;
}

/** A small seeded generator (mulberry32): the same seed gives the same messages. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface JsonTemplate {
  topic: (id: string) => string;
  payload: Json;
}

/** Real payloads per JSON kind (FORMATS.md §5-7, Zigbee2MQTT's plug state), whole. */
const JSON_TEMPLATES: Partial<Record<DeviceKind, JsonTemplate[]>> = {
  glow: [
    {
      topic: (id) => `glow/${id}/SENSOR/electricitymeter`,
      payload: {
        electricitymeter: {
          timestamp: '2026-01-15T12:00:00Z',
          energy: {
            export: { cumulative: 0, units: 'kWh' },
            import: {
              cumulative: 4595.563,
              day: 10.464,
              week: 85.675,
              month: 512.937,
              units: 'kWh',
              mpan: '<redacted>',
              supplier: 'Octopus Energy',
              price: { unitrate: 0.3, standingcharge: 0.4457 },
            },
          },
          power: { value: 0.623, units: 'kW' },
        },
      },
    },
  ],
  shelly: [
    {
      topic: (id) => `${id}/events/rpc`,
      payload: {
        src: 'shellyplusplugs-fz',
        dst: 'homeview',
        method: 'NotifyStatus',
        params: { ts: 1_768_478_400.12, 'switch:0': { id: 0, apower: 2900.4, aenergy: { total: 14.093 } } },
      },
    },
    {
      topic: (id) => `${id}/status/switch:0`,
      payload: {
        id: 0,
        source: 'timer',
        output: false,
        apower: 0,
        voltage: 237.571,
        aenergy: { total: 14.093, by_minute: [1.2, 0, 0], minute_ts: 1_768_478_400 },
        temperature: { tC: 41.2, tF: 106.2 },
      },
    },
  ],
  tasmota: [
    {
      topic: (id) => `tele/${id}/SENSOR`,
      payload: {
        Time: '2026-01-15T12:00:00',
        ENERGY: {
          TotalStartTime: '2020-10-21T22:15:00',
          Total: 3.705,
          Yesterday: 0.028,
          Today: 0.026,
          Period: 1,
          Power: 5,
          ApparentPower: 5,
          ReactivePower: 0,
          Factor: 1.0,
          Voltage: 233,
          Current: 0.021,
        },
      },
    },
  ],
  zigbee2mqtt: [
    {
      topic: (id) => `zigbee2mqtt/${id}`,
      payload: {
        energy: 12.34,
        power: 1830,
        voltage: 239,
        current: 7.6,
        state: 'ON',
        linkquality: 120,
        last_seen: '2026-01-15T12:00:00.000Z',
      },
    },
  ],
};

/** Topics of the bare-number kinds and whether each carries a counter (else a power). */
const NUMBER_TOPICS: Partial<Record<DeviceKind, [topic: (id: string) => string, counter: boolean][]>> = {
  'shelly-gen1': [
    [(id) => `shellies/${id}/relay/0/energy`, true],
    [(id) => `shellies/${id}/relay/0/power`, false],
    [(id) => `shellies/${id}/emeter/0/total`, true],
    [(id) => `shellies/${id}/emeter/0/total_returned`, true],
    [(id) => `shellies/${id}/emeter/0/power`, false],
  ],
  emon: [
    [(id) => `emon/${id}/E1`, true],
    [(id) => `emon/${id}/P1`, false],
    [(id) => `emon/${id}/power1`, false],
  ],
};

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

/** Values no counter or power field takes: not numbers at all. (`[1]` is no such value: Tasmota's
 * ENERGY.Total and Power are arrays of channels on a multi-channel device, so an array holds a string.) */
const NOT_NUMBERS: readonly Json[] = ['12.5', '', 'NaN', true, false, {}, [], ['1'], { value: 1 }];
/** Counters no meter has: below zero (a power may be negative, so these go to counters only). */
const NEGATIVE: readonly number[] = [-1, -0.001, -4595.563, -1e12];

/** The template with every number replaced: counters by a negative or a non-number, the rest by non-numbers. */
function withoutNumbers(value: Json, rand: () => number, path: string): Json {
  if (typeof value === 'number') {
    const counterLike = /cumulative|total|Total|energy/.test(path) && !/power/.test(path);
    return counterLike && rand() < 0.5 ? pick(rand, NEGATIVE) : pick(rand, NOT_NUMBERS);
  }
  if (Array.isArray(value)) return value.map((v, i) => withoutNumbers(v, rand, `${path}.${i}`));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withoutNumbers(v, rand, `${path}.${k}`)]),
    );
  return value;
}

function randomBytes(rand: () => number, max = 300): string {
  const n = Math.floor(rand() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(Math.floor(rand() * 256));
  return s;
}

/** True when `text` is a number the bare-number topics would take (so it is not bad). */
const isNumberText = (text: string) => text.trim() !== '' && Number.isFinite(Number(text.trim()));

function jsonMessage(kind: DeviceKind, id: string, rand: () => number): FuzzMessage {
  const template = pick(rand, JSON_TEMPLATES[kind] ?? []);
  const topic = template.topic(id);
  const whole = JSON.stringify(template.payload);
  const how = pick(rand, [
    'truncated',
    'numbers-replaced',
    'broken-start',
    'not-an-object',
    'oversized',
    'nested',
    'random-bytes',
  ] as const);
  let payload: string;
  switch (how) {
    case 'truncated':
      payload = whole.slice(0, 1 + Math.floor(rand() * (whole.length - 1)));
      break;
    case 'numbers-replaced':
      payload = JSON.stringify(withoutNumbers(template.payload, rand, ''));
      // Infinity as JSON text (1e999) is a number to JSON.parse, and no counter.
      if (rand() < 0.2) payload = payload.replace(/"12\.5"/g, '1e999');
      break;
    case 'broken-start':
      payload = `${pick(rand, ['x', ']', '}', ':', ',', '#', "'", '\u0000'])}${whole.slice(1)}`;
      break;
    case 'not-an-object':
      payload = JSON.stringify(
        pick(rand, [0, 4595.563, -1, 'Online', '', null, true, [], [whole], [1, 2, 3]] as Json[]),
      );
      break;
    case 'oversized':
      payload = JSON.stringify({
        ...(template.payload as object),
        pad: 'x'.repeat(65 * 1024 + Math.floor(rand() * 4096)),
      });
      break;
    case 'nested': {
      const depth = 1000 + Math.floor(rand() * 30_000);
      payload = `${'['.repeat(depth)}${rand() < 0.5 ? ']'.repeat(depth) : ''}`;
      break;
    }
    default:
      payload = randomBytes(rand);
      // Random bytes that happen to be JSON are not what this case is for: made invalid.
      if (payload.trim() !== '' && !Number.isNaN(Number(payload.trim()))) payload = `#${payload}`;
  }
  return { kind, topic, payload, how };
}

function numberMessage(kind: DeviceKind, id: string, rand: () => number): FuzzMessage {
  const [topicOf, counter] = pick(rand, NUMBER_TOPICS[kind] ?? []);
  const how = pick(rand, ['negative', 'not-a-number', 'json', 'random-bytes'] as const);
  let payload: string;
  if (how === 'negative' && counter) payload = String(pick(rand, NEGATIVE));
  else if (how === 'json')
    payload = JSON.stringify(pick(rand, [{ total: 5 }, [5], null, true, 'x'] as Json[]));
  else if (how === 'random-bytes') payload = randomBytes(rand, 60);
  else
    payload = pick(rand, [
      'abc',
      '',
      '   ',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e999',
      '12.5.3',
      '--1',
      '1,5',
      '5 W',
      '½',
    ]);
  if (isNumberText(payload)) payload = `${payload}x`; // a finite number by chance: made not one
  return { kind, topic: topicOf(id), payload, how: how === 'negative' && !counter ? 'not-a-number' : how };
}

/** Tasmota's last will: anything but Online or Offline. */
function willMessage(id: string, rand: () => number): FuzzMessage {
  let payload = pick(rand, [
    'online',
    'OFFLINE',
    '',
    'On line',
    '1',
    '{"state":"Online"}',
    randomBytes(rand, 30),
  ]);
  if (payload.trim() === 'Online' || payload.trim() === 'Offline') payload = `${payload}!`;
  return { kind: 'tasmota', topic: `tele/${id}/LWT`, payload, how: 'bad-will' };
}

/** `count` bad messages for the device `id` of `kind`, from `seed`. */
export function badMessages(kind: DeviceKind, id: string, seed: number, count: number): FuzzMessage[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, () => {
    if (kind in NUMBER_TOPICS) return numberMessage(kind, id, rand);
    if (kind === 'tasmota' && rand() < 0.1) return willMessage(id, rand);
    return jsonMessage(kind, id, rand);
  });
}
