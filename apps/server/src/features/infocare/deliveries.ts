import type { Transactional } from './claim';
import { deliverDue, type Senders, type Wake } from './notify';

// Delivery while a run is still raising. The engine raises home after home, each in its own transaction;
// delivering only after the last made every carer's push wait for all the other homes' raises too (250
// Urgent alerts: ~1.4 s before the first claim, `npm run bench push`). A run kicks the runner after each
// home it stores: one deliverDue starts at the first kick, and its senders, out of rows, wait for the
// next kick instead of ending (a sender left alone claiming four rows at a time is slower than a full
// set), until the run settles. One deliverDue at a time, so IN_FLIGHT still bounds what is on the wire;
// claims stay once-only as ever (claim.ts).

export interface DeliveryRunner {
  /** Rows were queued and committed: deliver them soon. */
  kick(): void;
  /** Nothing more will be queued: resolves once all is delivered, with what was sent and in how many calls. */
  settled(): Promise<{ sent: number; runs: number }>;
}

export function deliveryRunner(db: Transactional, senders: Senders, now: number): DeliveryRunner {
  let kicks = 0;
  let closed = false;
  let waiting: ((more: boolean) => void)[] = [];
  const wake: Wake = {
    kicks: () => kicks,
    after: (seen) =>
      kicks > seen || closed
        ? Promise.resolve(kicks > seen)
        : new Promise((resolve) => waiting.push(resolve)),
  };
  const tell = (more: boolean) => {
    const all = waiting;
    waiting = [];
    for (const resolve of all) resolve(more);
  };
  let running: Promise<void> | null = null;
  /**
   * A kick since the current call began: one more call after it, should it end before seeing those rows
   * (at DELIVER_PER_RUN); usually a single claim that finds nothing.
   */
  let asked = false;
  let sent = 0;
  let runs = 0;
  let failure: { error: unknown } | null = null;
  const start = () => {
    running = (async () => {
      while (asked) {
        asked = false;
        runs += 1;
        sent += await deliverDue(db, senders, now, undefined, closed ? undefined : wake);
      }
    })()
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => {
        running = null;
        if (asked && failure === null) start();
      });
  };
  return {
    kick() {
      kicks += 1;
      asked = true;
      tell(true);
      if (running === null && failure === null) start();
    },
    async settled() {
      closed = true;
      tell(false);
      while (running) await running;
      if (failure) throw failure.error;
      return { sent, runs };
    },
  };
}
