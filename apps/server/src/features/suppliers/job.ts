import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { secretsKeyOf } from '../../shared/secrets';
import { backoffS, runConnection } from './pass';
import { dueConnections, recordPass } from './repository';

// The supplier fills as a led job (db/led-jobs.ts: LED_JOBS.supplierFills): the server leading it looks
// every SUPPLIER_TICK_MS for connections whose next fetch is due and runs a pass over each (pass.ts), one
// at a time. A new connection is due at once; a server started after `npm run admin -- connect-supplier`
// fills it without being asked. Stopping waits for the pass under way, which stops at its next span.

export const SUPPLIER_TICK_MS = 60_000;

export interface SupplierFillsDeps {
  db: Db;
  config: Pick<
    Config,
    'octopusApiUrl' | 'glowmarktApiUrl' | 'publicOrigin' | 'secretsKey' | 'databaseUrl' | 'dataDir'
  >;
  mailer: Mailer;
  clock: Clock;
  log?: FastifyBaseLogger;
  tickMs?: number;
}

export class SupplierFills {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  /** Set by stop(): the pass under way stops at its next span, and no other starts. */
  private halting = false;

  constructor(private readonly deps: SupplierFillsDeps) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.halting = false;
    const tick = () => {
      if (this.stopped) return;
      void this.runDue()
        .catch((error: unknown) => this.deps.log?.error({ err: error }, 'supplier fills failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.deps.tickMs ?? SUPPLIER_TICK_MS);
        });
    };
    tick();
  }

  /** Stops the timer and waits for the pass under way (it stops at its next span). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.halting = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One look: every due connection's pass; the number of connections passed. */
  runDue(): Promise<number> {
    const run = (this.running ?? Promise.resolve(0)).catch(() => 0).then(() => this.passDue());
    this.running = run;
    return run;
  }

  private async passDue(): Promise<number> {
    const { db, clock, log } = this.deps;
    let passed = 0;
    for (;;) {
      const now = Math.floor(clock.now().getTime() / 1000);
      const due = await dueConnections(db, now, 20);
      if (due.length === 0) return passed;
      // Read only when there is work: a server with no connection makes no key file.
      const key = await secretsKeyOf(this.deps.config);
      if (key === null) {
        log?.error('supplier connections are due but SECRETS_KEY is not set');
        return passed;
      }
      for (const row of due) {
        if (this.halting) return passed;
        try {
          await runConnection(
            {
              db,
              config: this.deps.config,
              mailer: this.deps.mailer,
              key,
              stopping: () => this.halting,
              ...(log ? { log } : {}),
            },
            row,
            now,
          );
        } catch (error) {
          // Not the supplier's answer (the credentials no longer open, the database): tried again later.
          log?.error({ err: error, connection: row.id }, 'supplier pass failed');
          await recordPass(db, row.id, {
            state: 'retrying',
            problem: 'Fetching failed on our side; trying again automatically.',
            lastFetchAt: now,
            nextFetchAt: now + backoffS(row.failures + 1, null),
            failures: row.failures + 1,
            progress: 'kept',
          });
        }
        passed += 1;
      }
      // A pass that stopped early (a shutdown) leaves its connection due: not looped over again here.
      if (this.halting) return passed;
    }
  }
}
