import { describe, expect, it } from 'vitest';
import { clockToHhmm, HALF_HOUR_TIMES, hhmmToClock, hhmmToMinutes, isHalfHourHhmm, padHhmm } from './clock';

describe('HHMM times', () => {
  it.each([
    [0, '0000', '00:00', 0],
    [30, '0030', '00:30', 30],
    [730, '0730', '07:30', 450],
    [1600, '1600', '16:00', 960],
    [2330, '2330', '23:30', 1410],
  ])('%i pads to %s, shows as %s, is minute %i', (hhmm, padded, clock, minutes) => {
    expect(padHhmm(hhmm)).toBe(padded);
    expect(hhmmToClock(hhmm)).toBe(clock);
    expect(clockToHhmm(clock)).toBe(hhmm);
    expect(hhmmToMinutes(hhmm)).toBe(minutes);
  });

  it.each(['24:00', '7:30', '07:60', '0730', ''])('%j is not a clock time', (clock) => {
    expect(clockToHhmm(clock)).toBeUndefined();
  });

  it.each([0, 30, 100, 1130, 2300, 2330])('%i is a half-hour step', (t) => {
    expect(isHalfHourHhmm(t)).toBe(true);
  });

  it.each([15, 60, 90, 160, 2360, 2400, -30, 1.5, 45])('%i is not a half-hour step', (t) => {
    expect(isHalfHourHhmm(t)).toBe(false);
  });

  it('lists the 48 steps in order', () => {
    expect(HALF_HOUR_TIMES).toHaveLength(48);
    expect(HALF_HOUR_TIMES.slice(0, 3)).toEqual([0, 30, 100]);
    expect(HALF_HOUR_TIMES.at(-1)).toBe(2330);
    expect(HALF_HOUR_TIMES.every(isHalfHourHhmm)).toBe(true);
    expect(HALF_HOUR_TIMES.every((t, i) => i === 0 || t > (HALF_HOUR_TIMES[i - 1] ?? 0))).toBe(true);
  });
});
