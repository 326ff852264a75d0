import { expect, it } from 'vitest';
import { heard, listenTo, noticeFor, notify, told } from '../src/db/notices';
import { describeEachDb } from './support/db';

// db/notices.ts for both engines: a notice reaches the listeners of its channel on its database, once
// (PostgreSQL: NOTIFY over the shared LISTEN connection; PGlite: in the process), and no other channel's.

const until = async (what: string, done: () => boolean) => {
  const end = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > end) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describeEachDb('notices', (suite) => {
  it('a notice is heard on its channel, by each listener once, and not after unsubscribing', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const other: string[] = [];
    const stopA = listenTo(suite.db, 'test_notices_one', (p) => a.push(p));
    const stopB = listenTo(suite.db, 'test_notices_one', (p) => b.push(p));
    const stopOther = listenTo(suite.db, 'test_notices_two', (p) => other.push(p));
    await heard(suite.db, 'test_notices_one');
    await heard(suite.db, 'test_notices_two');
    await notify(suite.db, 'test_notices_one', '42');
    await until('both listeners', () => a.length === 1 && b.length === 1);
    expect([a, b, other]).toEqual([['42'], ['42'], []]);
    stopA();
    await notify(suite.db, 'test_notices_one', '43');
    await until('the one left', () => b.length === 2);
    expect([a, b]).toEqual([['42'], ['42', '43']]);
    stopB();
    stopOther();
  });

  it("a write's notice: in its transaction on PostgreSQL, told after commit on PGlite", async () => {
    const got: string[] = [];
    const stop = listenTo(suite.db, 'test_notices_tx', (p) => got.push(p));
    await heard(suite.db, 'test_notices_tx');
    const sql = noticeFor(suite.db, 'test_notices_tx', '7');
    expect(sql === undefined).toBe(suite.kind === 'pglite');
    await suite.db.transaction(async (tx) => {
      if (sql) await tx.query(sql);
    });
    told(suite.db, 'test_notices_tx', '7'); // nothing more on PostgreSQL: NOTIFY told already
    await until('the notice', () => got.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got).toEqual(['7']);
    stop();
  });

  it('refuses a payload that is not a plain name or number', () => {
    expect(() => noticeFor(suite.db, 'test_notices_tx', "x'); drop table users; --")).toThrow(TypeError);
  });
});
