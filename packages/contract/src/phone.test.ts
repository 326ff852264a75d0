import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { normalisePhone } from './phone';

describe('carer phone numbers (E.164)', () => {
  it('turns what people type into E.164, blank into null, and refuses the rest', () => {
    expect(normalisePhone('07700 900123')).toBe('+447700900123');
    expect(normalisePhone('+44 (0)7700') === undefined).toBe(true);
    expect(normalisePhone('0044 7700-900-123')).toBe('+447700900123');
    expect(normalisePhone('+1 (415) 555.0100')).toBe('+14155550100');
    expect(normalisePhone('   ')).toBeNull();
    for (const bad of ['12345', '+0123456789', '07700 9001x3', '+1234567890123456', '0'])
      expect(normalisePhone(bad), bad).toBeUndefined();
  });

  it('is what the settings write stores', () => {
    const parsed = endpoints.settingsPost.request.parse({ user_id: '1', phone: '07700 900123' });
    expect(parsed.phone).toBe('+447700900123');
    expect(endpoints.settingsPost.request.parse({ user_id: '1', phone: '' }).phone).toBeNull();
  });
});
