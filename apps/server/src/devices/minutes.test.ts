import { describe, expect, it } from 'vitest';
import { addEnergy, closeMinutes, emptyMinutes } from './minutes';

const M = 1_700_000_040; // a minute boundary (divisible by 60)

describe('minute readings', () => {
  it('gathers 10 s intervals into one reading per minute once the minute is over', () => {
    const s = emptyMinutes();
    for (let k = 0; k < 6; k++) addEnergy(s, M + k * 10, M + k * 10 + 10, 1700, 'import');
    expect(closeMinutes(s, M + 59)).toEqual([]);
    expect(closeMinutes(s, M + 60)).toEqual([
      { start: M, interval_s: 60, import_wh: 10, export_wh: 0, generation_wh: 0 },
    ]);
    expect(s.open).toEqual([]);
  });

  it('splits an interval across minutes by time, exactly, and carries the rounding', () => {
    const s = emptyMinutes();
    addEnergy(s, M + 30, M + 150, 12_000, 'import'); // 120 s: 3000 / 6000 / 3000 mWh
    addEnergy(s, M + 30, M + 150, 1_500, 'export');
    const readings = closeMinutes(s, M + 180);
    expect(readings.map((r) => [r.start - M, r.import_wh, r.export_wh])).toEqual([
      [0, 3, 0],
      [60, 6, 1],
      [120, 3, 1],
    ]);
    // 375 / 750 / 375 mWh of export: running totals 0.375, 1.125, 1.5 Wh round to 0, 1, 2 → 0, 1, 1.
  });

  it('never drifts: 600 minutes of 1.4 Wh add up to 840 Wh', () => {
    const s = emptyMinutes();
    for (let k = 0; k < 600; k++) addEnergy(s, M + k * 60, M + k * 60 + 60, 1400, 'import');
    const readings = closeMinutes(s, M + 600 * 60);
    expect(readings).toHaveLength(600);
    expect(readings.reduce((a, r) => a + r.import_wh, 0)).toBe(840);
  });
});
