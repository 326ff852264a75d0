import { localDate } from '@homeview/domain';
import type { ApplianceEventInput, Reading } from '../features/readings/ingest';
import { type Register, stepCounter } from './counter';
import { EM_GAP_S } from './em-history';
import { MAX_GAS_W, MAX_HOUSE_W, MAX_PLUG_W } from '../features/devices/kinds';
import type { Live } from './live';
import { addEnergy, closeMinutes, emptyMinutes } from './minutes';
import type { DeviceSample } from './parsers/sample';
import type { PlugUse } from './plug-uses';

// One parsed sample of a registered channel → its counters stepped (counter.ts), its energy in the open
// minutes (minutes.ts) or the plug's use detector (plug-uses.ts), an emon power-only node's power
// integrated, a Shelly EM's gap held for its records (em-history.ts), and the minutes it closed.

/**
 * Power-only devices (emon nodes with P and no E): energy is the power held until the next sample, over
 * gaps up to this long; a longer silence has no energy (when in it the power changed is unknown).
 */
export const MAX_POWER_GAP_S = 120;

/**
 * A Glow's gas register: the meter is read every 30 min and the Glow re-sends the last reading at its
 * electricity cadence (devices.md §1.2). Its energy is stored per UTC half-hour (readings of 1800 s): a
 * change of the register is gas used in the half-hour before it (counter.ts Register.refreshS), spread
 * over the half-hours that interval touches, and a half-hour is stored once the register has changed at
 * or after its end (its energy is only known then: a re-send of the old value says nothing about it). So
 * the stored gas adds up to the register's movement, Wh for Wh (the carry of minutes.ts); the open
 * half-hours wait, stored with the device, for the next change.
 */
const HALF_HOUR_S = 1800;
/** A Glow reads the gas meter every half-hour and re-sends the register in between. */
const GAS_REFRESH_S = 1800;
const GAS: Register = { maxW: MAX_GAS_W, refreshS: GAS_REFRESH_S };

/**
 * What a sample's channel tells back: a value refused (counted on the device), readings closed. One sink
 * serves every sample (the consumer's), so it is told the channel and sample each time.
 */
export interface SampleSink {
  reject(live: Live, s: DeviceSample, reason: string, now: number): void;
  readings(live: Live, readings: Reading[], fuel?: 'gas'): void;
}

const DIRECTIONS = ['import', 'export'] as const;

/** A counter's energy into the channel's open minutes, or a plug's detector (its import only). */
function addChannelEnergy(
  live: Live,
  from: number,
  to: number,
  mwh: number,
  direction: 'import' | 'export',
): void {
  if (live.plug !== null) {
    if (direction === 'import') live.plug.energy(from, to, mwh);
  } else addEnergy(live.counter.minutes, from, to, mwh, direction);
}

export function takeSample(live: Live, s: DeviceSample, now: number, sink: SampleSink): void {
  if (s.history !== undefined) live.history = s.history;
  live.lastMessage = now;
  live.online = s.online ?? true;
  live.dirty = true;
  if (s.fuel === 'gas') {
    takeGas(live, s, now, sink);
    return;
  }
  const maxW = live.plug === null ? MAX_HOUSE_W : MAX_PLUG_W;
  for (const direction of DIRECTIONS) {
    const mwh = direction === 'import' ? s.importMwh : s.exportMwh;
    if (mwh === undefined) continue;
    const { state, step } = stepCounter(live.counter[direction], s.t, mwh, { maxW });
    live.counter[direction] = state;
    if (step.kind === 'rejected') sink.reject(live, s, step.reason, now);
    else if (step.kind === 'energy') {
      if (live.history !== null && live.plug === null && step.to - step.from > EM_GAP_S) {
        // A Shelly EM back after a gap: its records of the gap say when the energy was used.
        live.counter.gap ??= {
          from: step.from,
          to: step.to,
          importMwh: 0,
          exportMwh: 0,
          since: now,
          askedAt: null,
        };
        const gap = live.counter.gap;
        gap[direction === 'import' ? 'importMwh' : 'exportMwh'] += step.mwh;
      } else addChannelEnergy(live, step.from, step.to, step.mwh, direction);
    }
  }
  let integrated = false;
  if (s.powerW !== undefined && live.plug !== null && s.powerW < 0) {
    // A plug only draws power: a negative value is a bad value like any other (issue 33 item 7).
    sink.reject(live, s, `power ${s.powerW} W is negative: a plug only draws power`, now);
  } else if (s.powerW !== undefined) {
    live.plug?.power(s.t, s.powerW, now);
    // An emon node that reports power and no counter: the energy is its power over time.
    if (live.device.kind === 'emon' && live.counter.import === null && s.importMwh === undefined) {
      const previous = live.counter.power ?? null;
      const step = integratePower(previous, s.t, s.powerW, maxW);
      if (step.kind === 'rejected') sink.reject(live, s, step.reason, now);
      else if (previous === null || s.t > previous.t) {
        live.counter.power = { t: s.t, w: s.powerW };
        if (step.kind === 'energy') {
          addChannelEnergy(live, step.from, step.to, step.mwh, step.direction);
          integrated = true;
        }
      }
    }
  }
  if (live.plug === null && (s.importMwh !== undefined || s.exportMwh !== undefined || integrated)) {
    // While a gap waits for its records, minutes from the gap's first on stay open (it adds to them).
    const gap = live.counter.gap;
    const upTo = gap ? Math.min(s.t, gap.from - (gap.from % 60)) : s.t;
    const readings = closeMinutes(live.counter.minutes, upTo);
    if (readings.length > 0) sink.readings(live, readings);
  }
}

/** A gas register's sample: the same counter rules as electricity's, half-hours for minutes. */
function takeGas(live: Live, s: DeviceSample, now: number, sink: SampleSink): void {
  if (s.importMwh === undefined) return;
  live.counter.gas ??= { import: null, halfHours: emptyMinutes() };
  const gas = live.counter.gas;
  const { state, step } = stepCounter(gas.import, s.t, s.importMwh, GAS);
  gas.import = state;
  // No gas was used from what is known until the register moved, nor until the refresh before a sample
  // that still reads the same: a summer day without heating is 48 half-hours of 0 Wh, not missing data.
  // A change is placed from at least that refresh (counter.ts), so no closed half-hour gets energy later.
  const noGasUntil = (t: number) => {
    if (gas.known !== undefined && t > gas.known)
      addEnergy(gas.halfHours, gas.known, t, 0, 'import', HALF_HOUR_S);
    gas.known = Math.max(gas.known ?? t, t);
  };
  if (step.kind === 'first') gas.known = s.t;
  else if (step.kind === 'rejected') {
    sink.reject(live, s, `gas: ${step.reason}`, now);
    gas.known = s.t; // what came before this sample is not known: a gap, never 0
  } else if (step.kind === 'unchanged') noGasUntil(s.t - GAS_REFRESH_S);
  else if (step.kind === 'energy') {
    noGasUntil(step.from);
    addEnergy(gas.halfHours, step.from, step.to, step.mwh, 'import', HALF_HOUR_S);
    gas.known = step.to;
  }
  // Up to what is known (a re-send before a refresh adds nothing), never past the register's sample.
  const readings = closeMinutes(gas.halfHours, Math.max(state.t, gas.known ?? state.t), HALF_HOUR_S);
  if (readings.length > 0) sink.readings(live, readings, 'gas');
}

/** A plug's uses whose energy is known by now, as appliance uses of its house (its own count moved on). */
export function takePlugUses(live: Live, now: number): ApplianceEventInput[] {
  if (live.plug === null || live.device.applianceTypeId === null) return [];
  return asEvents(live, live.plug.take(now));
}

/**
 * A plug read afresh from what a holder that died stored (handover.ts): its open use is forgotten, its
 * closed ones settled now (PlugUses.distrust).
 */
export function distrustPlug(live: Live): ApplianceEventInput[] {
  if (live.plug === null || live.device.applianceTypeId === null) return [];
  live.dirty = true;
  return asEvents(live, live.plug.distrust());
}

function asEvents(live: Live, uses: PlugUse[]): ApplianceEventInput[] {
  if (uses.length === 0) return [];
  live.dirty = true; // its state, without these uses, is stored with them
  for (const u of uses) {
    const day = localDate(u.start, live.device.zone);
    const own = live.counter.uses;
    live.counter.uses = own?.day === day ? { day, n: own.n + 1 } : own && own.day > day ? own : { day, n: 1 };
  }
  const typeId = live.device.applianceTypeId as number;
  return uses.map((u) => ({ appliance_type_id: typeId, start: u.start, end: u.end, energy_wh: u.energy_wh }));
}

/**
 * A power-only device's energy between two power samples: the earlier power held until the later one
 * (a sample's power is what it drew until the next), over gaps up to MAX_POWER_GAP_S; import for power
 * drawn, export for negative power (a CT clamp on a solar home's meter tails). A power beyond what the
 * device could carry is rejected, and the sample is not taken.
 */
export function integratePower(
  previous: { t: number; w: number } | null,
  t: number,
  w: number,
  maxW: number,
):
  | { kind: 'energy'; from: number; to: number; mwh: number; direction: 'import' | 'export' }
  | { kind: 'none' }
  | { kind: 'rejected'; reason: string } {
  if (Math.abs(w) > maxW)
    return { kind: 'rejected', reason: `power ${w} W is more than ${maxW / 1000} kW could carry` };
  if (previous === null || t <= previous.t || t - previous.t > MAX_POWER_GAP_S) return { kind: 'none' };
  // 0 W held is energy too: 0 Wh over a known time, minutes of 0 rather than a gap.
  const mwh = Math.round((Math.abs(previous.w) * (t - previous.t)) / 3.6);
  return { kind: 'energy', from: previous.t, to: t, mwh, direction: previous.w >= 0 ? 'import' : 'export' };
}
