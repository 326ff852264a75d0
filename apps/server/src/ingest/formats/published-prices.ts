import { directDebit, penceToMicro } from '../../shared/octopus-rates';
import { agileLayout } from './agile';
import { csvRecords } from './csv';
import { capture, ParseError, type ParseResult, shown } from './errors';
import { formatUtc, parseInstant } from './time';

/**
 * A product's published prices saved to a file (issue 37: `npm run import -- prices --tariff CODE FILE`),
 * in one of two shapes, told apart by the first character:
 *
 * - JSON: a page of the Octopus products endpoints as saved from the browser or curl
 *   (`/v1/products/P/electricity-tariffs/E-1R-P-C/standard-unit-rates/` or `…/standing-charges/`):
 *   `{count, next, previous, results: [{value_exc_vat, value_inc_vat, valid_from, valid_to,
 *   payment_method}]}`, pence VAT included, times with an offset. Where the page lists direct debit and
 *   other payment methods, the direct-debit rows are kept (as the API reader keeps them).
 * - CSV: energy-stats.uk's Agile history (agile.ts: no header, a half-hour per row, its region letter).
 *
 * Rows come back oldest first with the line they were read from (a JSON entry's line is where its `{`
 * is: a one-line page puts every entry on line 1, so the message names `results[i]` too). What a product's
 * rows must look like (a half-hour, a local day) is its importer's check.
 */
export interface FilePrice {
  /** Epoch seconds, [from, to); `to` Infinity where the file gives none (a standing charge in force). */
  from: number;
  to: number;
  /** µ£ per kWh (a unit rate) or per day (a standing charge). */
  price: number;
  line: number;
  /** How a message names the row: `results[3]` for JSON, null for CSV (its line says it). */
  field: string | null;
}

export interface FilePrices {
  format: 'octopus-json' | 'agile-csv';
  /** The CSV's region letter (JSON pages do not name theirs). */
  region: string | null;
  rows: FilePrice[];
}

export function parsePublishedPrices(text: string): ParseResult<FilePrices> {
  return capture(() => (text.trimStart().startsWith('{') ? parseJsonPage(text) : parseAgileRows(text)));
}

function parseAgileRows(text: string): FilePrices {
  // agile.ts checks each row (a half-hour, the UK clock, one region per file, no slot twice).
  const reader = agileLayout.open(null);
  const rows: FilePrice[] = [];
  let region: string | null = null;
  for (const record of csvRecords(text)) {
    const p = reader.read(record);
    region = p.region;
    rows.push({
      from: p.slot_start,
      to: p.slot_start + 1800,
      price: p.price_uPkWh,
      line: record.line,
      field: null,
    });
  }
  if (rows.length === 0) throw new ParseError(null, null, 'the file is empty');
  return { format: 'agile-csv', region, rows: sorted(rows) };
}

/** The line each entry of the page's `results` starts on (the `{` two levels down). */
function entryLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line += 1;
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (c === '{' && depth === 2) lines.push(line);
      depth += 1;
    } else if (c === '}' || c === ']') depth -= 1;
  }
  return lines;
}

/** The 1-based line of a character offset. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

function parseJsonPage(text: string): FilePrices {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    throw new ParseError(
      at === null ? null : lineAt(text, Number(at[1])),
      null,
      `not JSON (${message.replace(/ in JSON at position.*$/, '')}); save the products endpoint's answer as it is`,
    );
  }
  const results = (body as { results?: unknown } | null)?.results;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray(results))
    throw new ParseError(
      1,
      'results',
      'is missing: expected a page of the Octopus products endpoints, {"count": …, "results": [{"value_inc_vat": …, "valid_from": …, "valid_to": …}, …]}',
    );
  if (results.length === 0) throw new ParseError(1, 'results', 'is empty: the file has no prices');
  const lines = entryLines(text);
  // The payment methods' rule and the pence → µ£ rounding are the API reader's own (shared/octopus-rates.ts).
  const read = results.map((entry, i) => readEntry(entry, i, lines[i] ?? 1));
  return { format: 'octopus-json', region: null, rows: sorted(directDebit(read).map((r) => r.price)) };
}

function readEntry(
  entry: unknown,
  i: number,
  line: number,
): { price: FilePrice; payment_method: string | null } {
  const field = `results[${i}]`;
  const fail = (name: string, detail: string): never => {
    throw new ParseError(line, `${field}.${name}`, detail);
  };
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return fail('', 'is not an object with value_inc_vat, valid_from and valid_to');
  const e = entry as Record<string, unknown>;
  const value = e.value_inc_vat;
  if (typeof value !== 'number' || !Number.isFinite(value))
    fail('value_inc_vat', `${shown(String(value))} is not a price in pence (VAT included)`);
  const time = (name: 'valid_from' | 'valid_to'): number => {
    const raw = e[name];
    if (raw === null || raw === undefined)
      return name === 'valid_to' ? Number.POSITIVE_INFINITY : fail(name, 'is missing');
    if (typeof raw !== 'string') return fail(name, `${shown(String(raw))} is not a time`);
    const t = parseInstant(raw);
    return t.ok ? t.value : fail(name, t.reason);
  };
  const from = time('valid_from');
  const to = time('valid_to');
  if (to <= from) fail('valid_to', `${formatUtc(to)} is not after valid_from ${formatUtc(from)}`);
  const payment_method = typeof e.payment_method === 'string' ? e.payment_method : null;
  return { price: { from, to, price: penceToMicro(value as number), line, field }, payment_method };
}

const sorted = (rows: FilePrice[]) => rows.sort((a, b) => a.from - b.from);
