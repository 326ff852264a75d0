import { beforeAll, expect, it, vi } from 'vitest';
import { unusablePassword } from '../src/features/accounts/password';
import { deliveryRunner } from '../src/features/infocare/deliveries';
import { FakeClock, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { outboxSenders, raiseUrgent, recordingPush } from './support/senders';

// A run kicks delivery after each home it stores (deliveries.ts, job.ts): a home's pushes go out while
// the next homes are still to be raised, not after the last, all by one deliverDue call whose senders
// wait for the next kick, and each row once. The push sender is a stand-in that records whom it reached
// and holds each push a few milliseconds. Clock pinned.

const HOMES = 4;
const CARERS_EACH = 3;

describeEachDb('delivery kicked as each home is stored', (suite) => {
  const clock = new FakeClock();
  const now = () => Math.floor(clock.now().getTime() / 1000);
  const mums: Person[] = [];
  const carersOf = new Map<number, number[]>();
  const reached: number[] = [];

  const push = recordingPush(reached);

  beforeAll(async () => {
    for (let h = 0; h < HOMES; h += 1) {
      const mum = await makeUser(suite.db, `mum${h}`);
      mums.push(mum);
      await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 4)', [
        mum.id,
      ]);
      const names = Array.from({ length: CARERS_EACH }, (_, i) => `carer${h}-${i}`);
      const { rows } = await suite.db.query<{ id: number }>(
        `insert into users (username, email, password_hash, setup_done)
         select u, u || '@example.com', $2, true from unnest($1::text[]) as u returning id`,
        [names, unusablePassword()],
      );
      const ids = rows.map((r) => r.id).sort((a, b) => a - b);
      carersOf.set(mum.id, ids);
      await suite.db.query(
        `insert into carer_links (carer_user_id, dependant_user_id, accepted_at)
         select unnest($1::int[]), $2, now()`,
        [ids, mum.id],
      );
    }
  });

  it("sends each home's pushes before the next home is raised, once each, in one deliverDue call", async () => {
    const t = now();
    const senders = outboxSenders(suite.db, clock, push);
    const deliveries = deliveryRunner(suite.db, senders, t);
    for (const mum of mums) {
      const houseId = (await findHouseIdOf(suite.db, mum.id))!;
      await raiseUrgent(suite.db, houseId, mum.id, t);
      deliveries.kick();
      // Delivered while the run goes on: without the kick nothing is sent before settled().
      const mine = carersOf.get(mum.id)!;
      await vi.waitFor(() => expect(mine.every((id) => reached.includes(id))).toBe(true), { timeout: 5000 });
    }
    const { sent, runs } = await deliveries.settled();
    expect(sent).toBe(HOMES * CARERS_EACH);
    // The first call's senders waited for each kick; at most one more call, started by a kick, finds nothing.
    expect(runs).toBeLessThanOrEqual(2);
    expect([...reached].sort((a, b) => a - b)).toEqual([...carersOf.values()].flat().sort((a, b) => a - b));
    const { rows } = await suite.db.query<{ status: string; attempts: number; n: number }>(
      `select status, attempts, count(*)::int as n from infocare_notifications group by status, attempts`,
    );
    expect(rows).toEqual([{ status: 'sent', attempts: 1, n: HOMES * CARERS_EACH }]);
  });

  it('settles at once when nothing was kicked', async () => {
    const senders = outboxSenders(suite.db, clock, push);
    expect(await deliveryRunner(suite.db, senders, now()).settled()).toEqual({ sent: 0, runs: 0 });
  });
});
