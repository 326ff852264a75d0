import { describe, expect, it } from 'vitest';
import { parseDeviceMessage } from '../../devices/parse';
import { SIMULATED_KINDS, type SimulatedState, tick } from './simulated';

const T = Date.UTC(2026, 6, 1, 12, 0, 0) / 1000; // summer: Tasmota's local time is an hour ahead of UTC

describe('simulated devices', () => {
  it.each(SIMULATED_KINDS)('%s publishes what its parser reads back, at the right time', (kind) => {
    const state: SimulatedState = { mwh: 0, lastW: null };
    let counters = 0;
    for (let s = 0; s < 3600; s += 10) {
      for (const m of tick(kind, 1, 0, T + s, state)) {
        const parsed = parseDeviceMessage(m.topic, m.payload, T + s + 1, { zoneOf: () => 'Europe/London' });
        if (parsed === null || !parsed.ok) throw new Error(`${m.topic}: ${JSON.stringify(parsed)}`);
        expect(parsed.samples[0]!.t).toBe(T + s);
        if (parsed.samples[0]!.importMwh !== undefined) counters++;
      }
    }
    expect(counters).toBeGreaterThanOrEqual(60); // at least one counter a minute
  });

  it('is deterministic per seed and home', () => {
    const run = () => {
      const state: SimulatedState = { mwh: 0, lastW: null };
      return Array.from({ length: 100 }, (_, k) => tick('shelly', 3, 7, T + k * 10, state));
    };
    expect(run()).toEqual(run());
  });
});
