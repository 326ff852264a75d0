import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateLabel,
  dayLabel,
  minuteLabel,
  dayStart,
  daysFrom,
  fromDateTimeInput,
  fromLocalDate,
  localDateOf,
  noonOf,
  timeLabel,
  toDateTimeInput,
  weekdayDayLabel,
  weekdayName,
} from './time';

// The one time formatter of both dashboards, with every expectation written out: the project's browser
// zone (vitest.config.ts: Sydney or Los Angeles) only matters where no zone is given.

const utc = (iso: string) => Date.parse(iso) / 1000;

describe("times on screens (§9), in the home's zone", () => {
  it("writes dates DD-MM-YY and times HH:mm, in the browser's zone only when no zone is given", () => {
    const ts = utc('2024-11-05T12:00:00Z');
    const browser = {
      'Australia/Sydney': ['05-11-24', '23:00', 'Tuesday'],
      'America/Los_Angeles': ['05-11-24', '04:00', 'Tuesday'],
    }[process.env.TZ as 'Australia/Sydney' | 'America/Los_Angeles'];
    expect([dayLabel(ts), timeLabel(ts), weekdayName(ts)]).toEqual(browser);
    expect([dayLabel(ts, 'Europe/London'), timeLabel(ts, 'Europe/London')]).toEqual(['05-11-24', '12:00']);
    expect(weekdayName(utc('2026-11-18T20:00:00Z'), 'Australia/Sydney')).toBe('Thursday');
    expect(weekdayName(utc('2026-11-18T20:00:00Z'), 'Europe/London')).toBe('Wednesday');
  });

  it("writes times and dates in the house's zone, whatever the browser's", () => {
    const late = Date.parse('2024-11-05T23:30:00Z') / 1000;
    expect([dayLabel(late, 'Europe/London'), timeLabel(late, 'Europe/London')]).toEqual([
      '05-11-24',
      '23:30',
    ]);
    expect([dayLabel(late, 'Asia/Tokyo'), timeLabel(late, 'Asia/Tokyo')]).toEqual(['06-11-24', '08:30']);
    expect(weekdayDayLabel(late, 'Asia/Tokyo')).toBe('Wed 06-11-24');
    // Summer time: 23:30Z on 1 July is 00:30 on the 2nd in London; midnight shows 00:00, never 24:00.
    const summer = Date.parse('2024-07-01T23:30:00Z') / 1000;
    expect(`${dayLabel(summer, 'Europe/London')} ${timeLabel(summer, 'Europe/London')}`).toBe(
      '02-07-24 00:30',
    );
    expect(timeLabel(Date.parse('2024-07-01T23:00:00Z') / 1000, 'Europe/London')).toBe('00:00');
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

  it("starts and steps the home's days across its clock changes, 23 or 25 hours long", () => {
    // London falls back on Sunday 25 October 2026: that day lasts 25 hours.
    const londonSunday = utc('2026-10-24T23:00:00Z');
    expect(dayStart(utc('2026-10-25T12:00:00Z'), 'Europe/London')).toBe(londonSunday);
    expect(dayStart(londonSunday, 'Europe/London')).toBe(londonSunday);
    expect(addDays(londonSunday, 1, 'Europe/London')).toBe(utc('2026-10-26T00:00:00Z'));
    expect(addDays(utc('2026-10-26T09:00:00Z'), -1, 'Europe/London')).toBe(londonSunday);
    // Sydney springs forward on Sunday 4 October 2026: 23 hours, from 00:00 AEST to 00:00 AEDT.
    expect(daysFrom(utc('2026-10-03T20:00:00Z'), 3, 'Australia/Sydney')).toEqual([
      utc('2026-10-03T14:00:00Z'),
      utc('2026-10-04T13:00:00Z'),
      utc('2026-10-05T13:00:00Z'),
    ]);
    // 23:30 in London on the 17th is the 18th in Sydney: each home's own day.
    const late = utc('2026-11-17T23:30:00Z');
    expect(dayStart(late, 'Europe/London')).toBe(utc('2026-11-17T00:00:00Z'));
    expect(dayStart(late, 'Australia/Sydney')).toBe(utc('2026-11-17T13:00:00Z'));
  });

  it("reads a date picker's YYYY-MM-DD as the start of that day in the home's zone", () => {
    expect(fromLocalDate('2026-10-25', 'Europe/London')).toBe(utc('2026-10-24T23:00:00Z'));
    expect(fromLocalDate('2026-10-04', 'Australia/Sydney')).toBe(utc('2026-10-03T14:00:00Z'));
    expect(fromLocalDate('2026-02-30', 'Europe/London')).toBeNull();
    expect(fromLocalDate('25-10-2026', 'Europe/London')).toBeNull();
    expect(fromLocalDate('', 'Europe/London')).toBeNull();
  });
});

describe('minuteLabel (issue 25: trends carry minutes of the day)', () => {
  it('reads a minute of the day as the clock does', () => {
    expect([minuteLabel(0), minuteLabel(465), minuteLabel(1439), minuteLabel(1500)]).toEqual([
      '00:00',
      '07:45',
      '23:59',
      '23:59',
    ]);
  });
});

describe("a datetime-local field on the home's clock (holiday mode)", () => {
  it('writes and reads London wall times whatever the browser, across both clock changes', () => {
    expect(toDateTimeInput(1797757200, 'Europe/London')).toBe('2026-12-20T09:00'); // 09:00 UTC
    expect(toDateTimeInput(1792888200, 'Europe/London')).toBe('2026-10-25T01:30'); // 00:30 UTC, BST
    expect(toDateTimeInput(1792891800, 'Europe/London')).toBe('2026-10-25T01:30'); // 01:30 UTC, GMT
    expect(fromDateTimeInput('2026-12-20T09:00', 'Europe/London')).toBe(1797757200);
    expect(fromDateTimeInput('2026-12-20T09:00', 'Australia/Sydney')).toBe(1797717600); // 22:00 UTC the day before
    // 01:30 is read twice as the clocks go back: the first, BST.
    expect(fromDateTimeInput('2026-10-25T01:30', 'Europe/London')).toBe(1792888200);
    // 01:30 never happens as they go forward (29 March 2026): read on the clock from before, 02:30 BST.
    expect(fromDateTimeInput('2026-03-29T01:30', 'Europe/London')).toBe(1774747800);
    expect(fromDateTimeInput('2026-03-29T00:30', 'Europe/London')).toBe(1774744200);
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-12-20T24:00', '2026-12-20 09:00', '2026-12-20T9:00'])
      expect(fromDateTimeInput(bad, 'Europe/London')).toBeNull();
  });
});
