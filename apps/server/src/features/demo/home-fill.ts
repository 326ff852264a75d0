import { addDays, localDate, startOfLocalDate } from '@homeview/domain';
import type { Db } from '../../db/types';
import { DEMO_PLUG_APPLIANCE_ID, type DemoDevices } from './devices';
import { storeDemoGas } from './gas';
import { historyStart, minuteStart, neighbourHistoryStart } from './history-window';
import type { DemoHomeSpec } from './homes';
import {
  type DaysRange,
  type IngestedCounts,
  ingestSimulatedDays,
  storeSimulatedDailyTotals,
} from './ingest-days';

// One demo home's data grows as one contiguous span [first, latestEnd) of its rollups, outwards: catchUp
// up to now, backfill before `first` (newest batch stored first). So the data itself is the progress
// marker, and a stop at any moment leaves no hole for a restart to miss.

/** A live tick also stores appliance uses since the last one, running ones up to now (they run < 1 day). */
const EVENT_LOOKBACK_S = 26 * 3600;
const HALF_HOURLY_DAYS_PER_JOB = 7;
/**
 * Readings per transaction for the own homes: a quarter of a 1-minute day (~10 ms of PGlite on an idle
 * machine; a whole day held it ~50 ms); two half-hourly days (each of their rows is a half-hour's rollup:
 * a week in one transaction held requests back 50-70 ms, `npm run bench first-start`'s slowest answers).
 */
const OWN_BATCH_ROWS = { 60: 360, 1800: 96 } as const;
/**
 * Neighbours' appliance uses are read only by an appliance's comparison over its last 28 local days
 * (features/appliances DETAIL_DAYS): older uses are not stored (half the rows).
 */
const NEIGHBOUR_EVENT_DAYS = 35;

export interface Home extends DemoHomeSpec {
  houseId: number;
  zone: string;
  first: number | null;
  latestEnd: number | null;
  /** Its simulated devices over the broker, which bring its readings and kettle uses from their `from`. */
  devices?: DemoDevices;
}

export interface FillOptions {
  now: () => number;
  /** Days of history; null = 13 calendar months. */
  historyDays: number | null;
  /** Days back from today the own homes get as 1-minute readings; default MINUTE_DAYS. */
  minuteDays?: number;
  /** Waited for before each transaction (requests first). */
  pause: () => Promise<void>;
}

export class HomeFill {
  /** What has been stored since the seeding started, all homes together. */
  readonly counts: IngestedCounts & { gas: number } = { readings: 0, events: 0, days: 0, gas: 0 };

  constructor(
    readonly db: Db,
    readonly options: FillOptions,
  ) {}

  /** Whether the home's history does not yet reach back to its start. */
  behind(home: Home): boolean {
    return home.first === null || home.first > this.#historyStart(home);
  }

  /** Everything from the newest reading (or today's local midnight) to the last whole interval. */
  async catchUp(home: Home): Promise<void> {
    const now = this.options.now();
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

  /** An own home's next step back: a day of 1-minute readings in the recent window, else a half-hourly week. */
  async backfillOwn(home: Home): Promise<void> {
    if (home.first === null) return this.catchUp(home);
    const minutesFrom = minuteStart(this.options.now(), home.zone, this.options.minuteDays);
    if (home.first > minutesFrom) return this.backfill(home, 1, minutesFrom);
    return this.backfill(home, HALF_HOURLY_DAYS_PER_JOB, undefined, 1800);
  }

  /** Up to `days` local days before the oldest reading, not beyond the history's start (nor `floor`). */
  async backfill(home: Home, days: number, floor?: number, interval?: 60 | 1800): Promise<void> {
    if (home.first === null) return this.catchUp(home);
    const now = this.options.now();
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

  #historyStart(home: Home): number {
    const now = this.options.now();
    const start = historyStart(now, home.zone, this.options.historyDays);
    return home.interval === 60 ? start : Math.max(start, neighbourHistoryStart(now, home.zone));
  }

  #add(counts: IngestedCounts): void {
    this.counts.readings += counts.readings;
    this.counts.events += counts.events;
    this.counts.days += counts.days;
  }

  /** Raw readings for the demo's own homes (1-minute, or half-hourly for old days), daily totals only for neighbours. */
  async #store(home: Home, range: DaysRange, interval: 60 | 1800 = home.interval): Promise<IngestedCounts> {
    // Gas before electricity: electricity's span is the progress marker, so a stop between the two
    // leaves gas ahead (written again, idempotently, on the restart), never a hole behind it.
    if (home.gas) {
      const pause = () => this.options.pause();
      const gas = await storeDemoGas(this.db, home.houseId, {
        ...range,
        batchRows: OWN_BATCH_ROWS[1800],
        pause,
      });
      this.counts.gas += gas.stored;
      if (gas.transactions > 0) await pause();
    }
    if (home.interval === 60)
      return ingestSimulatedDays(this.db, home.houseId, home.spec, interval, {
        ...range,
        ...(home.devices
          ? { devicesFrom: { at: home.devices.from, applianceTypeId: DEMO_PLUG_APPLIANCE_ID } }
          : {}),
        batchRows: OWN_BATCH_ROWS[interval],
        pause: () => this.options.pause(),
        ...(home.meterOnly ? { readingsOnly: true } : {}),
      });
    const keepEventsFrom = range.now - NEIGHBOUR_EVENT_DAYS * 86_400;
    return storeSimulatedDailyTotals(this.db, home.houseId, home.spec, { ...range, keepEventsFrom });
  }
}
