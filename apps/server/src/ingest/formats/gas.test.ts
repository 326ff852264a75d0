import { describe, expect, it } from 'vitest';
import type { ParseResult } from './errors';
import { parseN3rgyCsv } from './n3rgy';
import { parseOctopusCsv } from './octopus';
import type { Reading } from './reading';

// Gas files (issue 35). Expected Wh are worked by hand: kWh = m³ × 1.02264 × CV ÷ 3.6, rounded to the Wh.
//   1.000 m³ at 39.5 MJ/m³: 1.02264 × 39.5 ÷ 3.6 = 11.22063… kWh → 11,221 Wh
//   0.125 m³ at 40.0 MJ/m³: 0.125 × 1.02264 × 40 ÷ 3.6 = 1.42033… kWh → 1,420 Wh

const whs = (r: ParseResult<Reading[]>) => {
  if (!r.ok) throw r.error;
  return r.value.map((x) => [x.start, x.interval_s, x.import_wh, x.export_wh]);
};
const message = (r: ParseResult<unknown>) => (r.ok ? 'parsed' : r.error.message);

const N3RGY_M3 = 'timestamp (UTC),energyConsumption (m3)\n2021-10-01 00:30,1.000\n2021-10-01 01:00,0.125\n';
const START = Date.UTC(2021, 9, 1) / 1000;

describe('gas files', () => {
  it('turns an n3rgy m³ file into Wh at the default calorific value, or at the one of each start', () => {
    expect(whs(parseN3rgyCsv(N3RGY_M3, { fuel: 'gas' }))).toEqual([
      [START, 1800, 11_221, 0],
      [START + 1800, 1800, 1_403, 0], // 0.125 × 1.02264 × 39.5 ÷ 3.6 = 1.40258 kWh
    ]);
    // A dated value: 39.5 before START + 1800, 40.0 from it; each reading at its own start's (the END
    // stamp 01:00 is the half-hour starting 00:30, so the second row).
    const asked: number[] = [];
    const dated = (ts: number) => {
      asked.push(ts);
      return ts < START + 1800 ? 395 : 400;
    };
    expect(whs(parseN3rgyCsv(N3RGY_M3, { fuel: 'gas', calorificAt: dated }))).toEqual([
      [START, 1800, 11_221, 0],
      [START + 1800, 1800, 1_420, 0],
    ]);
    expect(asked).toEqual([START, START + 1800]);
  });

  it('reads an n3rgy kWh file of gas (a SMETS1 meter) as kWh', () => {
    const kwh = 'timestamp (UTC),energyConsumption (kWh)\n2021-10-01 00:30,0.5\n';
    expect(whs(parseN3rgyCsv(kwh, { fuel: 'gas', calorificAt: () => 400 }))).toEqual([[START, 1800, 500, 0]]);
  });

  it('reads an Octopus gas file as m³ when the person says the meter counts m³', () => {
    const csv =
      'Consumption (kwh), Estimated Cost Inc. Tax (p), Start, End\n' +
      '1.000, 6.1, 2021-10-01T00:00:00+01:00, 2021-10-01T00:30:00+01:00\n';
    const at = START - 3600;
    expect(whs(parseOctopusCsv(csv, { units: { fuel: 'gas' } }))).toEqual([[at, 1800, 1_000, 0]]);
    expect(whs(parseOctopusCsv(csv, { units: { fuel: 'gas', gasUnit: 'm3' } }))).toEqual([
      [at, 1800, 11_221, 0],
    ]);
    // At the value of the reading's start (1.000 m³ at 40.0: 1.02264 × 40 ÷ 3.6 = 11.36267 kWh).
    const dated = (ts: number) => (ts < at ? 395 : 400);
    expect(whs(parseOctopusCsv(csv, { units: { fuel: 'gas', gasUnit: 'm3', calorificAt: dated } }))).toEqual([
      [at, 1800, 11_363, 0],
    ]);
  });

  it('refuses m³ read as electricity, and a negative or malformed volume, naming the row and column', () => {
    const octopusM3 = 'Consumption (m3), Start, End\n1.0, 2021-10-01T00:00:00Z, 2021-10-01T00:30:00Z\n';
    expect(message(parseOctopusCsv(octopusM3))).toBe(
      'Row 1, field Consumption (m3): is gas in m³: import it as gas (--fuel gas, or ?fuel=gas)',
    );
    expect(whs(parseOctopusCsv(octopusM3, { units: { fuel: 'gas' } }))[0]?.[2]).toBe(
      11_221 - 11_221 + 11_221,
    );
    const bad = (value: string) =>
      message(
        parseN3rgyCsv(`timestamp (UTC),energyConsumption (m3)\n2021-10-01 00:30,${value}\n`, { fuel: 'gas' }),
      );
    expect(bad('-0.1')).toBe(
      'Row 2, field energyConsumption (m3): "-0.1" is negative; consumption cannot be below zero',
    );
    expect(bad('1.5e3')).toMatch(
      /^Row 2, field energyConsumption \(m3\): .* is not a number of cubic metres/,
    );
  });
});
