/**
 * The one normaliser for every cumulative energy counter (Glow kWh, Shelly Wh, Gen1 watt-minutes, Tasmota
 * and Zigbee kWh, all as whole mWh by the parser): successive values become interval energies by
 * difference. Hazards (../shared/design/devices.md §1.10):
 * - a sample not after the last one is a duplicate or a redelivery: nothing;
 * - a value below the last is a reset (power loss, reboot): the new value is the energy since the reset,
 *   never a negative reading;
 * - a lone zero followed by the old value or more is a glitch (Refoss/Shelly read 0 for a moment): the zero
 *   is held until the next sample says which it was;
 * - a step above what the device could draw in the elapsed time (`maxW`) is rejected and reported, and the
 *   new value becomes the base (Tasmota's "random" counter after a power cut then counts on from there);
 * - energy over a silence longer than MAX_SPREAD_S is not attributed to it (when in those hours is unknown):
 *   rejected and reported the same way.
 * The same rules serve every fuel; a register differs only in its `Register` (the most its meter passes,
 * and how often the meter refreshes it: a Glow re-sends its gas register every ~10 s but reads the meter
 * only every 30 min, `refreshS`).
 * Pure and serialisable: the state is stored with the device so a restart differences against it.
 */
export interface CounterState {
  /** Last accepted sample: epoch s and counter mWh (a refreshed register: when it last changed). */
  t: number;
  mwh: number;
  /** A zero seen after it, waiting to be told a glitch from a reset. */
  zeroAt: number | null;
  /** A refreshed register: the last sample that still read `mwh` (absent: `t`). */
  seen?: number;
}

/** How one register is read. */
export interface Register {
  /** The most its meter can pass: a step above this over the elapsed time is rejected. */
  maxW: number;
  /**
   * The register is refreshed from the meter only this often and re-sent unchanged in between (a Glow's
   * gas, every 1800 s): an unchanged value only says the register still reads it (`seen`), and a change is
   * energy used since the refresh before it, i.e. since the later of the register's previous change and
   * `refreshS` before the change, or since the last sample that still read the old value when the
   * messages stopped for longer than that. Spreading it over the whole time since the previous change
   * would smear an hour's heating over a night without gas (and reject it as a silence over 6 h).
   */
  refreshS?: number;
}

export type CounterStep =
  | { kind: 'energy'; from: number; to: number; mwh: number }
  | { kind: 'first' | 'duplicate' | 'held' | 'unchanged' }
  | { kind: 'rejected'; reason: string };

/** Six hours: a Glow or plug silent longer than that has energy we cannot place in time. */
export const MAX_SPREAD_S = 6 * 3600;
/** One unit of the coarsest register (kWh with 3 decimals = 1 Wh) is always believable. */
const RESOLUTION_MWH = 1000;

function kwh(mwh: number): string {
  return `${(mwh / 1e6).toFixed(3)} kWh`;
}

export function maxMwhIn(seconds: number, maxW: number): number {
  return Math.ceil((maxW * seconds) / 3.6) + RESOLUTION_MWH;
}

/** Feeds one counter value; returns the new state and what it means. */
export function stepCounter(
  state: CounterState | null,
  t: number,
  mwh: number,
  register: Register,
): { state: CounterState; step: CounterStep } {
  const { maxW, refreshS } = register;
  if (state === null) {
    // A refreshed register's first value was read from the meter at most refreshS before it came: its
    // next change is placed in the refresh interval before that change, even if it starts before this.
    const first =
      refreshS === undefined ? { t, mwh, zeroAt: null } : { t: t - refreshS, mwh, zeroAt: null, seen: t };
    return { state: first, step: { kind: 'first' } };
  }
  const seen = state.seen ?? state.t;
  if (t <= seen || (state.zeroAt !== null && t <= state.zeroAt))
    return { state, step: { kind: 'duplicate' } };
  if (mwh === 0 && state.mwh > 0 && state.zeroAt === null) {
    return { state: { ...state, zeroAt: t }, step: { kind: 'held' } };
  }
  if (refreshS !== undefined && mwh === state.mwh)
    return { state: { ...state, zeroAt: null, seen: t }, step: { kind: 'unchanged' } };
  let from = refreshS === undefined ? state.t : Math.max(state.t, Math.min(seen, t - refreshS));
  let energy: number;
  if (mwh >= state.mwh) energy = mwh - state.mwh;
  else {
    // A reset: at the held zero if there was one (the energy before it is lost), else somewhere since
    // the last sample; either way the new value is what was used since.
    if (state.zeroAt !== null) from = state.zeroAt;
    energy = mwh;
  }
  const next: CounterState = { t, mwh, zeroAt: null };
  const elapsed = t - from;
  if (elapsed > MAX_SPREAD_S && energy > 0) {
    return {
      state: next,
      step: {
        kind: 'rejected',
        reason: `${kwh(energy)} over a silence of ${(elapsed / 3600).toFixed(1)} h cannot be placed in time`,
      },
    };
  }
  const limit = maxMwhIn(elapsed, maxW);
  if (energy > limit) {
    return {
      state: next,
      step: {
        kind: 'rejected',
        reason:
          `the counter stepped ${kwh(energy)} in ${elapsed} s, more than ${maxW / 1000} kW could use ` +
          `(from ${kwh(state.mwh)} to ${kwh(mwh)})`,
      },
    };
  }
  return { state: next, step: { kind: 'energy', from, to: t, mwh: energy } };
}
