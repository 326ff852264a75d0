import { HttpError } from '../../http/errors';

// How many days one ingest request may span. A batch is one transaction that rewrites every UTC-day
// block, half-hour, day and month it touches; on PGlite it holds the one connection (and the event loop)
// for all of it: 100,000 hourly readings over 11 years held /healthz 93 s. A month a request keeps a
// batch to a fraction of a second; longer histories are sent a month at a time.

/** UTC days: a local calendar month touches at most 32 of them (31 days and the zone's offset). */
export const MAX_BATCH_DAYS = 32;

const DAY_S = 86_400;
const utcDate = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** Throws a 413 saying how to send it when `rows` span more than MAX_BATCH_DAYS UTC days. */
export function checkBatchSpan(rows: ReadonlyArray<{ start: number; interval_s: number }>): void {
  if (rows.length === 0) return;
  let first = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const r of rows) {
    first = Math.min(first, r.start);
    end = Math.max(end, r.start + r.interval_s);
  }
  const days = Math.floor((end - 1) / DAY_S) - Math.floor(first / DAY_S) + 1;
  if (days <= MAX_BATCH_DAYS) return;
  throw new HttpError(
    413,
    `The batch spans ${days} days (${utcDate(first)} to ${utcDate(end - 1)}, UTC); one request may span at ` +
      `most ${MAX_BATCH_DAYS} days: send longer histories a month at a time.`,
  );
}
