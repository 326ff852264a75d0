import { readFile } from 'node:fs/promises';
import { GB_ZONE, localDate } from '@homeview/domain';
import type { Db } from '../db/types';
import { importPublishedFile } from '../features/energy/published-import';
import { parsePublishedPrices } from '../ingest/formats';
import type { ImportArgs } from './import-args';

// `npm run import -- prices --tariff CODE [--series …] FILE`: a region's published prices from a file, for
// Compare tariffs on a server that cannot reach the products API (features/energy/published-import.ts).
// A year of half-hours is ~2 MB, so the file is read whole; a bad row stores nothing.

const MAX_BYTES = 64 * 1024 * 1024;
const count = (n: number) => n.toLocaleString('en-GB');

export async function importPublished(
  db: Db,
  args: Extract<ImportArgs, { kind: 'published' }>,
  size: number,
  now: number,
): Promise<string> {
  if (size > MAX_BYTES) throw new Error(`${args.file} is over 64 MB: not a file of published prices`);
  const parsed = parsePublishedPrices(await readFile(args.file, 'utf8'));
  if (!parsed.ok) throw parsed.error;
  const result = await importPublishedFile(db, args.tariff, args.series, parsed.value, now);
  const what = { unit: 'unit prices', standing: 'standing charges', day: 'day rates', night: 'night rates' }[
    args.series
  ];
  const last = Number.isFinite(result.to) ? localDate(result.to - 1, GB_ZONE) : 'open-ended';
  const outside =
    result.outside === 0
      ? ''
      : `; ${count(result.outside)} fall outside the dates the code was on sale and are never used`;
  return `${count(result.rows)} published ${what} of region ${args.tariff.region}, ${localDate(result.from, GB_ZONE)} to ${last} (UK dates), stored as from an imported file${outside}`;
}
