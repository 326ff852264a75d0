import { describe, expect, it } from 'vitest';
import {
  formatApiDuration,
  formatDate,
  formatDuration,
  formatHhmm,
  formatMoney,
  formatTime,
  greetingFor,
} from './format';

describe('display formats (spec §9)', () => {
  const date = new Date(2025, 0, 5, 9, 7);

  it('shows dates as DD-MM-YY and times as HH:mm', () => {
    expect(formatDate(date)).toBe('05-01-25');
    expect(formatTime(date)).toBe('09:07');
    expect(formatTime(new Date(2025, 0, 5, 23, 59))).toBe('23:59');
  });

  it('shows money with 2 decimals after the currency unit, the sign first', () => {
    expect(formatMoney('£', 1.5)).toBe('£1.50');
    expect(formatMoney('£', -0.256)).toBe('-£0.26');
    expect(formatMoney('£', -0.001)).toBe('£0.00');
    expect(formatMoney('€', 12)).toBe('€12.00');
  });

  it('greets by the time of day', () => {
    expect(greetingFor(new Date(2025, 0, 5, 11, 59))).toBe('Good morning');
    expect(greetingFor(new Date(2025, 0, 5, 12, 0))).toBe('Good afternoon');
    expect(greetingFor(new Date(2025, 0, 5, 18, 0))).toBe('Good evening');
  });
});

describe('units a person reads at a glance (issue 21)', () => {
  it('shows minutes under an hour, hours and minutes under a day, days and hours beyond', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(59)).toBe('59 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(312)).toBe('5 h 12 min');
    expect(formatDuration(1439)).toBe('23 h 59 min');
    expect(formatDuration(1440)).toBe('1 day');
    expect(formatDuration(1440 + 3 * 60 + 10)).toBe('1 day 3 h');
    // 38181 min = 26 days 12 h 21 min: past a day, the nearest hour.
    expect(formatDuration(38_181)).toBe('26 days 12 h');
    expect(formatDuration(2 * 1440 + 23 * 60 + 31)).toBe('3 days');
  });

  it("reads the API's durations in minutes, and leaves any other unit as it came", () => {
    expect(formatApiDuration({ value: 38_181, unit: 'mins' })).toBe('26 days 12 h');
    expect(formatApiDuration({ value: 3, unit: 'uses' })).toBe('3 uses');
  });

  it('shows tariff times (HHMM integers) as a clock reads them', () => {
    expect(formatHhmm(0)).toBe('00:00');
    expect(formatHhmm(30)).toBe('00:30');
    expect(formatHhmm(730)).toBe('07:30');
    expect(formatHhmm(1600)).toBe('16:00');
    expect(formatHhmm(2330)).toBe('23:30');
  });
});
