import { describe, expect, it } from 'vitest';
import {
  AXIS_TICKS,
  changeAgainst,
  dateLabel,
  dayLabel,
  detailLabel,
  outcomeOf,
  periodLabel,
  localDateOf,
  noonOf,
  periodOption,
  shareOf,
  soFarLabel,
  timeLabel,
  weekdayDayLabel,
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

  it("writes times and dates in the house's zone, whatever the browser's", () => {
    const late = Date.parse('2024-11-05T23:30:00Z') / 1000;
    expect([dayLabel(late, 'Europe/London'), timeLabel(late, 'Europe/London')]).toEqual([
      '05-11-24',
      '23:30',
    ]);
    expect([dayLabel(late, 'Asia/Tokyo'), timeLabel(late, 'Asia/Tokyo')]).toEqual(['06-11-24', '08:30']);
    expect(detailLabel('week', late, 'Asia/Tokyo')).toBe('Wed 06-11-24');
    // Summer time: 23:30Z on 1 July is 00:30 on the 2nd in London; midnight shows 00:00, never 24:00.
    const summer = Date.parse('2024-07-01T23:30:00Z') / 1000;
    expect(`${dayLabel(summer, 'Europe/London')} ${timeLabel(summer, 'Europe/London')}`).toBe(
      '02-07-24 00:30',
    );
    expect(timeLabel(Date.parse('2024-07-01T23:00:00Z') / 1000, 'Europe/London')).toBe('00:00');
    // A month starting at local midnight in Tokyo is still that month there (October in UTC).
    const tokyoNovember = Date.parse('2024-10-31T15:00:00Z') / 1000;
    expect(periodOption('month', tokyoNovember, 'Asia/Tokyo')).toBe('November 2024');
    expect(periodOption('month', tokyoNovember, 'UTC')).toBe('October 2024');
  });

  it("formats with the answer's UTC offsets inside their spans, exactly as Intl does, and with Intl outside", () => {
    const change = Date.parse('2024-10-27T01:00:00Z') / 1000; // London falls back from BST to GMT
    const answer = {
      time_zone: 'Europe/London',
      utc_offsets: [
        { start_timestamp: change - 86_400, end_timestamp: change, offset_seconds: 3600 },
        { start_timestamp: change, end_timestamp: change + 86_400, offset_seconds: 0 },
      ],
    };
    for (let ts = change - 90_000; ts < change + 90_000; ts += 900) {
      expect(`${weekdayDayLabel(ts, answer)} ${timeLabel(ts, answer)}`).toBe(
        `${weekdayDayLabel(ts, 'Europe/London')} ${timeLabel(ts, 'Europe/London')}`,
      );
    }
    // The spans are what is used inside them: offsets an answer gives are shown as given.
    const odd = {
      time_zone: 'Europe/London',
      utc_offsets: [{ ...answer.utc_offsets[1]!, offset_seconds: 5 * 3600 }],
    };
    expect(timeLabel(change + 3600, odd)).toBe('07:00');
    expect(timeLabel(change + 86_400 + 3600, odd)).toBe('02:00'); // past the span: London by Intl
  });

  it('steps local days in the house zone across a clock change, and names an instant inside each', () => {
    const now = Date.parse('2024-10-27T10:00:00Z') / 1000; // the 25-hour day in London
    expect(localDateOf(now, 'Europe/London')).toBe('2024-10-27');
    expect(localDateOf(now, 'Europe/London', -1)).toBe('2024-10-26');
    expect(localDateOf(now, 'Pacific/Auckland')).toBe('2024-10-27');
    expect(localDateOf(Date.parse('2024-10-27T12:00:00Z') / 1000, 'Pacific/Auckland')).toBe('2024-10-28');
    expect(noonOf('2024-10-27', 'Europe/London')).toBe(Date.parse('2024-10-27T12:00:00Z') / 1000);
    expect(noonOf('2024-10-26', 'Europe/London')).toBe(Date.parse('2024-10-26T11:00:00Z') / 1000);
    expect(noonOf('2024-10-26', 'Asia/Tokyo')).toBe(Date.parse('2024-10-26T03:00:00Z') / 1000);
    expect(dateLabel('2024-10-27')).toBe('Sun 27-10-24');
    expect(dateLabel('2024-10-27', false)).toBe('27-10-24');
  });

  it("says the change against the previous period and each appliance's share, rounded", () => {
    expect(changeAgainst('week', '£', 10.3, 11.5)).toBe('£1.20 less than last week');
    expect(changeAgainst('month', '£', 3.01, 3)).toBe('£0.01 more than last month');
    expect(changeAgainst('day', '£', 1, 1)).toBe('The same as the day before');
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
    expect(changeAgainst('day', '£', 1.5, 2.41, 'yesterday by 12:20')).toBe(
      '£0.91 less than yesterday by 12:20',
    );
  });
});
