import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import type { SmsSender } from '../../sms/sms';
import { type RunSummary, runInfocare } from './job';
import { sendDueReports } from './reports';

// Runs the InfoCare engine every `intervalS` (INFOCARE_INTERVAL_S) in the server process. `tick()` is the
// whole of one run, so tests drive it with their own clock and never wait. A run never overlaps the
// previous one; several processes may tick at once (the engine's per-home lock keeps them apart).

export class InfocareTimer {
  private handle: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      mailer: Mailer;
      sms: SmsSender;
      clock: Clock;
      intervalS: number;
      log?: FastifyBaseLogger | undefined;
    },
  ) {}

  start(): void {
    if (this.deps.intervalS <= 0 || this.handle) return;
    this.handle = setInterval(() => void this.tick().catch(() => undefined), this.deps.intervalS * 1000);
    this.handle.unref();
  }

  async tick(): Promise<RunSummary | undefined> {
    if (this.running) return undefined;
    const now = Math.floor(this.deps.clock.now().getTime() / 1000);
    const run = (async () => {
      const summary = await runInfocare(this.deps.db, this.deps, now);
      await sendDueReports(this.deps.db, this.deps.mailer, now);
      return summary;
    })();
    this.running = run;
    try {
      const summary = await run;
      if (summary.raised + summary.cleared + summary.notified > 0)
        this.deps.log?.info({ infocare: summary }, 'infocare run');
      return summary;
    } catch (error) {
      this.deps.log?.error({ err: error }, 'infocare run failed');
      throw error;
    } finally {
      this.running = undefined;
    }
  }

  async stop(): Promise<void> {
    if (this.handle) clearInterval(this.handle);
    this.handle = undefined;
    await this.running?.catch(() => undefined);
  }
}
