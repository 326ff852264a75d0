import type { FastifyBaseLogger } from 'fastify';
import { type Db, inTransaction, type Queryable } from '../../db/types';
import { resumCarbon } from '../readings/carbon-days';
import { earliestElectricity, type StoredSlot, storeSlots, windowCounts } from './repository';
import { NationalRecorded } from './schema';

// Great Britain's recorded carbon intensity, stored per half-hour (carbon_intensity, 0037) for the usage
// reads' gCO₂ (issue 37). Fetched only where homes have electricity: from the earliest stored day of any
// home (at most HISTORY_DAYS back: this year and last on the Yearly tab) to AHEAD_S past the half-hour
// under way, in windows of 14 days (the API's most per request), aligned on multiples of 14 days since
// the epoch, the newest first. The half-hour under way and the next few are stored as the API's
// forecasts (actual = false), so today's figure never lapses at a half-hour's turn; they and every
// forecast of the last 2 days are asked for again each RETRY_RECENT_S until the API has measured them.
// A window is asked for when it lacks half-hours or holds such young forecasts; an older one already
// asked waits RETRY_OLD_S (the API may never have some half-hours). An answer that is not the documented
// shape is a counted, logged rejection; an unreachable service stores nothing; either ends the run, and
// the next run (a minute later, job.ts) tries again. The reads never wait for this. The days' and months'
// carbon (carbon_mg) covering a changed figure are recomputed with it (readings/carbon-days.ts).

const HALF_HOUR_S = 1800;
export const WINDOW_S = 14 * 86_400;
export const HISTORY_DAYS = 800;
const YOUNG_S = 2 * 86_400;
const AHEAD_S = 2 * 3600;
const RETRY_RECENT_S = 1800;
const RETRY_OLD_S = 86_400;
export const RECORDED_TIMEOUT_MS = 10_000;
const MAX_REQUESTS = 20;

/** What the fills did, for the logs and the tests. */
export const recordedStats = { fetched: 0, stored: 0, rejected: 0, unreachable: 0 };

export interface FillOptions {
  baseUrl: string;
  now: number;
  log?: FastifyBaseLogger;
  /** Per window start (epoch s): when it was last answered, kept by the caller (the job) between runs. */
  asked: Map<number, number>;
  timeoutMs?: number;
  maxRequests?: number;
}

export interface FillResult {
  requests: number;
  stored: number;
  /** Why the run ended: nothing more to ask, the request limit, or a failed request. */
  ended: 'done' | 'limit' | 'unreachable' | 'rejected';
}

const iso = (ts: number) => `${new Date(ts * 1000).toISOString().slice(0, 16)}Z`;

type Answer = { ok: true; slots: StoredSlot[] } | { ok: false; why: 'unreachable' | 'rejected' };

async function fetchWindow(
  baseUrl: string,
  lo: number,
  hi: number,
  timeoutMs: number,
  log: FastifyBaseLogger | undefined,
): Promise<Answer> {
  let body: unknown;
  try {
    const res = await fetch(`${baseUrl}/intensity/${iso(lo)}/${iso(hi)}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) {
      recordedStats.unreachable++;
      log?.warn({ status: res.status, from: lo, to: hi }, 'recorded carbon intensity refused: tried later');
      return { ok: false, why: 'unreachable' };
    }
    body = await res.json();
  } catch (error) {
    recordedStats.unreachable++;
    log?.warn({ err: error, from: lo, to: hi }, 'recorded carbon intensity unreachable: tried later');
    return { ok: false, why: 'unreachable' };
  }
  const parsed = NationalRecorded.safeParse(body);
  if (!parsed.success) {
    recordedStats.rejected++;
    log?.warn(
      { issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`), from: lo },
      'recorded carbon intensity rejected (not the documented shape): nothing stored',
    );
    return { ok: false, why: 'rejected' };
  }
  recordedStats.fetched++;
  const slots: StoredSlot[] = [];
  for (const p of parsed.data.data) {
    if (p.from < lo || p.from >= hi) continue; // the API adds the half-hour ending at `from`
    const { actual, forecast } = p.intensity;
    if (actual !== null) slots.push({ slot: p.from, g: actual, actual: true });
    else if (forecast !== null) slots.push({ slot: p.from, g: forecast, actual: false });
  }
  return { ok: true, slots };
}

/** One run: the windows homes need, asked for newest first, each answer stored. */
export async function fillRecorded(db: Db | Queryable, options: FillOptions): Promise<FillResult> {
  const { baseUrl, now, log, asked } = options;
  const current = now - (now % HALF_HOUR_S);
  const to = current + AHEAD_S;
  const youngFrom = current - YOUNG_S;
  const result: FillResult = { requests: 0, stored: 0, ended: 'done' };
  const earliest = await earliestElectricity(db);
  if (earliest === null) return result;
  const oldest = current - HISTORY_DAYS * 86_400;
  const from = Math.max(earliest - (earliest % HALF_HOUR_S), oldest);
  if (from >= to) return result;
  const counts = await windowCounts(db, from, to, WINDOW_S, youngFrom);
  for (let w = to - 1 - ((to - 1) % WINDOW_S); w + WINDOW_S > from; w -= WINDOW_S) {
    const lo = Math.max(w, from);
    const hi = Math.min(w + WINDOW_S, to);
    const held = counts.get(w);
    if (held !== undefined && held.stored === (hi - lo) / HALF_HOUR_S && held.forecasts === 0) continue;
    const last = asked.get(w);
    const wait = hi > youngFrom ? RETRY_RECENT_S : RETRY_OLD_S;
    if (last !== undefined && now - last < wait) continue;
    if (result.requests >= (options.maxRequests ?? MAX_REQUESTS)) return { ...result, ended: 'limit' };
    result.requests++;
    const answer = await fetchWindow(baseUrl, lo, hi, options.timeoutMs ?? RECORDED_TIMEOUT_MS, log);
    if (!answer.ok) return { ...result, ended: answer.why };
    asked.set(w, now);
    // The days the changed half-hours cover follow in the same transaction: none kept without the other.
    await inTransaction(db, async (tx) => {
      const changed = await storeSlots(tx, answer.slots, now);
      if (changed !== null) await resumCarbon(tx, changed.from, changed.to);
    });
    result.stored += answer.slots.length;
    recordedStats.stored += answer.slots.length;
  }
  return result;
}
