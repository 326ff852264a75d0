import { expect, it } from 'vitest';
import { outwardCode } from './postcode';

it('keeps a postcode’s outward code only, and refuses what is not one', () => {
  expect(outwardCode('sw1a 1aa')).toBe('SW1A');
  expect(outwardCode('RG41 2AB')).toBe('RG41');
  expect(outwardCode('M11AE')).toBe('M1');
  expect(outwardCode(' ng1 ')).toBe('NG1');
  expect(outwardCode('EC1A')).toBe('EC1A');
  expect(outwardCode('1AA')).toBeNull();
  expect(outwardCode('LONDON')).toBeNull();
  expect(outwardCode('SW1A 1A')).toBeNull();
  expect(outwardCode('')).toBeNull();
});
