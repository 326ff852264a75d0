import { describe, expect, it } from 'vitest';
import {
  AXIS_TICKS,
  changeAgainst,
  detailLabel,
  outcomeOf,
  periodLabel,
  periodOption,
  shareOf,
  soFarLabel,
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

  it("labels periods HOURLY/DAILY/WEEKLY/MONTHLY/YEARLY or TODAY'S, with §9 axis ticks", () => {
    expect(periodLabel('day', true)).toBe("TODAY'S");
    expect(['hour', 'day', 'week', 'month', 'year'].map((u) => periodLabel(u as 'day', false))).toEqual([
      'HOURLY',
      'DAILY',
      'WEEKLY',
      'MONTHLY',
      'YEARLY',
    ]);
    // A year (issue 38) names its twelve months while they fit.
    expect(AXIS_TICKS).toEqual({ hour: 5, day: 4, week: 3, month: 4, year: 12 });
  });

  it('labels periods and chart bars in the zone of the answer', () => {
    const ts = Date.parse('2024-11-05T09:07:00Z') / 1000;
    expect(detailLabel('day', ts, 'Europe/London')).toBe('09:07');
    expect(detailLabel('week', ts, 'Europe/London')).toBe('Tue 05-11-24');
    expect(detailLabel('week', ts, 'Australia/Sydney')).toBe('Tue 05-11-24');
    expect(detailLabel('hour', ts, 'Australia/Sydney')).toBe('20:07');
    expect(periodOption('week', null)).toBe('Last 7 days');
    expect(periodOption('month', ts, 'Europe/London')).toBe('November 2024');
    expect(periodOption('week', ts, 'Europe/London')).toBe('Week of 05-11-24');
    expect(periodOption('hour', ts, 'Asia/Tokyo')).toBe('05-11-24 18:07');
    // A month starting at local midnight in Tokyo is still that month there (October in UTC).
    const tokyoNovember = Date.parse('2024-10-31T15:00:00Z') / 1000;
    expect(periodOption('month', tokyoNovember, 'Asia/Tokyo')).toBe('November 2024');
    expect(periodOption('month', tokyoNovember, 'UTC')).toBe('October 2024');
    // A year's months (issue 38): 1 January 00:00 in Tokyo is still 2024 in UTC.
    const tokyoNewYear = Date.parse('2024-12-31T15:00:00Z') / 1000;
    expect(periodOption('year', tokyoNewYear, 'Asia/Tokyo')).toBe('2025');
    expect(periodOption('year', tokyoNewYear, 'UTC')).toBe('2024');
    expect(detailLabel('year', tokyoNewYear, 'Asia/Tokyo')).toBe('January');
    expect(detailLabel('year', tokyoNewYear, 'UTC')).toBe('December');
    expect(detailLabel('year', Date.parse('2025-03-31T23:00:00Z') / 1000, 'Europe/London')).toBe('April');
  });

  it("says the change against the previous period and each appliance's share, rounded", () => {
    expect(changeAgainst('week', '£', 10.3, 11.5)).toBe('£1.20 less than last week');
    expect(changeAgainst('month', '£', 3.01, 3)).toBe('£0.01 more than last month');
    expect(changeAgainst('day', '£', 1, 1)).toBe('The same as the day before');
    expect(changeAgainst('year', '£', 140.84, 159.86)).toBe('£19.02 less than last year');
    expect(shareOf(0.47, 2.35)).toBe('20%');
    expect(shareOf(0.001, 2.35)).toBe('<1%');
    expect(shareOf(1, 0)).toBe('');
  });

  it('names the part of the previous period a period under way is compared with (house zone)', () => {
    const t = (iso: string) => Date.parse(iso) / 1000;
    const london = 'Europe/London';
    const soFar = (end: string) => ({ start_timestamp: 0, end_timestamp: t(end), cost: 1 });
    expect(soFarLabel('day', soFar('2024-10-27T12:20:00Z'), t('2024-10-28T00:00:00Z'), london)).toBe(
      'yesterday by 12:20',
    );
    expect(soFarLabel('hour', soFar('2024-10-28T11:20:00Z'), t('2024-10-28T12:00:00Z'), london)).toBe(
      'the hour before by 11:20',
    );
    expect(soFarLabel('week', soFar('2024-11-22T12:20:00Z'), t('2024-11-25T00:00:00Z'), london)).toBe(
      'last week by Friday 12:20',
    );
    // 11:20Z on 5 October is 12:20 BST.
    expect(soFarLabel('month', soFar('2024-10-05T11:20:00Z'), t('2024-11-01T00:00:00Z'), london)).toBe(
      'last month by 5 October 12:20',
    );
    expect(soFarLabel('month', soFar('2024-03-01T00:00:00Z'), t('2024-03-01T00:00:00Z'), london)).toBe(
      'all of last month',
    );
    expect(soFarLabel('year', soFar('2025-11-15T12:20:00Z'), t('2026-01-01T00:00:00Z'), london)).toBe(
      'last year by 15 November 12:20',
    );
    expect(changeAgainst('day', '£', 1.5, 2.41, 'yesterday by 12:20')).toBe(
      '£0.91 less than yesterday by 12:20',
    );
  });
});
