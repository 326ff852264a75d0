import type { Queryable } from '../../db/types';
import type { DatedPrice } from '../../shared/octopus-rates';

// published_rates (0040): a region's published prices per tariff code, shared by every home of the region.
// One statement to store a fetch or an imported file (upsert on tariff code, series and start: a published
// price never changes, a re-sent row only moves fetched_at; the last writer's source stays, 0041) and one
// to read a range.

/** A single register's unit rates, standing charges, or Economy 7's (E-2R) day and night rates (0043). */
export type Series = 'unit' | 'standing' | 'day' | 'night';
/**
 * Where a row came from (0041): the products API, a rate file (`npm run import -- prices --tariff`), or
 * the Octopus stand-in a demo server prices its demo homes from (0043), never Octopus's.
 */
export type PriceSource = 'api' | 'file' | 'standin';

/** The key a tariff code's rows are stored under: the stand-in's apart (0043), never read as Octopus's. */
export const storedCode = (tariffCode: string, source: PriceSource): string =>
  source === 'standin' ? `standin:${tariffCode}` : tariffCode;

export interface StoredPrice extends DatedPrice {
  source: PriceSource;
}

export interface StoredCode {
  tariffCode: string;
  product: string;
  region: string;
}

export async function storePublished(
  db: Queryable,
  code: StoredCode,
  series: Series,
  prices: readonly DatedPrice[],
  now: number,
  source: PriceSource = 'api',
): Promise<void> {
  const rows = prices.filter((p) => Number.isFinite(p.from));
  if (rows.length === 0) return;
  await db.query(
    `insert into published_rates
       (tariff_code, product, region, series, valid_from, valid_to, price, fetched_at, source)
     select $1, $2, $3, $4, f, t, p, $8, $9
       from unnest(string_to_array($5, ',')::bigint[], string_to_array($6, ',', '')::bigint[],
                   string_to_array($7, ',')::bigint[]) u(f, t, p)
     on conflict (tariff_code, series, valid_from)
       do update set valid_to = excluded.valid_to, price = excluded.price, fetched_at = excluded.fetched_at,
                     source = excluded.source`,
    [
      code.tariffCode,
      code.product,
      code.region,
      series,
      rows.map((r) => r.from).join(','),
      rows.map((r) => (Number.isFinite(r.to) ? String(r.to) : '')).join(','),
      rows.map((r) => r.price).join(','),
      now,
      source,
    ],
  );
}

/** The stored prices of `codes` overlapping [from, to), oldest first (an open end is Infinity). */
export async function readPublished(
  db: Queryable,
  codes: readonly string[],
  series: Series,
  from: number,
  to: number,
): Promise<StoredPrice[]> {
  if (codes.length === 0) return [];
  const { rows } = await db.query<{
    valid_from: string;
    valid_to: string | null;
    price: string;
    source: PriceSource;
  }>(
    `select valid_from, valid_to, price, source from published_rates
      where tariff_code = any(string_to_array($1, ',')) and series = $2
        and valid_from < $4 and (valid_to is null or valid_to > $3)
      order by valid_from`,
    [codes.join(','), series, from, to],
  );
  return rows.map((r) => ({
    from: Number(r.valid_from),
    to: r.valid_to === null ? Number.POSITIVE_INFINITY : Number(r.valid_to),
    price: Number(r.price),
    source: r.source,
  }));
}

/**
 * What the rows of `codes` overlapping [from, to) are, in one index range read and a few numbers: any
 * row stored, changed or re-sourced since moves it (a re-sent row moves fetched_at; prices are summed
 * weighted by their half-hour, so two swapped prices move it too), so a book built from them may be kept
 * per process while it holds (compare-regional.ts' memo), on every server alike.
 */
export async function publishedFingerprint(
  db: Queryable,
  codes: readonly string[],
  from: number,
  to: number,
): Promise<string> {
  if (codes.length === 0) return '';
  const { rows } = await db.query<{ n: string; at: string | null; total: string | null; files: string }>(
    `select count(*) as n, max(fetched_at) as at,
            sum(price * ((valid_from / 1800) % 1009 + 1)) as total,
            count(*) filter (where source = 'file') as files
       from published_rates
      where tariff_code = any(string_to_array($1, ',')) and valid_from < $3
        and (valid_to is null or valid_to > $2)`,
    [codes.join(','), from, to],
  );
  const r = rows[0];
  return r === undefined ? '' : `${r.n}|${r.at}|${r.total}|${r.files}`;
}

/**
 * The end of the stored unit prices of a series of a code from `from` on (null: none start at or before
 * it). An open-ended row (Economy 7's rate in force) ends at its start: it is asked again from there, so a
 * price changed since is found (one row).
 */
export async function storedUnitsEnd(
  db: Queryable,
  tariffCode: string,
  from: number,
  series: Series = 'unit',
): Promise<number | null> {
  const { rows } = await db.query<{ first: string | null; last: string | null }>(
    `select min(valid_from) as first, max(coalesce(valid_to, valid_from)) as last from published_rates
      where tariff_code = $1 and series = $3 and (valid_to is null or valid_to > $2)`,
    [tariffCode, from, series],
  );
  const row = rows[0];
  if (row?.first == null || row.last == null || Number(row.first) > from) return null;
  return Number(row.last);
}
