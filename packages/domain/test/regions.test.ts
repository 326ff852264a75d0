import { describe, expect, it } from 'vitest';
import { REGION_LETTERS, REGION_NAMES, regionOfPostcode, regionOfTariffCode } from '../src/index';

// The region of a postcode (tariff/regions.ts): an area's group, its districts on another group's side,
// spacing and case, and what is not a GB region.

describe('regionOfPostcode', () => {
  it('gives the area’s group for full postcodes, outward codes, any case and spacing', () => {
    expect(regionOfPostcode('SW1A 1AA')).toBe('C');
    expect(regionOfPostcode('sw1a1aa')).toBe('C');
    expect(regionOfPostcode('  sw1a   1aa ')).toBe('C');
    expect(regionOfPostcode('SW1A')).toBe('C');
    expect(regionOfPostcode('RG41')).toBe('H');
    expect(regionOfPostcode('M1 1AE')).toBe('G');
    expect(regionOfPostcode('CF10 1EP')).toBe('K');
    expect(regionOfPostcode('AB10 1XG')).toBe('P');
    expect(regionOfPostcode('EH1 1YZ')).toBe('N');
    expect(regionOfPostcode('LS1 4AP')).toBe('M');
    expect(regionOfPostcode('NE1 7RU')).toBe('F');
    expect(regionOfPostcode('B1 1BB')).toBe('E');
    expect(regionOfPostcode('NG1 5FS')).toBe('B');
    expect(regionOfPostcode('L1 8JQ')).toBe('D');
    expect(regionOfPostcode('EX1 1AA')).toBe('L');
    expect(regionOfPostcode('CT1 2AA')).toBe('J');
    expect(regionOfPostcode('IP1 1AA')).toBe('A');
  });

  it('gives a district on an area’s edge its own group, not its area’s', () => {
    // Shrewsbury (SY1) is Midlands' while most of SY is Merseyside and North Wales'; SY25 South Wales'.
    expect(regionOfPostcode('SY1 1AA')).toBe('E');
    expect(regionOfPostcode('SY23 1AA')).toBe('D');
    expect(regionOfPostcode('SY25 6AA')).toBe('K');
    // Paisley (PA1) is South Scotland's; Oban (PA34) North Scotland's.
    expect(regionOfPostcode('PA1 1AA')).toBe('N');
    expect(regionOfPostcode('PA34 4AA')).toBe('P');
    // Chesterfield (S40) East Midlands'; Sheffield (S1) Yorkshire's.
    expect(regionOfPostcode('S40 1AA')).toBe('B');
    expect(regionOfPostcode('S1 2HE')).toBe('M');
    // Dartford (DA1) South East's; Bexley (DA5) London's.
    expect(regionOfPostcode('DA1 1AA')).toBe('J');
    expect(regionOfPostcode('DA5 1AA')).toBe('C');
    // N1P (a PO box district) is read as N1.
    expect(regionOfPostcode('N1P 1AA')).toBe('C');
  });

  it('is null for what no GB group covers and for what is no postcode', () => {
    for (const p of [
      'BT1 1AA',
      'IM1 1AA',
      'GY1 1AA',
      'JE2 3AB',
      'ZZ1 1AA',
      'QQ9',
      '',
      '12345',
      'SW',
      'SW1A 1A',
    ])
      expect(regionOfPostcode(p), p).toBeNull();
  });

  it('names every letter once, none of them I or O', () => {
    expect(REGION_LETTERS).toHaveLength(14);
    expect(REGION_LETTERS).not.toContain('I');
    expect(REGION_LETTERS).not.toContain('O');
    expect(Object.keys(REGION_NAMES).sort()).toEqual([...REGION_LETTERS]);
  });
});

describe('regionOfTariffCode', () => {
  it('reads the letter a tariff code ends with', () => {
    expect(regionOfTariffCode('E-1R-AGILE-24-10-01-C')).toBe('C');
    expect(regionOfTariffCode('E-2R-VAR-22-11-01-P')).toBe('P');
    expect(regionOfTariffCode('G-1R-SILVER-24-10-01-N')).toBe('N');
    expect(regionOfTariffCode(' E-1R-AGILE-18-02-21-A ')).toBe('A');
  });

  it('is null for a code with no region or a letter that is no region', () => {
    for (const c of ['AGILE-24-10-01', 'E-1R-AGILE-24-10-01-I', 'E-1R-AGILE-24-10-01-c', 'X-1R-FOO-A', ''])
      expect(regionOfTariffCode(c), c).toBeNull();
  });
});
