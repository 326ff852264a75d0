import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { PushSender } from '../../push/push';
import type { SmsSender } from '../../sms/sms';
import { arrivalsHeard, onDataArrived } from '../readings/arrivals';
import { evaluateHouse, type Pause, type RunSummary, runInfocare } from './job';
import { deliverDue } from './notify';
import { watchedHouses } from './repository';
import { sendDueReports } from './reports';
import { sendAllIsWell } from './all-is-well';

// Runs the InfoCare engine every `intervalS` (INFOCARE_INTERVAL_S) in the server process. `tick()` is the
// whole of one run, so tests drive it with their own clock and never wait. A run never overlaps the
// previous one; several processes may tick at once (the engine's per-home lock keeps them apart).
// Besides the timer, data arriving for a house (dataArrived, said by the one way in: readings/receive.ts)
// schedules that house's evaluation `debounceMs` later (one evaluation for a burst of batches); it is the
// same idempotent, locked evaluateHouse, so it may race the timer or another process harmlessly. On
// PostgreSQL arrivals are heard from every process writing to the database (NOTIFY, arrivals.ts).

/** Wait after data arrives before evaluating its house, so a burst of batches is judged once. */
export const ARRIVAL_DEBOUNCE_MS = 5_000;

/** Thrown at a pause once the timer is stopping: a run ends between two transactions, never inside one. */
class Stopping extends Error {}

export class InfocareTimer {
  private stopping = false;
  private handle: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly arrived = new Set<number>();
  private debounce: NodeJS.Timeout | undefined;
  private evaluating: Promise<unknown> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      mailer: Mailer;
      sms: SmsSender;
      /** Web Push, when the server has it (VAPID_SUBJECT). */
      push?: PushSender | null;
      clock: Clock;
      intervalS: number;
      log?: FastifyBaseLogger | undefined;
      debounceMs?: number;
      /** Before each home's evaluation (a transaction); the server needs none: its `db` waits (InFlight.background). */
      pause?: Pause;
    },
  ) {}

  /** Before each home's transaction: the deps' pause, or the end of the run when the timer is stopping. */
  private readonly pause: Pause = async () => {
    if (this.stopping) throw new Stopping('InfoCare is stopping');
    await this.deps.pause?.();
    // The wait may have seen a stop (the server waits for requests in flight): no new transaction then.
    if (this.stopping) throw new Stopping('InfoCare is stopping');
  };

  start(): void {
    this.stopping = false;
    this.unsubscribe ??= onDataArrived(this.deps.db, (houseId) => this.dataArrived(houseId));
    if (this.deps.intervalS <= 0 || this.handle) return;
    this.handle = setInterval(() => void this.tick().catch(() => undefined), this.deps.intervalS * 1000);
    this.handle.unref();
  }

  /** Resolves once arrivals written by other processes are heard (PostgreSQL's LISTEN); at once on PGlite. */
  listening(): Promise<void> {
    return arrivalsHeard(this.deps.db);
  }

  async tick(): Promise<RunSummary | undefined> {
    if (this.running) return undefined;
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    const run = (async () => {
      const summary = await runInfocare(this.deps.db, this.deps, now, undefined, this.pause);
      await sendDueReports(this.deps.db, this.deps.mailer, now);
      await sendAllIsWell(this.deps.db, this.deps, now);
      return summary;
    })();
    this.running = run;
    try {
      const summary = await run;
      if (summary.raised + summary.cleared + summary.notified > 0)
        this.deps.log?.info({ infocare: summary }, 'infocare run');
      return summary;
    } catch (error) {
      if (error instanceof Stopping) return undefined;
      this.deps.log?.error({ err: error }, 'infocare run failed');
      throw error;
    } finally {
      this.running = undefined;
    }
  }

  /** Schedules the house's evaluation (debounced). */
  dataArrived(houseId: number): void {
    this.arrived.add(houseId);
    if (this.debounce) return;
    this.debounce = setTimeout(
      () => void this.evaluateArrived(),
      this.deps.debounceMs ?? ARRIVAL_DEBOUNCE_MS,
    );
    this.debounce.unref();
  }

  /** Evaluates now the houses whose data arrived (the debounce's work); resolves when done. */
  evaluateArrived(): Promise<unknown> {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = undefined;
    const ids = [...this.arrived];
    this.arrived.clear();
    this.evaluating = this.evaluating.then(async () => {
      if (ids.length === 0) return;
      try {
        const now = Math.floor(this.deps.clock.now().getTime() / 1000);
        const houses = (await watchedHouses(this.deps.db)).filter((h) => ids.includes(h.id));
        for (const house of houses) {
          await this.pause();
          await evaluateHouse(this.deps.db, house, now);
        }
        if (houses.length > 0) await deliverDue(this.deps.db, this.deps, now);
      } catch (error) {
        if (error instanceof Stopping) return;
        this.deps.log?.error({ err: error }, 'infocare evaluation on arrival failed');
      }
    });
    return this.evaluating;
  }

  /** Stops the timer; a run under way ends after the home it is evaluating (Ctrl-C need not wait for all). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.handle) clearInterval(this.handle);
    this.handle = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = undefined;
    await this.running?.catch(() => undefined);
    await this.evaluating;
  }
}
