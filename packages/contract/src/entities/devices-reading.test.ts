import { describe, expect, it } from 'vitest';
import { DeviceAddRequest, readingMwh } from './devices';

// The total a device shows (issue 34 item 3): typed in kWh with a point or a comma, read in whole mWh
// exactly (1.005 as a float times 1e6 is 1004999.9999999999).

const add = (reading: unknown) =>
  DeviceAddRequest.safeParse({ user_id: '1', kind: 'glow', device_id: 'AABBCCDDEEFF', reading });

describe('a device reading', () => {
  it('reads kWh in whole mWh, exactly', () => {
    expect(readingMwh('6613.4')).toBe(6_613_400_000);
    expect(readingMwh('6613,405')).toBe(6_613_405_000);
    expect(readingMwh('0.001')).toBe(1_000);
    expect(readingMwh('1.005')).toBe(1_005_000);
    expect(readingMwh('999999999.999')).toBe(999_999_999_999_000);
  });

  it('keeps the text typed, trimmed; a JSON number as its decimal text; blank as not given', () => {
    expect(add(' 6613,4 ').data?.reading).toBe('6613,4');
    expect(add(6613.4).data?.reading).toBe('6613.4');
    expect(add('').data?.reading).toBeUndefined();
  });

  it('refuses what is not kWh with up to 3 decimals, naming the field', () => {
    for (const bad of ['6613.4567', '-1', '1e3', 'six', '1.2.3', '1 000', '1234567890', ['1', '2']]) {
      const result = add(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.path, String(bad)).toEqual(['reading']);
    }
  });
});
