import { addDays, GB_ZONE, localDate, startOfLocalDate } from '@homeview/domain';
import type { Db } from '../../db/types';
import { type FilePrice, type FilePrices, ParseError } from '../../ingest/formats';
import { formatUtc } from '../../ingest/formats/time';
import type { KnownCode } from './published-products';
import { type Series, storePublished } from './published-repository';

// A rate file as a source of a region's published prices (issue 37: `npm run import -- prices --tariff
// E-1R-AGILE-24-10-01-C FILE`), for a server the products API cannot reach: the file's rows (parsed by
// ingest/formats/published-prices.ts) are checked as the product publishes them — Agile's unit rates a
// half-hour each, Tracker's a local day each (Europe/London: 23 or 25 hours at the clock changes), Go's,
// Intelligent Go's, Cosy's and Flux's a window each (dated, on the half-hour), Economy 7's (E-2R) day and
// night rates dated (the newest may be open-ended), none overlapping, standing charges never below zero,
// a CSV's region the code's — then stored in
// published_rates with source 'file', in one transaction: a bad row anywhere stores nothing. Compare
// tariffs then reads them as it reads fetched ones (it asks the API only for what is not stored) and says
// which dates the file priced.

export interface ImportedPrices {
  rows: number;
  /** Epoch seconds: the first row's start and the last row's end (Infinity: open-ended). */
  from: number;
  to: number;
  /** Rows outside the dates the code was on sale: stored, but never read by a comparison. */
  outside: number;
}

const fail = (row: FilePrice, field: string, detail: string): never => {
  throw new ParseError(row.line, row.field === null ? field : `${row.field}.${field}`, detail);
};

/** Each row as the product publishes it, and no two overlapping; throws ParseError naming the line. */
export function checkFilePrices(code: KnownCode, series: Series, file: FilePrices): void {
  const first = file.rows[0];
  if (first === undefined) throw new ParseError(null, null, 'the file has no prices');
  if (file.format === 'agile-csv') {
    if (code.product !== 'agile' || series !== 'unit')
      throw new ParseError(
        null,
        null,
        `an Agile prices CSV holds Agile's unit rates; ${code.tariffCode}${series === 'standing' ? "'s standing charges" : ''} needs the products endpoint's JSON`,
      );
    if (file.region !== code.region)
      fail(
        first,
        'region',
        `region ${file.region} in a file imported as ${code.tariffCode} (region ${code.region})`,
      );
  }
  let previous: FilePrice | undefined;
  for (const row of file.rows) {
    if (series === 'standing' && row.price < 0)
      fail(row, 'value_inc_vat', 'a standing charge is never below zero');
    if (series !== 'standing') checkUnitRow(code, row);
    if (previous !== undefined && row.from < previous.to)
      fail(
        row,
        'valid_from',
        `${formatUtc(row.from)} overlaps the price on line ${previous.line} (until ${Number.isFinite(previous.to) ? formatUtc(previous.to) : 'open-ended'})`,
      );
    previous = row;
  }
}

function checkUnitRow(code: KnownCode, row: FilePrice): void {
  if (code.product === 'economy7') return; // dated day or night rates: any start, the newest open-ended
  if (!Number.isFinite(row.to)) fail(row, 'valid_to', 'is missing: a published unit price is dated');
  if (code.product !== 'agile' && code.product !== 'tracker') {
    if (row.from % 1800 !== 0 || row.to % 1800 !== 0)
      fail(
        row,
        'valid_from',
        `${formatUtc(row.from)} to ${formatUtc(row.to)} is not a window of whole half-hours on :00 or :30`,
      );
    return;
  }
  if (code.product === 'agile') {
    if (row.from % 1800 !== 0 || row.to - row.from !== 1800)
      fail(
        row,
        'valid_from',
        `${formatUtc(row.from)} to ${formatUtc(row.to)} is not one half-hour on :00 or :30 (Agile prices each half-hour)`,
      );
    return;
  }
  const day = localDate(row.from, GB_ZONE);
  if (startOfLocalDate(day, GB_ZONE) !== row.from || startOfLocalDate(addDays(day, 1), GB_ZONE) !== row.to)
    fail(
      row,
      'valid_from',
      `${formatUtc(row.from)} to ${formatUtc(row.to)} is not one UK day, midnight to midnight (Tracker prices each day)`,
    );
}

/** Checks the rows and stores them, all or nothing; `now` is the rows' fetched_at. */
export async function importPublishedFile(
  db: Db,
  code: KnownCode,
  series: Series,
  file: FilePrices,
  now: number,
): Promise<ImportedPrices> {
  checkFilePrices(code, series, file);
  const rows = file.rows.map(({ from, to, price }) => ({ from, to, price }));
  const outside = rows.filter((r) => r.to <= code.from || r.from >= code.to).length;
  if (outside === rows.length)
    throw new ParseError(
      null,
      null,
      `none of the file's prices fall in the dates ${code.tariffCode} was on sale (from ${localDate(code.from, GB_ZONE)}${Number.isFinite(code.to) ? ` to ${localDate(code.to - 1, GB_ZONE)}` : ''}); is it another product's file?`,
    );
  await db.transaction((tx) =>
    storePublished(
      tx,
      { tariffCode: code.tariffCode, product: code.code, region: code.region },
      series,
      rows,
      now,
      'file',
    ),
  );
  return {
    rows: rows.length,
    from: rows[0]?.from ?? 0,
    to: Math.max(...rows.map((r) => r.to)),
    outside,
  };
}
