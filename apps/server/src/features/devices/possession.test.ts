import { describe, expect, it } from 'vitest';
import { possessionProblem } from './possession';

// The proof of possession's bounds (issue 34 item 3), figures typed by hand: a total within the kind's
// tolerance of the last counter, plus what the device could have used since (at most 10 minutes of its
// highest draw); a device switched off its kind's minutes counts as not sending.

const record = (last_seen: number, counter_mwh: number | null, counter_at: number | null) => ({
  last_seen,
  counter_mwh,
  counter_at,
});

describe('possessionProblem', () => {
  it('asks nothing of a device never heard of, or one off its kind’s minutes', () => {
    expect(possessionProblem('glow', null, undefined, 5000)).toBeNull();
    expect(possessionProblem('glow', record(1000, 6_613_405_000, 1000), undefined, 1000 + 899)).toMatch(
      /^This device is already sending, so its id alone does not show it is yours\./,
    );
    expect(possessionProblem('glow', record(1000, 6_613_405_000, 1000), undefined, 1000 + 900)).toBeNull();
    // A Tasmota reports every 5 minutes by default (up to an hour): 2 hours off.
    expect(possessionProblem('tasmota', record(0, 1_000, 0), undefined, 7199)).not.toBeNull();
    expect(possessionProblem('tasmota', record(0, 1_000, 0), undefined, 7200)).toBeNull();
  });

  it('takes a Glow’s meter reading within 1 kWh, plus 10 s at 25 kW', () => {
    // 6,613.405 kWh 10 s ago: from 6,612.405 kWh to 6,613.405 kWh + 1 kWh + 69,445 mWh (10 s at 25 kW).
    const r = record(1000, 6_613_405_000, 1000);
    expect(possessionProblem('glow', r, 6_612_405_000, 1010)).toBeNull();
    expect(possessionProblem('glow', r, 6_614_474_445, 1010)).toBeNull();
    expect(possessionProblem('glow', r, 6_612_404_999, 1010)).toMatch(/^That is not the energy total/);
    expect(possessionProblem('glow', r, 6_614_474_446, 1010)).toMatch(/^That is not the energy total/);
  });

  it('lets a plug’s counter grow at most 10 minutes at 3.7 kW, a Shelly’s at 25 kW (it may be a clamp)', () => {
    // 12.345 kWh an hour ago: grown at most 600 s × 3,700 W = 616,667 mWh, beside the 100,000 mWh tolerance.
    const plug = record(0, 12_345_000, 0);
    expect(possessionProblem('tasmota', plug, 13_061_667, 3600)).toBeNull();
    expect(possessionProblem('tasmota', plug, 13_061_668, 3600)).not.toBeNull();
    expect(possessionProblem('tasmota', plug, 12_245_000, 3600)).toBeNull();
    expect(possessionProblem('tasmota', plug, 12_244_999, 3600)).not.toBeNull();
    const shelly = record(0, 0, 0);
    expect(possessionProblem('shelly', shelly, 516_667, 60)).toBeNull();
    expect(possessionProblem('shelly', shelly, 516_668, 60)).not.toBeNull();
  });

  it('says a device sending no total is proven only by switching it off', () => {
    expect(possessionProblem('emon', record(100, null, null), 5_000, 160)).toBe(
      'This device is already sending, and its messages carry no energy total to check that it is yours: switch it off (unplug it) for 15 minutes, add it while it is off, then switch it back on.',
    );
  });
});
