/**
 * Simulated devices for `npm run simulate -- devices` (pure, deterministic per seed and home): a home's
 * draw is a base load plus a 3 kW kettle boiled a few minutes now and then; its Glow publishes the meter
 * register every 10 s, its Shelly kettle plug a NotifyStatus on each change and its energy each minute, its
 * Tasmota kettle plug a SENSOR every minute (local London time without offset, as Tasmota does). Plug
 * counters reset now and then (a power cut), as real ones do.
 */
import { DEFAULT_TIME_ZONE } from '@homeview/domain';

export type SimulatedKind = 'glow' | 'shelly' | 'tasmota';
export const SIMULATED_KINDS: readonly SimulatedKind[] = ['glow', 'shelly', 'tasmota'];

export function simulatedDeviceId(kind: SimulatedKind, seed: number, home: number): string {
  const n = String(home + 1).padStart(4, '0');
  return kind === 'glow' ? `SIM${seed}G${n}` : `sim${kind}-${seed}-${n}`;
}

function hash(...values: number[]): number {
  let h = 2_166_136_261;
  for (const v of values) {
    h ^= v;
    h = Math.imul(h, 16_777_619) >>> 0;
  }
  return h;
}

/** The kettle's draw at minute `m` (epoch minutes): on for 3 minutes in about one hour in twenty. */
export function kettleW(seed: number, home: number, minute: number): number {
  const start = minute - (minute % 3);
  return hash(seed, home, start) % 20 === 0 ? 3000 : 0;
}

export function homeW(seed: number, home: number, minute: number): number {
  return 200 + (hash(seed, home, Math.floor(minute / 30)) % 400) + kettleW(seed, home, minute);
}

export interface SimulatedMessage {
  topic: string;
  payload: string;
}

/** The device's state between messages: its counter (Wh ×1000, i.e. mWh) and last power. */
export interface SimulatedState {
  mwh: number;
  lastW: number | null;
}

const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');
const londonNaive = (t: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: DEFAULT_TIME_ZONE, // the simulated homes' zone (a home's by default)
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(new Date(t * 1000))
    .replace(' ', 'T');

/** A Glow display's electricitymeter message: registers in whole Wh (kWh with 3 decimals), power in W. */
export function glowPayload(t: number, importWh: number, exportWh: number, powerW: number): string {
  const kwh = (wh: number) => (Math.round(wh) / 1000).toFixed(3);
  return `{"electricitymeter":{"timestamp":"${iso(t)}","energy":{"export":{"cumulative":${kwh(exportWh)},"units":"kWh"},"import":{"cumulative":${kwh(importWh)},"units":"kWh"}},"power":{"value":${(powerW / 1000).toFixed(3)},"units":"kW"}}}`;
}

/** A Shelly Gen2+ plug's NotifyStatus for switch:0 with the fields given (power W, counter Wh). */
export function shellyPayload(id: string, t: number, fields: { w?: number; totalWh?: number }): string {
  const parts: string[] = [];
  if (fields.w !== undefined) parts.push(`"apower":${fields.w}`);
  if (fields.totalWh !== undefined) parts.push(`"aenergy":{"total":${fields.totalWh.toFixed(3)}}`);
  return `{"src":"${id}","method":"NotifyStatus","params":{"ts":${t},"switch:0":{"id":0,${parts.join(',')}}}}`;
}

/** The messages a device sends in the 10 s tick starting at `t` (epoch s, a multiple of 10). */
export function tick(
  kind: SimulatedKind,
  seed: number,
  home: number,
  t: number,
  state: SimulatedState,
): SimulatedMessage[] {
  const minute = Math.floor(t / 60);
  const id = simulatedDeviceId(kind, seed, home);
  if (kind === 'glow') {
    state.mwh += Math.round((homeW(seed, home, minute) * 10) / 3.6);
    const w = homeW(seed, home, minute);
    return [{ topic: `glow/${id}/SENSOR/electricitymeter`, payload: glowPayload(t, state.mwh / 1000, 0, w) }];
  }
  const w = kettleW(seed, home, minute);
  state.mwh += Math.round((w * 10) / 3.6);
  // A power cut about once in 5,000 ticks: the plug's counter starts again from 0.
  if (hash(seed, home, t, 7) % 5000 === 0) state.mwh = 0;
  const changed = w !== state.lastW;
  state.lastW = w;
  if (kind === 'shelly') {
    if (!changed && t % 60 !== 0) return [];
    const fields = {
      ...(changed ? { w } : {}),
      ...(t % 60 === 0 ? { totalWh: state.mwh / 1000 } : {}),
    };
    return [{ topic: `${id}/events/rpc`, payload: shellyPayload(id, t, fields) }];
  }
  if (t % 60 !== 0 && !changed) return [];
  return [
    {
      topic: `tele/${id}/SENSOR`,
      payload: `{"Time":"${londonNaive(t)}","ENERGY":{"Total":${(state.mwh / 1e6).toFixed(3)},"Power":${w}}}`,
    },
  ];
}
