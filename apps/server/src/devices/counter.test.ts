import { describe, expect, it } from 'vitest';
import { type CounterState, type CounterStep, type Register, stepCounter } from './counter';
import { MAX_GAS_W, MAX_HOUSE_W, MAX_PLUG_W } from '../features/devices/kinds';

/** Feeds [t, mWh] pairs; returns every step. */
function run(samples: [number, number][], maxW = MAX_HOUSE_W, refreshS?: number): CounterStep[] {
  let state: CounterState | null = null;
  const register: Register = refreshS === undefined ? { maxW } : { maxW, refreshS };
  return samples.map(([t, mwh]) => {
    const next = stepCounter(state, t, mwh, register);
    state = next.state;
    return next.step;
  });
}

const T = 1_700_000_000;

describe('stepCounter', () => {
  it('turns successive values into interval energies by difference', () => {
    expect(
      run([
        [T, 4_595_563_000],
        [T + 10, 4_595_565_000],
        [T + 20, 4_595_565_000],
      ]),
    ).toEqual([
      { kind: 'first' },
      { kind: 'energy', from: T, to: T + 10, mwh: 2000 },
      { kind: 'energy', from: T + 10, to: T + 20, mwh: 0 },
    ]);
  });

  it('ignores a repeat or an older sample (redelivery, Glow re-sending its reading)', () => {
    expect(
      run([
        [T, 1000],
        [T, 1000],
        [T + 10, 2000],
        [T + 5, 1500],
      ]).map((s) => s.kind),
    ).toEqual(['first', 'duplicate', 'energy', 'duplicate']);
  });

  it('takes a counter going down as a reset: the new value is the energy since, never negative', () => {
    expect(
      run(
        [
          [T, 80_000_000],
          [T + 60, 30_000],
        ],
        MAX_PLUG_W,
      )[1],
    ).toEqual({
      kind: 'energy',
      from: T,
      to: T + 60,
      mwh: 30_000,
    });
  });

  it('takes a lone zero followed by the old value as a glitch', () => {
    const steps = run([
      [T, 5_000_000],
      [T + 3, 0],
      [T + 6, 5_001_000],
    ]);
    expect(steps).toEqual([
      { kind: 'first' },
      { kind: 'held' },
      { kind: 'energy', from: T, to: T + 6, mwh: 1000 },
    ]);
  });

  it('takes a zero followed by a lower value as a reset at the zero', () => {
    const steps = run(
      [
        [T, 5_000_000],
        [T + 30, 0],
        [T + 90, 20_000],
      ],
      MAX_PLUG_W,
    );
    expect(steps[2]).toEqual({ kind: 'energy', from: T + 30, to: T + 90, mwh: 20_000 });
  });

  it('rejects a step above what the device could draw, then counts on from the new value', () => {
    // Tasmota after a power cut: 3.705 kWh jumps to 912.4 kWh in 300 s on a 3.7 kW plug.
    const steps = run(
      [
        [T, 3_705_000],
        [T + 300, 912_400_000],
        [T + 600, 912_500_000],
      ],
      MAX_PLUG_W,
    );
    expect(steps[1]).toEqual({
      kind: 'rejected',
      reason:
        'the counter stepped 908.695 kWh in 300 s, more than 3.7 kW could use (from 3.705 kWh to 912.400 kWh)',
    });
    expect(steps[2]).toEqual({ kind: 'energy', from: T + 300, to: T + 600, mwh: 100_000 });
  });

  it('rejects a reset whose value is more than the time since allows (flash fallback)', () => {
    // The counter falls back to last midnight's save: 3.5 kWh "since the reset" 10 s later.
    expect(
      run(
        [
          [T, 3_705_000],
          [T + 10, 3_500_000],
        ],
        MAX_PLUG_W,
      )[1]?.kind,
    ).toBe('rejected');
  });

  it('accepts exactly the most the device could draw, plus one unit of the register', () => {
    // 3.7 kW for 3600 s = 3.7 kWh; +1 Wh resolution.
    expect(
      run(
        [
          [T, 0],
          [T + 3600, 3_701_000],
        ],
        MAX_PLUG_W,
      )[1]?.kind,
    ).toBe('energy');
    expect(
      run(
        [
          [T, 0],
          [T + 3600, 3_701_001],
        ],
        MAX_PLUG_W,
      )[1]?.kind,
    ).toBe('rejected');
  });

  it('does not spread energy over a silence longer than six hours', () => {
    const step = run([
      [T, 1_000_000],
      [T + 7 * 3600, 9_000_000],
    ])[1];
    expect(step).toEqual({
      kind: 'rejected',
      reason: '8.000 kWh over a silence of 7.0 h cannot be placed in time',
    });
  });

  describe('a register refreshed every half-hour (a Glow’s gas, re-sent every ~10 s)', () => {
    const gas = (samples: [number, number][]) => run(samples, MAX_GAS_W, 1800);

    it('places a change in the half-hour before it, not over the time since the last change', () => {
      const steps = gas([
        [T, 5_000_000_000],
        [T + 600, 5_000_000_000], // re-sent: only seen
        [T + 1800, 5_001_234_000], // refreshed: 1.234 kWh
        [T + 2400, 5_001_234_000],
        [T + 3600, 5_001_234_000], // refreshed, unchanged: no gas in that half-hour
        [T + 5400, 5_003_234_000],
      ]);
      expect(steps).toEqual([
        { kind: 'first' },
        { kind: 'unchanged' },
        { kind: 'energy', from: T, to: T + 1800, mwh: 1_234_000 },
        { kind: 'unchanged' },
        { kind: 'unchanged' },
        { kind: 'energy', from: T + 3600, to: T + 5400, mwh: 2_000_000 },
      ]);
    });

    it('takes a night without gas as no gas, not as a silence (the register re-sent all along)', () => {
      const night: [number, number][] = Array.from({ length: 17 }, (_, k) => [T + k * 1800, 7_000_000_000]);
      const steps = gas([...night, [T + 17 * 1800, 7_002_500_000]]);
      expect(steps.at(-1)).toEqual({
        kind: 'energy',
        from: T + 16 * 1800,
        to: T + 17 * 1800,
        mwh: 2_500_000,
      });
    });

    it('places the first change within a half-hour even when it comes right after the first value', () => {
      expect(
        gas([
          [T, 5_000_000_000],
          [T + 10, 5_002_000_000],
        ])[1],
      ).toEqual({ kind: 'energy', from: T + 10 - 1800, to: T + 10, mwh: 2_000_000 });
    });

    it('after messages stopped, places a change since the last message that read the old value', () => {
      expect(
        gas([
          [T, 5_000_000_000],
          [T + 600, 5_000_000_000],
          [T + 3 * 3600, 5_004_000_000],
        ])[2],
      ).toEqual({ kind: 'energy', from: T + 600, to: T + 3 * 3600, mwh: 4_000_000 });
    });

    it('keeps the rules of every counter: a repeat is nothing, a step back is refused and rebased', () => {
      const steps = gas([
        [T, 5_000_000_000],
        [T + 1800, 5_001_000_000],
        [T + 1800, 5_001_000_000], // redelivered
        [T + 1790, 5_000_500_000], // older
        [T + 3600, 4_000_000_000], // a step back
        [T + 5400, 4_000_500_000],
      ]);
      expect(steps.map((s) => s.kind)).toEqual([
        'first',
        'energy',
        'duplicate',
        'duplicate',
        'rejected',
        'energy',
      ]);
      expect(steps[4]).toEqual({
        kind: 'rejected',
        reason:
          'the counter stepped 4000.000 kWh in 1800 s, more than 70 kW could use (from 5001.000 kWh to 4000.000 kWh)',
      });
      expect(steps[5]).toEqual({ kind: 'energy', from: T + 3600, to: T + 5400, mwh: 500_000 });
    });
  });
});
