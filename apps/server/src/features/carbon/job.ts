import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/types';
import { type FillResult, fillRecorded } from './recorded';

// The recorded intensity's fill as a led job (db/led-jobs.ts: LED_JOBS.carbonHistory): the server leading
// it runs fillRecorded every CARBON_TICK_MS (a run with nothing to ask is two short statements), so a home's
// new half-hours find their intensity within minutes of the API publishing it, and a service that was
// down is asked again after a minute, then after twice as long each time it fails again (up to an hour:
// an offline server logs a line an hour, not a minute). Which windows were asked when is this leader's memory: a new leader
// asks each once more, which is harmless.

export const CARBON_TICK_MS = 60_000;
const BACKOFF_MAX_MS = 3_600_000;

export interface CarbonHistoryDeps {
  db: Db;
  baseUrl: string;
  clock: Clock;
  log?: FastifyBaseLogger;
  tickMs?: number;
  timeoutMs?: number;
}

export class CarbonHistory {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<FillResult | null> | null = null;
  private stopped = true;
  private readonly asked = new Map<number, number>();
  /** Runs in a row that ended on a failed request. */
  private failures = 0;

  constructor(private readonly deps: CarbonHistoryDeps) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.runOnce().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.nextDelayMs());
      });
    };
    tick();
  }

  /** The tick, doubled for each failed run in a row, at most an hour. */
  nextDelayMs(): number {
    const tick = this.deps.tickMs ?? CARBON_TICK_MS;
    return Math.min(tick * 2 ** Math.min(this.failures, 12), Math.max(tick, BACKOFF_MAX_MS));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One run (after the one under way); null when it failed on our side (logged). */
  runOnce(): Promise<FillResult | null> {
    const { db, baseUrl, clock, log, timeoutMs } = this.deps;
    const run = (this.running ?? Promise.resolve(null))
      .catch(() => null)
      .then(() =>
        fillRecorded(db, {
          baseUrl,
          now: Math.floor(clock.now().getTime() / 1000),
          asked: this.asked,
          ...(log ? { log } : {}),
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        }),
      )
      .then(
        (result) => {
          const failed = result.ended === 'unreachable' || result.ended === 'rejected';
          this.failures = failed ? this.failures + 1 : 0;
          if (result.stored > 0) log?.info(result, 'recorded carbon intensity stored');
          return result;
        },
        (error: unknown) => {
          log?.error({ err: error }, 'recorded carbon intensity fill failed');
          return null;
        },
      );
    this.running = run;
    return run;
  }
}
