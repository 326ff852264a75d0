import type { CsvRecord, TextSource } from './csv';
import { ParseError, type ParseResult } from './errors';
import { penceToMicroPounds } from './numbers';
import { Coverage, HALF_HOUR_S } from './reading';
import { type CsvLayout, cell, checkWidth, parseCsv, streamCsv } from './table';
import { formatUtc, parseInstant } from './time';
import { ZoneOffsets } from './zone';

/**
 * Octopus Agile unit rates in energy-stats.uk's layout (FORMATS.md §3, ../shared/data/real/octopus-agile):
 * no header, five columns per half-hour:
 *
 *   2020-10-25T00:00:00Z,01:00,A,Eastern_England,-8.6415
 *   UTC slot start,       local HH:MM (Europe/London), region letter, region name, p/kWh incl. VAT
 *
 * - slot_start must sit on :00 or :30 UTC; the local column must be that instant's Europe/London clock
 *   (it repeats and jumps at the clock changes: a mismatch means a shifted or mislabelled file).
 * - p/kWh → µ£/kWh × 10,000 from the decimal string (-8.6415 → -86415); beyond 4 decimals, rounded half
 *   away from zero. Negative prices are real and kept.
 * - One region per file (the prices belong to one house's region); a repeated slot is an error. Gaps are
 *   allowed (the 2020 file has none), rows may come in any order.
 */
export interface AgilePrice {
  slot_start: number;
  price_uPkWh: number;
  /** GSP group letter, A (Eastern England) … P (Northern Scotland). */
  region: string;
}

const REGIONS = /^[A-HJ-NP]$/;
const WIDTH = 5;
const london = ZoneOffsets.of('Europe/London');

export const agileLayout: CsvLayout<AgilePrice> = {
  title: 'an Agile prices CSV',
  hasHeader: false,
  open() {
    const coverage = new Coverage();
    let region: string | null = null;
    return {
      read(record: CsvRecord): AgilePrice {
        checkWidth(record, WIDTH);
        const fail = (field: string, detail: string): never => {
          throw new ParseError(record.line, field, detail);
        };
        const startText = cell(record, 0);
        const start = parseInstant(startText);
        if (!start.ok) {
          return fail(
            'slot_start',
            start.reason.includes('is not a time') ? notAgile(start.reason) : start.reason,
          );
        }
        const t = start.value;
        if (t % HALF_HOUR_S !== 0) fail('slot_start', `${startText} is not on a half-hour (:00 or :30 UTC)`);
        const local = cell(record, 1);
        const expected = localClock(t);
        if (local !== expected) {
          fail('local_time', `${JSON.stringify(local)} is not the UK clock at ${formatUtc(t)} (${expected})`);
        }
        const letter = cell(record, 2).toUpperCase();
        if (!REGIONS.test(letter)) fail('region', `${JSON.stringify(letter)} is not a region letter A–P`);
        if (region !== null && letter !== region) {
          fail('region', `region ${letter} in a file of region ${region}; import one region per file`);
        }
        region = letter;
        const price = penceToMicroPounds(cell(record, 4));
        if (!price.ok) return fail('price', price.reason);
        if (!coverage.add(t, t + HALF_HOUR_S)) fail('slot_start', `the slot ${formatUtc(t)} appears twice`);
        return { slot_start: t, price_uPkWh: price.value, region: letter };
      },
    };
  },
};

function notAgile(reason: string): string {
  return `${reason} (an Agile CSV has no header; its rows look like 2020-10-25T00:00:00Z,01:00,A,Eastern_England,-8.6415)`;
}

function localClock(t: number): string {
  const local = new Date((t + london.offsetAt(t)) * 1000);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

export function parseAgileCsv(text: string): ParseResult<AgilePrice[]> {
  return parseCsv(text, agileLayout);
}

/** Streaming form; throws ParseError at the first bad row (see `streamCsv`). */
export function streamAgileCsv(source: TextSource): AsyncGenerator<AgilePrice> {
  return streamCsv(source, agileLayout);
}
