import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cubicMetresToWh, kwhToWh, meterFigureToWh } from '../src/features/suppliers/kwh';
import { OctopusSource, retryAfter } from '../src/features/suppliers/octopus';
import { SupplierError, type SupplierMeterRef } from '../src/features/suppliers/source';
import {
  EXPORT_MPAN,
  GAS_MPRN,
  IMPORT_MPAN,
  type OctopusStandin,
  refitSeries,
  SERIALS,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  startOctopusStandin,
} from './support/octopus-standin';

// The Octopus client against the local stand-in (real REFIT half-hours, documented shapes): meters of the
// property not moved out of, half-hours exact in Wh, every fault an answer the fill can act on.

const DAY = 86_400;
/** 2014-06-01 00:00 BST. */
const JUNE_1 = Date.UTC(2014, 4, 31, 23) / 1000;
const importMeter: SupplierMeterRef = {
  fuel: 'electricity',
  direction: 'import',
  point: IMPORT_MPAN,
  serials: [SERIALS.import],
  unit: 'kWh',
};
const expected = (from: number, to: number) =>
  refitSeries()
    .filter((r) => r.start >= from && r.start < to)
    .map((r) => ({ start: r.start, value: r.kwh })); // the figures as sent (kWh): the fill converts

describe('kWh → Wh', () => {
  it('is exact on the decimal written, half away from zero', () => {
    expect(kwhToWh(0.4127)).toBe(413);
    expect(kwhToWh(1.0005)).toBe(1001); // Math.round(1.0005 * 1000) is 1000
    expect(kwhToWh(0.0004999)).toBe(0);
    expect(kwhToWh(0.0005)).toBe(1);
    expect(kwhToWh(1e-7)).toBe(0);
    expect(kwhToWh(12)).toBe(12_000);
    expect(kwhToWh(2.5e-4)).toBe(0);
    expect(kwhToWh(-0.0015)).toBe(-2);
    expect(() => kwhToWh(Number.NaN)).toThrow(RangeError);
  });
  it('turns m³ into Wh at the calorific value, exact on the decimal written (worked by hand with bc)', () => {
    // kWh = m³ × 1.02264 × CV ÷ 3.6: 1 m³ at 39.5 is 11.2206333 kWh; 1.0005 m³ 11.2262437; 0.0005 m³
    // 0.0056103; 2.345 m³ at 40.1 is 26.7120670; 0.035 m³ at 39.5 is 0.3927222.
    expect(cubicMetresToWh(1, 395)).toBe(11_221);
    expect(cubicMetresToWh(1.0005, 395)).toBe(11_226);
    expect(cubicMetresToWh(0.0005, 395)).toBe(6);
    expect(cubicMetresToWh(2.345, 401)).toBe(26_712);
    expect(cubicMetresToWh(0.035, 395)).toBe(393);
    expect(() => cubicMetresToWh(-0.5, 395)).toThrow(RangeError);
    // A figure that is no energy is refused (null), never stored: negative, NaN, infinite.
    for (const bad of [-0.25, Number.NaN, Number.POSITIVE_INFINITY])
      for (const unit of ['kWh', 'm3'] as const) expect(meterFigureToWh(bad, unit, 395)).toBeNull();
    expect(meterFigureToWh(0.13, 'm3', 395)).toBe(1459);
    expect(meterFigureToWh(0.13, 'kWh', 395)).toBe(130);
  });
  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfter('120')).toBe(120);
    expect(retryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60);
    expect(retryAfter(null)).toBeNull();
    expect(retryAfter('soon')).toBeNull();
  });
});

describe('Octopus client against the stand-in', () => {
  let standin: OctopusStandin;
  const source = (key = STANDIN_KEY, account = STANDIN_ACCOUNT, timeoutMs = 10_000) =>
    new OctopusSource({ apiKey: key, accountNumber: account }, { baseUrl: standin.url, timeoutMs });

  beforeAll(async () => {
    refitSeries(); // read once, before any call's timeout runs
    standin = await startOctopusStandin();
  });
  afterAll(() => standin.close());
  beforeEach(() => {
    Object.assign(standin.faults, {
      errors5xx: 0,
      rateLimited: 0,
      hang: 0,
      badShape: 0,
      pageSize: 25_000,
      duplicatePage: false,
      outside: false,
      hidden: new Set(),
      swapAt: null,
      exportMpan: false,
      gasMprn: false,
    });
    standin.calls.length = 0;
  });

  it('lists the meters of the property not moved out of: import, export and gas (m³), each with its serials', async () => {
    Object.assign(standin.faults, { exportMpan: true, gasMprn: true, swapAt: JUNE_1 });
    const s = source();
    expect(await s.meters()).toEqual([
      { ...importMeter, serials: [SERIALS.import, SERIALS.swapped] },
      {
        fuel: 'electricity',
        direction: 'export',
        point: EXPORT_MPAN,
        serials: [SERIALS.export],
        unit: 'kWh',
      },
      { fuel: 'gas', direction: 'import', point: GAS_MPRN, serials: [SERIALS.gas], unit: 'm3' },
    ]);
    expect(s.calls).toBe(1);
  });

  it('refuses a wrong key or account as credentials', async () => {
    for (const s of [source('sk_wrong_key_0000000'), source(STANDIN_KEY, 'A-00000000')]) {
      const error = await s.meters().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupplierError);
      expect((error as SupplierError).problem).toBe('credentials');
      expect((error as SupplierError).message).not.toContain(STANDIN_KEY);
    }
  });

  it('gives 13 months of half-hours in one call, exact to the Wh, clock-change days 50 and 46', async () => {
    const from = JUNE_1;
    const to = Date.UTC(2015, 5, 20) / 1000;
    const s = source();
    const got = await s.halfHours(importMeter, from, to);
    expect(s.calls).toBe(1);
    expect(got).toEqual(expected(from, to));
    const autumn = Date.UTC(2014, 9, 25, 23) / 1000; // 2014-10-26 00:00 BST
    const spring = Date.UTC(2015, 2, 29) / 1000; // 2015-03-29 00:00 GMT
    expect(got.filter((h) => h.start >= autumn && h.start < autumn + 25 * 3600)).toHaveLength(50);
    expect(got.filter((h) => h.start >= spring && h.start < spring + 23 * 3600)).toHaveLength(46);
  });

  it('drops rows outside the range, follows pages and a page sent twice without doubling', async () => {
    Object.assign(standin.faults, { outside: true, pageSize: 100, duplicatePage: true });
    const from = JUNE_1;
    const to = JUNE_1 + 5 * DAY;
    const s = source();
    expect(await s.halfHours(importMeter, from, to)).toEqual(expected(from, to));
    // 240 rows at 100 a page: pages 1, 2, 2 again, 3.
    expect(s.calls).toBe(4);
  });

  it('continues one series across a meter swap, and leaves hidden slots out until they arrive', async () => {
    const swapAt = JUNE_1 + 2 * DAY + 1800 * 7;
    standin.faults.swapAt = swapAt;
    const hidden = [JUNE_1 + 3600, JUNE_1 + 4 * DAY];
    standin.faults.hidden = new Set(hidden);
    const meter = { ...importMeter, serials: [SERIALS.import, SERIALS.swapped] };
    const got = await source().halfHours(meter, JUNE_1, JUNE_1 + 5 * DAY);
    expect(got).toEqual(expected(JUNE_1, JUNE_1 + 5 * DAY).filter((h) => !hidden.includes(h.start)));
    standin.faults.hidden = new Set();
    expect(await source().halfHours(meter, JUNE_1, JUNE_1 + 5 * DAY)).toEqual(
      expected(JUNE_1, JUNE_1 + 5 * DAY),
    );
  });

  it('says how each failure failed: 5xx, 429 with Retry-After, no answer, a refused connection, a wrong shape', async () => {
    const problem = async (s: OctopusSource) => {
      const e = await s.halfHours(importMeter, JUNE_1, JUNE_1 + DAY).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(SupplierError);
      return e as SupplierError;
    };
    standin.faults.errors5xx = 1;
    expect((await problem(source())).problem).toBe('unavailable');
    Object.assign(standin.faults, { rateLimited: 1, retryAfterS: 90 });
    const limited = await problem(source());
    expect([limited.problem, limited.retryAfterS]).toEqual(['rate_limited', 90]);
    standin.faults.hang = 1;
    const started = Date.now();
    expect((await problem(source(STANDIN_KEY, STANDIN_ACCOUNT, 300))).problem).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2000);
    standin.faults.badShape = 1;
    expect((await problem(source())).problem).toBe('bad_answer');
    const closed = new OctopusSource(
      { apiKey: STANDIN_KEY, accountNumber: STANDIN_ACCOUNT },
      { baseUrl: 'http://127.0.0.1:1' },
    );
    expect((await problem(closed)).problem).toBe('unavailable');
    // After the faults, the same call answers.
    expect(await source().halfHours(importMeter, JUNE_1, JUNE_1 + DAY)).toEqual(
      expected(JUNE_1, JUNE_1 + DAY),
    );
  });
});
