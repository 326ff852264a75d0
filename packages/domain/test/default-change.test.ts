import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TARIFFS,
  EVERY_DATE,
  firstChangedDate,
  fixedRate,
  makeTariff,
  parseDefaultSeries,
  serializeDefaultSeries,
  type Tariff,
} from '../src/index';

// A changed default series must be found from its first changed local date, so stored money is
// repriced from there (apps/server default-sync.ts) and not before.
const v = (startDate: string, unit: number, standing = 500_000): Tariff =>
  makeTariff({ startDate, standingCharge: standing, import: fixedRate(unit), export: fixedRate(150_000) });

describe('firstChangedDate', () => {
  const series = [v('2022-04-01', 283_400), v('2022-10-01', 340_000), v('2023-04-01', 332_100)];

  it('is null for the same series, and for a split that charges the same', () => {
    expect(firstChangedDate(series, series)).toBeNull();
    expect(
      firstChangedDate(series, [...series.slice(0, 2), v('2023-01-01', 340_000), series[2]!]),
    ).toBeNull();
  });

  it('is the start of a corrected period, or of a period added at the end', () => {
    expect(firstChangedDate(series, [series[0]!, v('2022-10-01', 340_001), series[2]!])).toBe('2022-10-01');
    expect(firstChangedDate(series, [...series, v('2023-07-01', 301_100)])).toBe('2023-07-01');
    expect(firstChangedDate(series, [series[0]!, series[1]!, v('2023-04-01', 332_100, 1)])).toBe(
      '2023-04-01',
    );
  });

  it('is every date when earlier periods are added: the old first period covered the dates before it', () => {
    expect(firstChangedDate(series, [v('2020-04-01', 170_000), ...series])).toBe(EVERY_DATE);
    // …unless the added period charges what the old first one did.
    expect(firstChangedDate(series, [v('2020-04-01', 283_400), ...series])).toBeNull();
  });

  it('round-trips the code’s series through its text form', () => {
    const text = serializeDefaultSeries(DEFAULT_TARIFFS);
    expect(firstChangedDate(parseDefaultSeries(text), DEFAULT_TARIFFS)).toBeNull();
    expect(serializeDefaultSeries(parseDefaultSeries(text))).toBe(text);
    expect(() => parseDefaultSeries('{"not":"a series"}')).toThrow();
  });
});
