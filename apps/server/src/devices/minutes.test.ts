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

  it('a minute the register did not move in is a reading of 0 Wh, not a gap', () => {
    const s = emptyMinutes();
    // A solar home at midday: the import register stands still for two minutes, then moves 2 Wh.
    for (let k = 0; k < 12; k++) addEnergy(s, M + k * 10, M + k * 10 + 10, 0, 'import');
    for (let k = 12; k < 18; k++) addEnergy(s, M + k * 10, M + k * 10 + 10, k === 15 ? 2000 : 0, 'import');
    expect(closeMinutes(s, M + 180).map((r) => [r.start - M, r.interval_s, r.import_wh])).toEqual([
      [0, 60, 0],
      [60, 60, 0],
      [120, 60, 2],
    ]);
  });

  it('an interval arriving late lands in its own minute, in order', () => {
    const s = emptyMinutes();
    addEnergy(s, M + 120, M + 180, 3000, 'import');
    addEnergy(s, M, M + 60, 1000, 'import');
    addEnergy(s, M + 60, M + 120, 2000, 'import');
    expect(closeMinutes(s, M + 180).map((r) => [r.start - M, r.import_wh])).toEqual([
      [0, 1],
      [60, 2],
      [120, 3],
    ]);
  });
});
