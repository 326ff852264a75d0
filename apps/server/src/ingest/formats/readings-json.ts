import { capture, ParseError, type ParseResult } from './errors';
import { typeName, wholeValue } from './numbers';
import { admitReading, ReadingCoverage, type Reading, type ReadingField } from './reading';
import { parseInstant } from './time';
import { nextTurn } from '../../shared/turn';

/**
 * The JSON body of POST /api/ingest/v1/readings:
 *
 *   {"readings":[{"start":1727737200,"interval_s":1800,"import_wh":412,"export_wh":0,"generation_wh":0}]}
 *
 * All five fields are required; `start` is epoch seconds (a JSON integer) or an ISO 8601 string with an
 * offset; the others are JSON integers (a string like "412" is refused rather than guessed at). Unknown
 * fields are refused so a typo (`import_kwh`) cannot silently import zeros. Errors name the path,
 * `readings[3].import_wh`. Validated by hand rather than with zod so the messages say what to change.
 * Accepts the parsed body (what Fastify hands a route) or the raw text.
 */
const FIELDS: readonly ReadingField[] = ['start', 'interval_s', 'import_wh', 'export_wh', 'generation_wh'];

export const EXAMPLE_READING =
  '{"start":1727737200,"interval_s":1800,"import_wh":412,"export_wh":0,"generation_wh":0}';

export function parseReadingsJson(body: unknown): ParseResult<Reading[]> {
  return capture(() => {
    const list = readingsList(body);
    const coverage = new ReadingCoverage();
    return list.map((item: unknown, i) => readOne(item, i, coverage));
  });
}

/**
 * parseReadingsJson for a request body already parsed: the same readings and errors (thrown), with the
 * event loop turning every `every` readings, so 100,000 of them do not hold it.
 */
export async function readReadingsJson(body: unknown, every = 500): Promise<Reading[]> {
  const list = readingsList(body);
  const coverage = new ReadingCoverage();
  const out: Reading[] = [];
  for (let i = 0; i < list.length; i++) {
    if (i > 0 && i % every === 0) await nextTurn();
    out.push(readOne(list[i], i, coverage));
  }
  return out;
}

function readingsList(body: unknown): unknown[] {
  const root = typeof body === 'string' ? parseText(body) : body;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new ParseError(null, null, `the body must be an object {"readings":[...]}, not ${typeName(root)}`);
  }
  const extra = Object.keys(root).find((k) => k !== 'readings');
  if (extra !== undefined) throw new ParseError(null, extra, 'unknown field; the body holds only "readings"');
  const list: unknown = (root as { readings?: unknown }).readings;
  if (!Array.isArray(list)) {
    throw new ParseError(null, 'readings', `expected a list of readings, got ${typeName(list)}`);
  }
  if (list.length === 0) throw new ParseError(null, 'readings', 'the list is empty');
  return list;
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ParseError(null, null, 'the body is not valid JSON');
  }
}

function readOne(item: unknown, i: number, coverage: ReadingCoverage): Reading {
  const path = (field: string): string => `readings[${i}].${field}`;
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    throw new ParseError(
      null,
      `readings[${i}]`,
      `expected an object like ${EXAMPLE_READING}, got ${typeName(item)}`,
    );
  }
  const record = item as Record<string, unknown>;
  const extra = Object.keys(record).find((k) => !(FIELDS as readonly string[]).includes(k));
  if (extra !== undefined) {
    throw new ParseError(null, path(extra), `unknown field; a reading has ${FIELDS.join(', ')}`);
  }
  const value = (field: ReadingField): number => {
    const raw = record[field];
    if (raw === undefined) throw new ParseError(null, path(field), 'is missing');
    const v =
      field === 'start'
        ? startValue(raw)
        : wholeValue(raw, field === 'interval_s' ? 'seconds' : 'watt-hours');
    if (!v.ok) throw new ParseError(null, path(field), v.reason);
    return v.value;
  };
  const reading: Reading = {
    start: value('start'),
    interval_s: value('interval_s'),
    import_wh: value('import_wh'),
    export_wh: value('export_wh'),
    generation_wh: value('generation_wh'),
  };
  return admitReading(reading, null, path, coverage);
}

function startValue(raw: unknown): ReturnType<typeof parseInstant> {
  if (typeof raw === 'string') return parseInstant(raw.trim());
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return parseInstant(String(raw));
  return {
    ok: false,
    reason: `expected epoch seconds or an ISO 8601 string with an offset, got ${shownValue(raw)}`,
  };
}

function shownValue(raw: unknown): string {
  return typeof raw === 'number' ? String(raw) : typeName(raw);
}
