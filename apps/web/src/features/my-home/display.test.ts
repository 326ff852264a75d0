import { describe, expect, it } from 'vitest';
import {
  AXIS_TICKS,
  changeAgainst,
  dayLabel,
  detailLabel,
  outcomeOf,
  periodLabel,
  periodOption,
  shareOf,
  timeLabel,
} from './display';

// Spec §9's display rules, as pure functions.

describe('HomeView display rules (§9)', () => {
  it('is in profit from income − cost ≥ 0.01, breaks even when equal at 2 decimals, else a loss', () => {
    expect(outcomeOf({ income: 1.01, cost: 1 })).toBe('profit');
    expect(outcomeOf({ income: 1.004, cost: 1 })).toBe('break-even');
    expect(outcomeOf({ income: 2.5, cost: 2.5 })).toBe('break-even');
    expect(outcomeOf({ income: 0.99, cost: 1 })).toBe('loss');
    expect(outcomeOf({ income: 0.1 + 0.2, cost: 0.3 })).toBe('break-even');
  });

  it("labels periods HOURLY/DAILY/WEEKLY/MONTHLY or TODAY'S, with §9 axis ticks", () => {
    expect(periodLabel('day', true)).toBe("TODAY'S");
    expect(['hour', 'day', 'week', 'month'].map((u) => periodLabel(u as 'day', false))).toEqual([
      'HOURLY',
      'DAILY',
      'WEEKLY',
      'MONTHLY',
    ]);
    expect(AXIS_TICKS).toEqual({ hour: 5, day: 4, week: 3, month: 4 });
  });

  it('writes dates DD-MM-YY and times HH:mm', () => {
    const ts = new Date(2024, 10, 5, 9, 7).getTime() / 1000;
    expect(dayLabel(ts)).toBe('05-11-24');
    expect(timeLabel(ts)).toBe('09:07');
    expect(detailLabel('day', ts)).toBe('09:07');
    expect(detailLabel('week', ts)).toBe('Tue 05-11-24');
    expect(periodOption('week', null)).toBe('Last 7 days');
    expect(periodOption('month', ts)).toBe('November 2024');
    expect(periodOption('week', ts)).toBe('Week of 05-11-24');
  });

  it("says the change against the previous period and each appliance's share, rounded", () => {
    expect(changeAgainst('week', '£', 10.3, 11.5)).toBe('£1.20 less than last week');
    expect(changeAgainst('month', '£', 3.01, 3)).toBe('£0.01 more than last month');
    expect(changeAgainst('day', '£', 1, 1)).toBe('The same as the day before');
    expect(shareOf(0.47, 2.35)).toBe('20%');
    expect(shareOf(0.001, 2.35)).toBe('<1%');
    expect(shareOf(1, 0)).toBe('');
  });
});
