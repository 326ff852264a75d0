import { describe, expect, it } from 'vitest';
import type { ParseResult } from './errors';
import { parseOctopusCsv } from './octopus';

const OLD = 'Consumption (kwh), Estimated Cost Inc. Tax (p), Start, End';
const NEW = 'Consumption (kwh), Estimated Cost Inc. Tax (p), Standing Charge Inc. Tax (p), Start, End';
const message = (r: ParseResult<unknown>): string => (r.ok ? 'accepted' : r.error.message);

describe('Octopus "download your data" CSV', () => {
  it('reads the original layout: space after commas, local offsets, exact Wh', () => {
    const text = [
      OLD,
      '0.028000, 0.71, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00',
      '1.234500, 31.2, 2024-10-01T00:30:00+01:00, 2024-10-01T01:00:00+01:00',
    ].join('\n');
    expect(parseOctopusCsv(text)).toEqual({
      ok: true,
      value: [
        { start: 1_727_737_200, interval_s: 1800, import_wh: 28, export_wh: 0, generation_wh: 0 },
        { start: 1_727_739_000, interval_s: 1800, import_wh: 1235, export_wh: 0, generation_wh: 0 },
      ],
    });
  });

  it('reads the newer layout with a standing-charge column, headers in any case', () => {
    const text = `${NEW.toUpperCase()}\n0.5005, 12.1, 61.64, 2024-12-01T00:00:00Z, 2024-12-01T00:30:00Z\n`;
    const r = parseOctopusCsv(text);
    expect(r.ok && r.value).toEqual([
      { start: 1_733_011_200, interval_s: 1800, import_wh: 501, export_wh: 0, generation_wh: 0 },
    ]);
  });

  it('takes the interval from Start/End across the autumn clock change', () => {
    const text = [
      OLD,
      '0.1, 1, 2025-10-26T01:30:00+01:00, 2025-10-26T01:00:00+00:00',
      '0.2, 1, 2025-10-26T01:00:00+00:00, 2025-10-26T01:30:00+00:00',
      '0.3, 1, 2025-10-26T01:30:00+00:00, 2025-10-26T02:00:00+00:00',
    ].join('\n');
    const r = parseOctopusCsv(text);
    expect(r.ok && r.value.map((x) => [x.start, x.interval_s, x.import_wh])).toEqual([
      [1_761_438_600, 1800, 100],
      [1_761_440_400, 1800, 200],
      [1_761_442_200, 1800, 300],
    ]);
  });

  it('fills export_wh for an export meter', () => {
    const r = parseOctopusCsv(`${OLD}\n0.5, 0, 2024-07-01T12:00:00+01:00, 2024-07-01T12:30:00+01:00`, {
      energy: 'export_wh',
    });
    expect(r.ok && r.value[0]).toMatchObject({ import_wh: 0, export_wh: 500 });
  });

  it.each([
    [
      '1,5, 1, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00',
      /^Row 2: has 5 fields but the header has 4/,
    ],
    [
      '"1,5", 1, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00',
      /^Row 2, field Consumption \(kwh\): "1,5" is not a number of kilowatt-hours/,
    ],
    [
      'NaN, 1, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00',
      /^Row 2, field Consumption \(kwh\): "NaN" is not/,
    ],
    [
      '-0.1, 1, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00',
      /^Row 2, field Consumption \(kwh\): "-0.1" is negative/,
    ],
    [
      ', 1, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00',
      /^Row 2, field Consumption \(kwh\): "" is not a number/,
    ],
    [
      '0.1, 1, 2024-10-01T00:00:00, 2024-10-01T00:30:00+01:00',
      /^Row 2, field Start: "2024-10-01T00:00:00" has no UTC offset/,
    ],
    [
      '0.1, 1, 2024-10-01T00:30:00+01:00, 2024-10-01T00:00:00+01:00',
      /^Row 2, field End: is not after Start$/,
    ],
    [
      '0.1, 1, 2024-10-01T00:00:00+01:00, 2024-10-02T00:00:00+01:00',
      /^Row 2, field End: Start to End is 86400 s; only half-hourly/,
    ],
    [
      '0.1, 1, 2024-10-01T00:15:00+01:00, 2024-10-01T00:45:00+01:00',
      /^Row 2, field End: a reading from 2024-09-30T23:15:00Z lasting 1800 s crosses/,
    ],
    [
      '51, 1, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00',
      /^Row 2, field Consumption \(kwh\): 51000 Wh in 1800 s is more than 100 kW/,
    ],
  ])('names the row and column for %j', (line, expected) => {
    expect(message(parseOctopusCsv(`${OLD}\n${line}\n`))).toMatch(expected);
  });

  it('passes a repeated half-hour on, refuses an overlapping one and a header that is not Octopus', () => {
    const line = '0.1, 1, 2024-10-01T00:00:00+01:00, 2024-10-01T00:30:00+01:00';
    const repeated = parseOctopusCsv(`${OLD}\n${line}\n${line}\n`);
    expect(repeated.ok && repeated.value.length).toBe(2);
    const shifted = '0.1, 1, 2024-10-01T00:15:00+01:00, 2024-10-01T00:30:00+01:00';
    expect(message(parseOctopusCsv(`${OLD}\n${line}\n${shifted}\n`))).toMatch(
      /^Row 3, field Start: .* overlaps/,
    );
    expect(message(parseOctopusCsv('timestamp (UTC),energyConsumption (kWh)\n'))).toMatch(
      /^Row 1: the header .* is not an Octopus header: no "Consumption \(kwh\)" column/,
    );
  });
});
