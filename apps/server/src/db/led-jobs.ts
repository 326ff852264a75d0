import { Leadership, type LeadershipOptions } from './leader';
import type { Db } from './types';
import { DEVICE_PARTITIONS_MAX, type LockKey, LOCKS } from './lock-keys';

// The server's background work that one server of several does at a time, in one list: each job with its
// lock (db/lock-keys.ts: the server holding it leads, db/leader.ts), how soon another server takes over,
// and its schedule. main.ts and devices/server.ts start them from here. PGlite's one process leads all.
// Work every server does at start under a transaction lock (migrations, the default tariff's sync, the
// demo seed) is not led: db/exclusive.ts.

/** How often a server that does not lead InfoCare or the demo tries again: a dead leader's work resumes
 * on another server within this. */
export const LEAD_RETRY_MS = 10_000;
/** How often a server counts the live servers and keeps its fair share of the device partitions. */
export const BALANCE_MS = 5000;

export interface LedJob {
  /** The session advisory lock whose holder leads. */
  readonly key: LockKey;
  /** A server not leading tries again this often. */
  readonly retryMs: number;
  /** What the leader runs, and when. */
  readonly schedule: string;
}

export const LED_JOBS = {
  infocare: {
    key: LOCKS.infocareRuns,
    retryMs: LEAD_RETRY_MS,
    schedule:
      'every INFOCARE_INTERVAL_S (60 s; 0: never) one run (features/infocare/timer.ts): the engine over every ' +
      'watched home, re-sends of untaken Urgent alerts, due notifications, due reports, all-is-well mails; ' +
      'and a home whose data arrived (db/notices.ts) evaluated ARRIVAL_DEBOUNCE_MS (5 s) after',
  },
  demoSimulation: {
    key: LOCKS.demoSimulation,
    retryMs: LEAD_RETRY_MS,
    schedule:
      "with DEMO_LIVE, once the server listens: the demo homes' history seeded day by day, then live " +
      'readings every minute (features/demo/seeder.ts), and its simulated devices over MQTT',
  },
  supplierFills: {
    key: LOCKS.supplierFills,
    retryMs: LEAD_RETRY_MS,
    schedule:
      "every minute (features/suppliers/job.ts): each supplier connection whose next fetch is due, its meters' " +
      'half-hours fetched from their resume points (13 months first) and stored; topped up every 4 h, backing ' +
      'off on errors',
  },
  carbonHistory: {
    key: LOCKS.carbonHistory,
    retryMs: LEAD_RETRY_MS,
    schedule:
      "every minute (features/carbon/job.ts): Great Britain's recorded carbon intensity fetched for the " +
      'half-hours homes have electricity in (14-day requests, at most 800 days back) and stored, for the ' +
      "usage reads' gCO2",
  },
  unclaimedDevices: {
    key: LOCKS.devices,
    retryMs: BALANCE_MS,
    schedule: 'with MQTT_URL, while leading: the wildcard device topics, unclaimed devices counted',
  },
} as const satisfies Record<string, LedJob>;

/**
 * The device partitions are shared, not led: every server holds `presenceKey` shared (their count is the
 * number of live servers) and takes partition p under `baseKey + p`, every `everyMs` keeping at most
 * ceil(partitions / live servers) (db/share.ts, devices/server.ts).
 */
export const DEVICE_BALANCE = {
  baseKey: LOCKS.devicePartitions,
  presenceKey: LOCKS.devicesPresence,
  maxPartitions: DEVICE_PARTITIONS_MAX,
  everyMs: BALANCE_MS,
} as const;

/** The leadership of `job`: `start()` tries now and every `job.retryMs`, `stop()` hands it over. */
export function leadership(
  db: Db,
  job: LedJob,
  handlers: Omit<LeadershipOptions, 'retryMs'> & { retryMs?: number },
): Leadership {
  return new Leadership(db, job.key, { retryMs: job.retryMs, ...handlers });
}
