import { describe, expect, it } from 'vitest';
import type { ParseResult } from './errors';
import { parseGenericCsv, streamGenericCsv } from './generic';
import type { Reading } from './reading';
import { parseReadingsCsv, readingsFormatFrom, streamReadingsCsv } from './readings-csv';

const HEADER = 'start,interval_s,import_wh,export_wh,generation_wh';
const message = (r: ParseResult<unknown>): string => (r.ok ? 'accepted' : r.error.message);
const row = (cells: string): string => `${HEADER}\n1727737200,1800,412,0,0\n${cells}\n`;

describe('generic readings CSV', () => {
  it('reads epoch and ISO starts, columns in any order, spaces and case ignored in the header', () => {
    const text =
      ' Import_Wh , start,interval_s,export_wh,GENERATION_WH\r\n412,1727737200,1800,0,0\r\n\r\n7,2024-10-01T00:30:00+01:00,60,1,2\r\n';
    expect(parseGenericCsv(text)).toEqual({
      ok: true,
      value: [
        { start: 1_727_737_200, interval_s: 1800, import_wh: 412, export_wh: 0, generation_wh: 0 },
        { start: 1_727_739_000, interval_s: 60, import_wh: 7, export_wh: 1, generation_wh: 2 },
      ],
    });
  });

  it.each([
    ['NaN', 'Row 3, field import_wh: "NaN" is not a whole number of watt-hours'],
    ['Infinity', 'Row 3, field import_wh: "Infinity" is not a whole number of watt-hours'],
    ['-1', 'Row 3, field import_wh: "-1" is not a whole number of watt-hours; energy cannot be negative'],
    ['1e309', 'Row 3, field import_wh: "1e309" is not a whole number of watt-hours'],
    ['0x10', 'Row 3, field import_wh: "0x10" is not a whole number of watt-hours'],
    ['', 'Row 3, field import_wh: is empty; expected a whole number of watt-hours'],
    ['"1,5"', 'Row 3, field import_wh: "1,5" is not a whole number of watt-hours'],
    ['60000', 'Row 3, field import_wh: 60000 Wh in 1800 s is more than 100 kW could deliver (max 50000 Wh)'],
  ])('names row and field for import_wh %j', (cell, expected) => {
    expect(message(parseGenericCsv(row(`1727739000,1800,${cell},0,0`)))).toBe(expected);
  });

  it.each([
    [
      '2024-10-01T00:30:00,1800,1,0,0',
      /^Row 3, field start: "2024-10-01T00:30:00" has no UTC offset; add Z or \+01:00/,
    ],
    [
      '2024-10-01T00:30:00+01:00,3600,1,0,0',
      /^Row 3, field interval_s: 3600 s is not a whole number of seconds/,
    ],
    ['1727739000,x,1,0,0', /^Row 3, field interval_s: "x" is not a whole number of seconds$/],
    [
      '1727740200,900,1,0,0',
      /^Row 3, field interval_s: a reading from 2024-09-30T23:50:00Z lasting 900 s crosses/,
    ],
    ['1727738100,900,1,0,0', /^Row 3, field start: the reading from 2024-09-30T23:15:00Z \(900 s\) overlaps/],
    ['1727739000,1800,1,0', /^Row 3: has 4 fields but the header has 5$/],
    [
      '1727739000,1800,1,5,0,0',
      /^Row 3: has 6 fields but the header has 5 \(a decimal comma, like 1,5\? use a point\)$/,
    ],
  ])('names the row and field for %j', (line, expected) => {
    expect(message(parseGenericCsv(row(line)))).toMatch(expected);
  });

  it('accepts trailing empty fields (a spreadsheet export habit)', () => {
    expect(parseGenericCsv(`${HEADER},\n1727737200,1800,412,0,0,\n`).ok).toBe(true);
  });

  it('refuses a wrong, incomplete or misspelled header, and empty files', () => {
    expect(message(parseGenericCsv('1727737200,1800,412,0,0\n'))).toBe(
      'Row 1: the header "1727737200,1800,412,0,0" is not a generic readings CSV header: no "start" column ' +
        '(expected "start,interval_s,import_wh,export_wh,generation_wh")',
    );
    expect(message(parseGenericCsv('start,interval_s,import_kwh,export_wh,generation_wh\n'))).toMatch(
      /^Row 1: .* no "import_wh" column/,
    );
    expect(message(parseGenericCsv(`${HEADER},import_kwh\n`))).toMatch(/^Row 1: unknown column "import_kwh"/);
    expect(message(parseGenericCsv(`${HEADER},start\n`))).toBe(
      'Row 1: the column "start" appears twice in the header',
    );
    expect(message(parseGenericCsv(`${HEADER}\n`))).toBe(
      'a generic readings CSV has a header but no data rows',
    );
    expect(message(parseGenericCsv('\n\n'))).toBe('a generic readings CSV is empty');
  });

  it('passes an exact repeat of a start on (the ingest keeps the first), whatever its values', () => {
    const r = parseGenericCsv(row('1727737200,60,5,0,0'));
    expect(r.ok && r.value.map((x) => [x.start, x.interval_s, x.import_wh])).toEqual([
      [1_727_737_200, 1800, 412],
      [1_727_737_200, 60, 5],
    ]);
  });

  it('streams the same readings from chunks, and throws at the bad row', async () => {
    const text = `${HEADER}\n${Array.from({ length: 100 }, (_, i) => `${1_727_737_200 + i * 60},60,${i},0,0`).join('\n')}`;
    const chunks = text.match(/[\s\S]{1,37}/g) ?? [];
    const streamed: Reading[] = [];
    for await (const r of streamGenericCsv(chunks)) streamed.push(r);
    const whole = parseGenericCsv(text);
    expect(whole.ok && whole.value).toEqual(streamed);
    expect(streamed).toHaveLength(100);

    const broken = `${text}\n1727737230,60,1,0,0`;
    const seen: Reading[] = [];
    await expect(async () => {
      for await (const r of streamGenericCsv([broken])) seen.push(r);
    }).rejects.toThrow(/^Row 102, field start: .* overlaps an earlier reading/);
    expect(seen).toHaveLength(100);
  });

  it('dispatches by format name and explains a bad one', async () => {
    expect(parseReadingsCsv(row('1727739000,1800,1,0,0'), 'generic').ok).toBe(true);
    expect(message(parseReadingsCsv(row('1727739000,1800,1,0,0'), 'octopus'))).toMatch(
      /not an Octopus header/,
    );
    const got: Reading[] = [];
    for await (const r of streamReadingsCsv(row('1727739000,1800,1,0,0'), 'generic')) got.push(r);
    expect(got).toHaveLength(2);
    expect(readingsFormatFrom('n3rgy')).toEqual({ ok: true, value: 'n3rgy' });
    expect(message(readingsFormatFrom('glow'))).toBe('format: "glow" is not one of generic, octopus, n3rgy');
    expect(message(readingsFormatFrom(undefined))).toBe(
      'format: is missing; choose one of generic, octopus, n3rgy',
    );
  });
});
