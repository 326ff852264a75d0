import { describe, expect, it } from 'vitest';
import type { ParseResult } from './errors';
import { parseN3rgyCsv } from './n3rgy';
import { formatUtc } from './time';

const HEADER = 'timestamp (UTC),energyConsumption (kWh)';
const message = (r: ParseResult<unknown>): string => (r.ok ? 'accepted' : r.error.message);

describe('n3rgy CSV', () => {
  it('treats the timestamp as the END of the half-hour (UTC, naive or with Z)', () => {
    const r = parseN3rgyCsv(
      `${HEADER}\n2021-10-01 00:30,0.064\n2021-10-01 01:00:00,0.5375\n2021-10-01T01:30:00Z,1\n`,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((x) => [formatUtc(x.start), x.interval_s, x.import_wh])).toEqual([
      ['2021-10-01T00:00:00Z', 1800, 64],
      ['2021-10-01T00:30:00Z', 1800, 538],
      ['2021-10-01T01:00:00Z', 1800, 1000],
    ]);
  });

  it.each([
    ['2021-10-01 00:45,0.1', /^Row 2, field timestamp \(UTC\): 2021-10-01 00:45 is not on a half-hour/],
    ['2021-10-01 00:30,1,5', /^Row 2: has 3 fields but the header has 2/],
    [
      '2021-10-01 00:30,NaN',
      /^Row 2, field energyConsumption \(kWh\): "NaN" is not a number of kilowatt-hours/,
    ],
    ['2021-10-01 00:30,-0.2', /^Row 2, field energyConsumption \(kWh\): "-0.2" is negative/],
    ['01/10/2021 00:30,0.1', /^Row 2, field timestamp \(UTC\): "01\/10\/2021 00:30" is not a time/],
  ])('names the row and column for %j', (lines, expected) => {
    expect(message(parseN3rgyCsv(`${HEADER}\n${lines}\n`))).toMatch(expected);
  });

  it('refuses a gas file read as electricity, and a foreign header', () => {
    expect(message(parseN3rgyCsv('timestamp (UTC),energyConsumption (m3)\n2021-10-01 00:30,0.1\n'))).toBe(
      'Row 1: this is an n3rgy gas file (m3): import it as gas (npm run import -- readings --fuel gas, or ?fuel=gas)',
    );
    expect(message(parseN3rgyCsv('local_time,elec_import_kwh\n'))).toMatch(
      /not an n3rgy header: no "timestamp \(UTC\)"/,
    );
  });
});
