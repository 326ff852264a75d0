import type { Reading } from '../ingest/formats';

/**
 * Whole-house energy at 1-minute resolution at most, whatever the device's cadence: each interval energy
 * (from the counter normaliser) is spread over the UTC minutes it spans in proportion to time, and a
 * minute becomes a 60 s reading once the device has reported past its end. A register refreshed only
 * every half-hour (a Glow's gas) is binned the same way by half-hours (`binS` = 1800): finer readings
 * would only be a straight line drawn between two refreshes. Wh are carried (each reading
 * is round(total after) − round(total before)), so the readings add up to the counter's energy instead of
 * drifting by up to ½ Wh per minute. Pure and serialisable (stored with the device).
 */
export interface MinuteState {
  /** Open minutes: [start epoch s, import mWh, export mWh], ascending. */
  open: [number, number, number][];
  /** mWh handed out as readings so far and the Wh they made, per direction (the carry). */
  importMwh: number;
  importWh: number;
  exportMwh: number;
  exportWh: number;
}

export const MINUTE_S = 60;

export function emptyMinutes(): MinuteState {
  return { open: [], importMwh: 0, importWh: 0, exportMwh: 0, exportWh: 0 };
}

/**
 * Adds `mwh` used over [from, to) in one direction, split across minutes (bins) exactly (integer mWh).
 * Every minute the interval spans is known, a register that did not move included: it becomes a reading
 * of 0 Wh, never a gap (a solar home's midday, a small load under the register's 1 Wh step), which the
 * screens and InfoCare would take for missing data.
 */
export function addEnergy(
  state: MinuteState,
  from: number,
  to: number,
  mwh: number,
  direction: 'import' | 'export',
  binS = MINUTE_S,
): void {
  if (to <= from) return;
  const span = to - from;
  const col = direction === 'import' ? 1 : 2;
  let given = 0;
  for (let m = from - (from % binS); m < to; m += binS) {
    const upTo = Math.min(to, m + binS) - from;
    const share = Math.round((mwh * upTo) / span) - given;
    given += share;
    binAt(state, m)[col] += share;
  }
}

/** The open bin starting at `m`, added in order when new (intervals mostly arrive in order: it goes last). */
function binAt(state: MinuteState, m: number): [number, number, number] {
  const open = state.open;
  for (let k = open.length - 1; k >= 0; k--) {
    const bin = open[k] as [number, number, number];
    if (bin[0] === m) return bin;
    if (bin[0] < m) {
      const added: [number, number, number] = [m, 0, 0];
      open.splice(k + 1, 0, added);
      return added;
    }
  }
  const added: [number, number, number] = [m, 0, 0];
  open.unshift(added);
  return added;
}

/**
 * Readings of the minutes (bins) that end at or before `upTo` (the device's latest sample, or the time up
 * to which its energy is known), removed from the state.
 */
export function closeMinutes(state: MinuteState, upTo: number, binS = MINUTE_S): Reading[] {
  const readings: Reading[] = [];
  while (state.open.length > 0 && (state.open[0] as [number, number, number])[0] + binS <= upTo) {
    const [start, imp, exp] = state.open.shift() as [number, number, number];
    state.importMwh += imp;
    state.exportMwh += exp;
    const importDue = Math.round(state.importMwh / 1000);
    const exportDue = Math.round(state.exportMwh / 1000);
    readings.push({
      start,
      interval_s: binS,
      import_wh: importDue - state.importWh,
      export_wh: exportDue - state.exportWh,
      generation_wh: 0,
    });
    state.importWh = importDue;
    state.exportWh = exportDue;
  }
  return readings;
}
