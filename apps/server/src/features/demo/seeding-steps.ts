import type { HomeFill, Home } from './home-fill';
import type { IngestedCounts } from './ingest-days';

// The order the demo's history is stored in, one step (at most one transaction) at a time, so requests
// and live ticks pass between any two (seeder.ts runs the steps):
//  1. today so far for the demo home, Mum's and Dad's (their "Today's balance" shows within seconds);
//  2. the demo home's and Mum's history, newest day first, a day per step in quarter-day transactions
//     (newest quarter first); then Dad's the same way (meter-only: his readings alone, uses estimated by
//     the write path), so Mum's InfoCare history is ready no later than before he was added;
//  3. the neighbours, as daily totals only (what rankings read): today, then a week per home per round,
//     newest first, back to NEIGHBOUR_MONTHS calendar months before this one;
//  4. the planner's statistics of the tables filled.

/** What the seeding fills, analyzed when it ends. */
const ANALYZED = [
  'rollup_days',
  'daily_rollups',
  'use_days',
  'appliance_daily',
  'reading_blocks (house_id, block_start)',
];
/**
 * One transaction per job, so the data stays one contiguous span whatever the moment the process stops
 * (a job split over several transactions would leave a hole behind a complete-looking oldest day).
 * A week of half-hours keeps PGlite free for requests every ~30 ms.
 */
const NEIGHBOUR_DAYS_PER_ROUND = 7;

export interface SeedLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface SeedReport extends IngestedCounts {
  homes: number;
  /** Gas half-hours stored (the demo's own home), apart from `readings`, which are electricity's. */
  gas: number;
  ms: number;
}

/** Where the steps report their milestones as they pass them. */
export interface SeedingMilestones {
  log: SeedLog;
  /** Milliseconds since the seeding started. */
  elapsed(): number;
  /** The demo home's and Mum's whole history is stored. */
  ownSeeded(): void;
  /** Dad's too: the neighbours may go live. */
  meterOnlySeeded(): void;
  seeded(report: SeedReport): void;
}

export function* seedingSteps(
  homes: readonly Home[],
  fill: HomeFill,
  at: SeedingMilestones,
): Generator<() => Promise<void>> {
  const own = homes.filter((h) => h.interval === 60 && !h.meterOnly);
  const meterOnly = homes.filter((h) => h.meterOnly);
  const neighbours = homes.filter((h) => h.interval === 1800);
  const { log } = at;
  // A step each: today is ~1,400 minutes a home.
  for (const home of [...own, ...meterOnly]) yield () => fill.catchUp(home);
  yield async () => log.info({ ms: at.elapsed() }, "demo: today's readings stored for the demo homes");
  yield* ownHistory(own, fill, at);
  yield async () => {
    log.info({ ms: at.elapsed(), ...soFar(fill.counts) }, 'demo: history of the demo homes stored');
    at.ownSeeded();
  };
  yield* ownHistory(meterOnly, fill, at);
  yield async () => {
    log.info({ ms: at.elapsed(), ...soFar(fill.counts) }, 'demo: history of the meter-only home stored');
    at.meterOnlySeeded();
  };
  for (const home of neighbours) yield () => fill.catchUp(home);
  let round = 0;
  while (neighbours.some((h) => fill.behind(h))) {
    for (const home of neighbours)
      if (fill.behind(home)) yield () => fill.backfill(home, NEIGHBOUR_DAYS_PER_ROUND);
    round += 1;
    if (round % 4 === 0)
      yield async () => log.info({ weeksBack: round, ms: at.elapsed() }, 'demo: neighbours');
  }
  // PGlite runs no autovacuum: give the planner statistics for the tables just filled, a step each, so a
  // request waits for one table's at most. A sample of 3,000 rows (statistics target 10, not 100) takes
  // 10-20 ms a table on the seeded demo, not 100-400 ms, which held requests back that long; the planner
  // needs these tables' sizes and key ranges, which it gives. The blocks by their keys only: sampling
  // their arrays took 65-75 ms even so, and no query filters on them.
  for (const target of ANALYZED)
    yield () =>
      fill.db.transaction((tx) => tx.exec(`set local default_statistics_target = 10; analyze ${target}`));
  yield async () => {
    const report: SeedReport = { homes: homes.length, ms: at.elapsed(), ...fill.counts };
    log.info(report, 'demo: all history stored');
    at.seeded(report);
  };
}

/** The history of the demo's own homes (1-minute, then half-hourly), a day of each per round. */
function* ownHistory(
  homes: readonly Home[],
  fill: HomeFill,
  at: SeedingMilestones,
): Generator<() => Promise<void>> {
  let days = 0;
  while (homes.some((h) => fill.behind(h))) {
    for (const home of homes) if (fill.behind(home)) yield () => fill.backfillOwn(home);
    days += 1;
    if (days % 30 === 0) yield async () => at.log.info({ daysBack: days, ms: at.elapsed() }, 'demo: history');
  }
}

/** What the seeding has stored since it started, all homes together (not the last step's). */
function soFar(counts: IngestedCounts): { readingsSoFar: number; usesSoFar: number; homeDaysSoFar: number } {
  const { readings, events, days } = counts;
  return { readingsSoFar: readings, usesSoFar: events, homeDaysSoFar: days };
}
