import { describe, expect, it } from 'vitest';
import { parseAgileCsv } from './agile';
import type { ParseResult } from './errors';

const message = (r: ParseResult<unknown>): string => (r.ok ? 'accepted' : r.error.message);
const line = (utc: string, local: string, price = '9.4815', region = 'A'): string =>
  `${utc},${local},${region},Eastern_England,${price}`;

describe('Agile prices CSV', () => {
  it('reads UTC slots and exact µ£/kWh across the autumn clock change', () => {
    const text = [
      line('2020-10-25T00:00:00Z', '01:00', '-8.6415'),
      line('2020-10-25T00:30:00Z', '01:30', '-0.21'),
      line('2020-10-25T01:00:00Z', '01:00', '34.9965'),
      line('2020-10-25T01:30:00Z', '01:30', '9.702'),
    ].join('\n');
    expect(parseAgileCsv(text)).toEqual({
      ok: true,
      value: [
        { slot_start: 1_603_584_000, price_uPkWh: -86_415, region: 'A' },
        { slot_start: 1_603_585_800, price_uPkWh: -2100, region: 'A' },
        { slot_start: 1_603_587_600, price_uPkWh: 349_965, region: 'A' },
        { slot_start: 1_603_589_400, price_uPkWh: 97_020, region: 'A' },
      ],
    });
  });

  it.each([
    [
      line('2020-01-01T00:15:00Z', '00:15'),
      'Row 2, field slot_start: 2020-01-01T00:15:00Z is not on a half-hour (:00 or :30 UTC)',
    ],
    [
      line('2020-01-01T00:30:00', '00:30'),
      'Row 2, field slot_start: "2020-01-01T00:30:00" has no UTC offset; add Z or +01:00 (e.g. 2024-10-01T00:00:00+01:00)',
    ],
    [
      line('2020-07-01T00:30:00Z', '00:30'),
      'Row 2, field local_time: "00:30" is not the UK clock at 2020-07-01T00:30:00Z (01:30)',
    ],
    [
      line('2020-01-01T00:30:00Z', '00:30', '9,48'),
      'Row 2: has 6 fields but the header has 5 (a decimal comma, like 1,5? use a point)',
    ],
    [
      line('2020-01-01T00:30:00Z', '00:30', 'NaN'),
      'Row 2, field price: "NaN" is not a price in pence per kWh; write digits with a decimal point, e.g. -8.6415',
    ],
    [
      line('2020-01-01T00:30:00Z', '00:30', ''),
      'Row 2, field price: "" is not a price in pence per kWh; write digits with a decimal point, e.g. -8.6415',
    ],
    [
      line('2020-01-01T00:30:00Z', '00:30', '9.4', 'C'),
      'Row 2, field region: region C in a file of region A; import one region per file',
    ],
    [
      line('2020-01-01T00:30:00Z', '00:30', '9.4', 'I'),
      'Row 2, field region: "I" is not a region letter A–P',
    ],
    [
      line('2020-01-01T00:00:00Z', '00:00'),
      'Row 2, field slot_start: the slot 2020-01-01T00:00:00Z appears twice',
    ],
  ])('names the row and field for %j', (second, expected) => {
    expect(message(parseAgileCsv(`${line('2020-01-01T00:00:00Z', '00:00')}\n${second}\n`))).toBe(expected);
  });

  it('says a header row is not expected', () => {
    expect(message(parseAgileCsv('timestamp,local,region,name,price\n'))).toMatch(
      /^Row 1, field slot_start: "timestamp" is not a time; .* \(an Agile CSV has no header; its rows look like/,
    );
    expect(message(parseAgileCsv(''))).toBe('an Agile prices CSV is empty');
  });
});
