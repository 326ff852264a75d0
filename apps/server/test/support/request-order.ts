import type { Db } from '../../src/db/types';
import { InFlight } from '../../src/http/in-flight';

// For tests that background work gives way to requests, asserted as an order of events, never a time:
// requests log when they begin and are answered, and the background work's database logs each
// transaction it starts and sends a request the moment a chosen transaction has committed.

/** Requests in flight whose begin and answer go into the current log (`log()`: tests start a new one). */
export function loggedRequests(log: () => string[]): InFlight {
  return new (class extends InFlight {
    override begin(request: unknown): void {
      log().push('request begins');
      super.begin(request);
    }
    /** Its response is sent (inject's promise resolves a little later, after other waiting work). */
    override end(request: unknown): void {
      log().push('request answered');
      super.end(request);
    }
  })();
}

/**
 * `db` as the background work sees it: each transaction logs `label` as it starts; the moment the `nth`
 * has committed, 'request sent' is logged and `send` called. Send a request that spans turns of the event
 * loop (a login: its hash runs in a worker thread), as a request does that waits for anything but PGlite.
 */
export function requestAfterTransaction(
  db: Db,
  options: { log: string[]; label: string; nth: number; send: () => Promise<unknown> },
): { db: Db; answered: Promise<void> } {
  const { log, label, nth, send } = options;
  let count = 0;
  let answered!: () => void;
  const done = new Promise<void>((resolve) => {
    answered = resolve;
  });
  return {
    answered: done,
    db: {
      ...db,
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
      transaction: async (fn, transactionOptions) => {
        log.push(label);
        const result = await db.transaction(fn, transactionOptions);
        if (++count === nth) {
          log.push('request sent');
          void send().then(() => answered());
        }
        return result;
      },
    },
  };
}
