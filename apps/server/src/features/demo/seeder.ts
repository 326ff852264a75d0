import {
  addDays,
  daysInMonth,
  formatLocalDate,
  localDate,
  parseLocalDate,
  startOfLocalDate,
} from '@homeview/domain';
import type { Db } from '../../db/types';
import { DEMO_PLUG_APPLIANCE_ID, DemoDevices } from './devices';
import { DEMO_USERNAME, type DemoHomeSpec, demoSpecs, MUM_USERNAME, neighbourIndex } from './homes';
import {
  type DaysRange,
  type IngestedCounts,
  ingestSimulatedDays,
  storeSimulatedDailyTotals,
} from './ingest-days';
import { turnOfTheLoop } from '../../http/in-flight';
import { listDemoHouses } from './repository';
import { warmSeedingWrites } from './warm-up';

// The demo's readings, simulated in the background once the server listens, so the first start stays fast:
//  1. today so far for the demo home, Mum's and Dad's (their "Today's balance" shows within seconds);
//  2. the demo home's and Mum's history, newest day first, a day per step in quarter-day transactions
//     (newest quarter first); then Dad's the same way (meter-only: his readings alone, uses estimated by
//     the write path), so Mum's InfoCare history is ready no later than before he was added;
//  3. the neighbours, as daily totals only (what rankings read): today, then a week per home per round,
//     newest first, back to NEIGHBOUR_MONTHS calendar months before this one.
// Then, every minute (live mode), the minutes since each demo home's newest reading; neighbours get today
// rewritten at each completed half-hour. The simulator is deterministic, so a restart fills exactly the gap.
// Progress marker = the data itself: each home's data is one contiguous span [first, latest_end) of its
// rollups (filled outwards; a backfill stores its newest batch first), so a restart resumes from the span's two ends.

/** What the seeding fills, analyzed when it ends (see #seedingSteps). */
const ANALYZED = [
  'rollups',
  'daily_rollups',
  'appliance_events',
  'appliance_daily',
  'reading_blocks (house_id, block_start)',
];

export interface SeedLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface DemoSimulationOptions {
  /** Days of history; null = 13 calendar months. */
  historyDays: number | null;
  /** Days back from today the demo's own homes get as 1-minute readings (older: half-hourly); default 35. */
  minuteDays?: number;
  /** Current time, epoch seconds (tests pass a fixed one). */
  now?: () => number;
  log: SeedLog;
  liveIntervalMs?: number;
  /**
   * Waited for before each seeding transaction: the server's InFlight.turn, so a request's queries never
   * queue behind seeding transactions (PGlite has one connection). Default: a turn of the event loop.
   */
  pause?: () => Promise<void>;
  /**
   * The broker (MQTT_URL) and this server's client id: the demo's own home is then fed by its simulated
   * Glow and kettle plug through the broker (devices.ts), from the minute they start publishing.
   */
  devices?: { url: string; clientId: string };
}

/** A live tick also stores appliance uses since the last one, running ones up to now (they run < 1 day). */
const EVENT_LOOKBACK_S = 26 * 3600;
/**
 * One transaction per job, so the data stays one contiguous span whatever the moment the process stops
 * (a job split over several transactions would leave a hole behind a complete-looking oldest day).
 * A week of half-hours keeps PGlite free for requests every ~30 ms.
 */
const NEIGHBOUR_DAYS_PER_ROUND = 7;
/**
 * The demo's own homes: the last MINUTE_DAYS days as 1-minute readings (a day per step), older history
 * as half-hourly readings (a meter's history, as a supplier gives it), a week per step. Screens read
 * the half-hour rollups, which are the same sums either way; 13 months of 1-minute readings cost ~40 s of
 * CPU through the ingest path, half-hourly ones a few seconds. 35 days cover InfoCare's 28-day routine.
 */
export const MINUTE_DAYS = 35;
const HALF_HOURLY_DAYS_PER_JOB = 7;
/**
 * Readings per transaction for the own homes: a quarter of a 1-minute day (~10 ms of PGlite on an idle
 * machine; a whole day held it ~50 ms); two half-hourly days (each of their rows is a half-hour's rollup:
 * a week in one transaction held requests back 50-70 ms, `npm run bench first-start`'s slowest answers).
 */
const OWN_BATCH_ROWS = { 60: 360, 1800: 96 } as const;
/**
 * Neighbours' history: this calendar month and the 2 before it, enough for the weekly and monthly rankings
 * of the recent periods. A neighbour-day costs ~3 ms of CPU (half simulation, half storing), so 200
 * neighbours × 13 months alone would take ~4 minutes; rankings of older periods compare against the homes
 * with data then.
 */
export const NEIGHBOUR_MONTHS = 2;
/**
 * Neighbours' appliance uses are read only by an appliance's comparison over its last 28 local days
 * (features/appliances DETAIL_DAYS): older uses are not stored (half the rows).
 */
const NEIGHBOUR_EVENT_DAYS = 35;

interface Home extends DemoHomeSpec {
  houseId: number;
  zone: string;
  first: number | null;
  latestEnd: number | null;
  /** Its simulated devices over the broker, which bring its readings and kettle uses from their `from`. */
  devices?: DemoDevices;
}

export interface SeedReport extends IngestedCounts {
  homes: number;
  ms: number;
}

/** The first day of the month NEIGHBOUR_MONTHS before this one: where the neighbours' history starts. */
export function neighbourHistoryStart(now: number, zone: string): number {
  const d = parseLocalDate(localDate(now, zone));
  const months = d.year * 12 + (d.month - 1) - NEIGHBOUR_MONTHS;
  const year = Math.floor(months / 12);
  return startOfLocalDate(formatLocalDate({ year, month: (months % 12) + 1, day: 1 }), zone);
}

/** Local midnight starting the history: 13 calendar months (or `days` days) before today. */
export function historyStart(now: number, zone: string, days: number | null): number {
  const today = localDate(now, zone);
  if (days !== null) return startOfLocalDate(addDays(today, -days), zone);
  const d = parseLocalDate(today);
  const months = d.year * 12 + (d.month - 1) - 13;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return startOfLocalDate(
    formatLocalDate({ year, month, day: Math.min(d.day, daysInMonth(year, month)) }),
    zone,
  );
}

export class DemoSimulation {
  readonly #db: Db;
  readonly #options: DemoSimulationOptions;
  readonly #now: () => number;
  #homes: Home[] = [];
  #homesRead = false;
  /** The seeding steps, made once: after the last one, the loop only runs live ticks. */
  #jobs: Iterator<() => Promise<void>> | undefined;
  #neighboursLive = false;
  #ownDone: (() => void) | undefined;
  /** Resolves when the demo's own home and Mum's have their whole history (before Dad's). */
  readonly ownSeeded: Promise<void>;
  #meterOnlyDone: (() => void) | undefined;
  /** Resolves when the meter-only home (Dad's) has its whole history too (before the neighbours'). */
  readonly meterOnlySeeded: Promise<void>;
  #stopped = false;
  #liveDue = false;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #started = 0;
  #counts: IngestedCounts = { readings: 0, events: 0, days: 0 };
  #finished: ((report: SeedReport) => void) | undefined;
  /** Resolves when the history is complete (tests and logs). */
  readonly seeded: Promise<SeedReport>;

  constructor(db: Db, options: DemoSimulationOptions) {
    this.#db = db;
    this.#options = options;
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.seeded = new Promise((resolve) => {
      this.#finished = resolve;
    });
    this.ownSeeded = new Promise((resolve) => {
      this.#ownDone = resolve;
    });
    this.meterOnlySeeded = new Promise((resolve) => {
      this.#meterOnlyDone = resolve;
    });
  }

  /**
   * Before the server listens: each kind of seeding write once, rolled back (warm-up.ts), so no request
   * waits for a first, cold transaction. Returns how many kinds ran.
   */
  async warmUp(): Promise<number> {
    await this.#load();
    const own = this.#homes.find((h) => h.interval === 60);
    const neighbour = this.#homes.find((h) => h.interval === 1800);
    return warmSeedingWrites(this.#db, { own, neighbour }, (error) =>
      this.#options.log.error({ err: error }, 'demo: a warm-up write failed (the seeding goes on)'),
    );
  }

  /** Starts seeding, then live mode. Returns at once. */
  start(): void {
    this.#started = performance.now();
    this.#timer = setInterval(() => {
      this.#liveDue = true;
      this.#kick();
    }, this.#options.liveIntervalMs ?? 60_000);
    this.#kick();
  }

  /** Stops live mode and waits for the current day's transaction to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
    for (const home of this.#homes) await home.devices?.stop();
  }

  /**
   * Starts the demo home's simulated devices publishing (with `devices` set), once the server's consumer
   * is subscribed; the minutes from their `from` on reach the home through the broker only.
   */
  async startDevices(): Promise<void> {
    await this.#load();
    if (this.#stopped) return;
    for (const home of this.#homes) home.devices?.start();
  }

  #kick(): void {
    if (this.#running || this.#stopped) return;
    this.#running = this.#loop()
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'demo simulation failed'))
      .finally(() => {
        this.#running = null;
      });
  }

  async #loop(): Promise<void> {
    if (this.#jobs === undefined) {
      await this.#load();
      this.#jobs = this.#seedingSteps();
    }
    for (;;) {
      if (this.#stopped) return;
      if (this.#liveDue) {
        this.#liveDue = false;
        await this.#live();
        continue;
      }
      await this.#pause();
      const job = this.#jobs.next();
      if (job.done) return;
      await job.value();
    }
  }

  /** Before each transaction: requests that came meanwhile are read, and answered first. */
  #pause(): Promise<void> {
    return (this.#options.pause ?? turnOfTheLoop)();
  }

  /** Reads the demo homes once: in the warm-up before the server listens, else as the seeding starts. */
  async #load(): Promise<void> {
    if (this.#homesRead) return;
    const rows = await listDemoHouses(this.#db);
    // The neighbourhood's specs depend on its size: use the number of neighbour homes that exist.
    const mum = rows.find((r) => r.username === MUM_USERNAME);
    const specs = demoSpecs(
      rows.filter((r) => neighbourIndex(r.username) !== null).length,
      mum && localDate(Number(mum.created_at), mum.time_zone),
    );
    this.#homes = rows.flatMap((r) => {
      const spec = specs.get(r.username);
      if (!spec) return [];
      return [{ ...spec, houseId: r.house_id, zone: r.time_zone, first: r.first, latestEnd: r.latest_end }];
    });
    const demo = this.#homes.find((h) => h.username === DEMO_USERNAME);
    if (this.#options.devices && demo !== undefined) {
      const devices = new DemoDevices(demo, {
        ...this.#options.devices,
        now: this.#now,
        log: this.#options.log,
      });
      await devices.register(this.#db);
      demo.devices = devices;
    }
    this.#homesRead = true;
  }

  *#seedingSteps(): Generator<() => Promise<void>> {
    const own = this.#homes.filter((h) => h.interval === 60 && !h.meterOnly);
    const meterOnly = this.#homes.filter((h) => h.meterOnly);
    const neighbours = this.#homes.filter((h) => h.interval === 1800);
    const log = this.#options.log;
    // A step each: today is ~1,400 minutes a home.
    for (const home of [...own, ...meterOnly]) yield () => this.#catchUp(home);
    yield async () => log.info({ ms: this.#elapsed() }, "demo: today's readings stored for the demo homes");
    yield* this.#ownHistory(own);
    yield async () => {
      log.info({ ms: this.#elapsed(), ...this.#soFar() }, 'demo: history of the demo homes stored');
      this.#ownDone?.();
    };
    yield* this.#ownHistory(meterOnly);
    yield async () => {
      log.info({ ms: this.#elapsed(), ...this.#soFar() }, 'demo: history of the meter-only home stored');
      this.#neighboursLive = true;
      this.#meterOnlyDone?.();
    };
    for (const home of neighbours) yield () => this.#catchUp(home);
    let round = 0;
    while (neighbours.some((h) => this.#behind(h))) {
      for (const home of neighbours)
        if (this.#behind(home)) yield () => this.#backfill(home, NEIGHBOUR_DAYS_PER_ROUND);
      round += 1;
      if (round % 4 === 0)
        yield async () => log.info({ weeksBack: round, ms: this.#elapsed() }, 'demo: neighbours');
    }
    // PGlite runs no autovacuum: give the planner statistics for the tables just filled, a step each, so a
    // request waits for one table's at most. A sample of 3,000 rows (statistics target 10, not 100) takes
    // 10-20 ms a table on the seeded demo, not 100-400 ms, which held requests back that long; the planner
    // needs these tables' sizes and key ranges, which it gives. The blocks by their keys only: sampling
    // their arrays took 65-75 ms even so, and no query filters on them.
    for (const target of ANALYZED)
      yield () =>
        this.#db.transaction((tx) => tx.exec(`set local default_statistics_target = 10; analyze ${target}`));
    yield async () => {
      const report: SeedReport = { homes: this.#homes.length, ms: this.#elapsed(), ...this.#counts };
      log.info(report, 'demo: all history stored');
      this.#finished?.(report);
    };
  }

  /** The history of the demo's own homes (1-minute, then half-hourly), a day of each per round. */
  *#ownHistory(homes: readonly Home[]): Generator<() => Promise<void>> {
    let days = 0;
    while (homes.some((h) => this.#behind(h))) {
      for (const home of homes) if (this.#behind(home)) yield () => this.#backfillOwn(home);
      days += 1;
      if (days % 30 === 0)
        yield async () => this.#options.log.info({ daysBack: days, ms: this.#elapsed() }, 'demo: history');
    }
  }

  /** What the seeding has stored since it started, all homes together (not the last step's). */
  #soFar(): { readingsSoFar: number; usesSoFar: number; homeDaysSoFar: number } {
    const { readings, events, days } = this.#counts;
    return { readingsSoFar: readings, usesSoFar: events, homeDaysSoFar: days };
  }

  #elapsed(): number {
    return Math.round(performance.now() - this.#started);
  }

  #behind(home: Home): boolean {
    return home.first === null || home.first > this.#historyStart(home);
  }

  #historyStart(home: Home): number {
    const now = this.#now();
    const start = historyStart(now, home.zone, this.#options.historyDays);
    return home.interval === 60 ? start : Math.max(start, neighbourHistoryStart(now, home.zone));
  }

  #add(counts: IngestedCounts): void {
    this.#counts.readings += counts.readings;
    this.#counts.events += counts.events;
    this.#counts.days += counts.days;
  }

  /** Raw readings for the demo's own homes (1-minute, or half-hourly for old days), daily totals only for neighbours. */
  #store(home: Home, range: DaysRange, interval: 60 | 1800 = home.interval): Promise<IngestedCounts> {
    if (home.interval === 60)
      return ingestSimulatedDays(this.#db, home.houseId, home.spec, interval, {
        ...range,
        ...(home.devices
          ? { devicesFrom: { at: home.devices.from, applianceTypeId: DEMO_PLUG_APPLIANCE_ID } }
          : {}),
        batchRows: OWN_BATCH_ROWS[interval],
        pause: () => this.#pause(),
        ...(home.meterOnly ? { readingsOnly: true } : {}),
      });
    const keepEventsFrom = range.now - NEIGHBOUR_EVENT_DAYS * 86_400;
    return storeSimulatedDailyTotals(this.#db, home.houseId, home.spec, { ...range, keepEventsFrom });
  }

  /** An own home's next step back: a day of 1-minute readings in the recent window, else a half-hourly week. */
  async #backfillOwn(home: Home): Promise<void> {
    if (home.first === null) return this.#catchUp(home);
    const minuteStart = startOfLocalDate(
      addDays(localDate(this.#now(), home.zone), -(this.#options.minuteDays ?? MINUTE_DAYS)),
      home.zone,
    );
    if (home.first > minuteStart) return this.#backfill(home, 1, minuteStart);
    return this.#backfill(home, HALF_HOURLY_DAYS_PER_JOB, undefined, 1800);
  }

  /** Everything from the newest reading (or today's local midnight) to the last whole interval. */
  async #catchUp(home: Home): Promise<void> {
    const now = this.#now();
    const to = now - (now % home.interval);
    const latest = home.latestEnd ?? startOfLocalDate(localDate(now, home.zone), home.zone);
    if (to <= latest) return;
    // Daily totals are written by whole days: today is simulated again from its midnight.
    const from = home.interval === 60 ? latest : startOfLocalDate(localDate(latest, home.zone), home.zone);
    const eventsFrom = Math.max(from - EVENT_LOOKBACK_S, home.first ?? from);
    this.#add(await this.#store(home, { from, to, eventsFrom, now, zone: home.zone }));
    home.latestEnd = to;
    home.first ??= from;
  }

  /** Up to `days` local days before the oldest reading, not beyond the history's start (nor `floor`). */
  async #backfill(home: Home, days: number, floor?: number, interval?: 60 | 1800): Promise<void> {
    if (home.first === null) return this.#catchUp(home);
    const now = this.#now();
    const start = Math.max(this.#historyStart(home), floor ?? 0);
    const to = home.first;
    const from = Math.max(
      start,
      startOfLocalDate(addDays(localDate(to - 1, home.zone), 1 - days), home.zone),
    );
    if (to <= from) return;
    const range = { from, to, eventsFrom: from, now, zone: home.zone, newestFirst: true };
    this.#add(await this.#store(home, range, interval));
    home.first = from;
  }

  async #live(): Promise<void> {
    for (const home of this.#homes) {
      if (home.interval === 1800 && !this.#neighboursLive) continue;
      if (this.#stopped) return;
      // At each half-hour the 200 neighbours' today is rewritten: requests go first between two homes.
      await this.#pause();
      try {
        await this.#catchUp(home);
      } catch (error) {
        this.#options.log.error({ err: error, houseId: home.houseId }, 'demo: live readings failed');
      }
    }
  }
}
