import { describe, expect, test } from 'vitest';
import { detectMeterUses, METER_CONTEXT_S, type MeterSample } from '../src/index';

// What any good detector keeps (the write path's tests lean on the same): a clear kettle, a shower and
// an unknown step are found at their minute; background loads are not uses. Not the rules' details.

const DAY = 1_767_225_600; // 2026-01-01T00:00:00Z

/** A day of 1-minute samples: a 200 W background with a fridge cycling, plus steps (W) at given minutes. */
function day(steps: { minute: number; minutes: number; watts: number }[]): MeterSample[] {
  const out: MeterSample[] = [];
  for (let m = 0; m < 1440; m++) {
    let watts = 200 + (m % 40 < 15 ? 90 : 0);
    for (const s of steps) if (m >= s.minute && m < s.minute + s.minutes) watts += s.watts;
    out.push({ start: DAY + m * 60, seconds: 60, wh: Math.round(watts / 60) });
  }
  return out;
}

describe('detectMeterUses', () => {
  test('a 2.8 kW step for 3 minutes over the background is a kettle starting on that minute', () => {
    const uses = detectMeterUses(day([{ minute: 7 * 60 + 12, minutes: 3, watts: 2800 }]));
    expect(uses).toHaveLength(1);
    expect(uses[0]?.kind).toBe('kettle');
    expect(uses[0]?.start).toBe(DAY + (7 * 60 + 12) * 60);
    expect(uses[0]?.watts).toBeGreaterThan(2500);
    expect(uses[0]?.watts).toBeLessThan(3100);
  });

  test('a 9 kW step for 8 minutes is an electric shower; a 1.8 kW 20-minute step an activity', () => {
    const uses = detectMeterUses(
      day([
        { minute: 6 * 60 + 30, minutes: 8, watts: 9000 },
        { minute: 12 * 60, minutes: 20, watts: 1800 },
      ]),
    );
    expect(uses.map((u) => u.kind)).toEqual(['electric_shower', 'activity']);
    expect(uses[0]?.start).toBe(DAY + (6 * 60 + 30) * 60);
    expect(uses[1]?.start).toBe(DAY + 12 * 60 * 60);
    expect(uses[1]?.end).toBeGreaterThanOrEqual(DAY + (12 * 60 + 19) * 60);
    for (const u of uses) {
      expect(u.confidence).toBeGreaterThan(0);
      expect(u.confidence).toBeLessThanOrEqual(1);
    }
  });

  test('background loads alone (base and a cycling fridge) are no use', () => {
    expect(detectMeterUses(day([]))).toEqual([]);
  });

  test('a window with METER_CONTEXT_S either side gives the uses the whole day gives inside it', () => {
    const samples = day([
      { minute: 7 * 60 + 12, minutes: 3, watts: 2800 },
      { minute: 9 * 60 + 58, minutes: 4, watts: 2400 },
      { minute: 10 * 60 + 5, minutes: 9, watts: 8500 },
    ]);
    const whole = detectMeterUses(samples);
    const from = DAY + 10 * 3600;
    const to = DAY + 11 * 3600;
    const inWindow = (u: { start: number; end: number }) => u.end > from && u.start < to;
    const windowed = detectMeterUses(
      samples.filter((s) => s.start >= from - METER_CONTEXT_S && s.start < to + METER_CONTEXT_S),
    );
    expect(windowed.filter(inWindow)).toEqual(whole.filter(inWindow));
    expect(whole.filter(inWindow).length).toBe(2);
  });
});
