import { describe, expect, it } from 'vitest';
import { formatMoney, greetingFor } from './format';

describe('display formats (spec §9)', () => {
  it('shows money with 2 decimals after the currency unit, the sign first', () => {
    expect(formatMoney('£', 1.5)).toBe('£1.50');
    expect(formatMoney('£', -0.256)).toBe('-£0.26');
    expect(formatMoney('£', -0.001)).toBe('£0.00');
    expect(formatMoney('€', 12)).toBe('€12.00');
  });

  it("greets by the hour on the browser's clock (the project's zone: Sydney or Los Angeles)", () => {
    // UTC instants of 5 January 2025; Sydney is UTC+11, Los Angeles UTC−8 (the day before).
    const expected: Record<string, [string, string, string][]> = {
      'Australia/Sydney': [
        ['00:59', '11:59', 'Good morning'],
        ['01:00', '12:00', 'Good afternoon'],
        ['07:00', '18:00', 'Good evening'],
      ],
      'America/Los_Angeles': [
        ['19:59', '11:59', 'Good morning'],
        ['20:00', '12:00', 'Good afternoon'],
        ['02:00', '18:00', 'Good evening'],
      ],
    };
    for (const [utc, , greeting] of expected[process.env.TZ ?? ''] ?? []) {
      expect(greetingFor(Date.parse(`2025-01-05T${utc}:00Z`) / 1000)).toBe(greeting);
    }
    expect(expected[process.env.TZ ?? '']).toBeDefined();
  });
});
