import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatTime, greetingFor } from './format';

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
