import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { deliverDue, queueNotifications } from '../src/features/infocare/notify';
import { FakeClock, link, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';

// Which earlier notification holds a later one back (notify.ts claimNext). One alert's messages to one
// carer go in order; a carer's alert about another dependant does not wait behind a row a server claimed
// and died with (its lease is 10 minutes): in the kill test a carer of two dependants got the second's
// "No data" mail only after the first's lease ran out, past the test's 90 s. Clock pinned.

describeEachDb('the order notifications go out in', (suite) => {
  const clock = new FakeClock(Date.UTC(2026, 0, 15, 9, 0, 0));
  const now = () => Math.floor(clock.now().getTime() / 1000);
  let carer: Person;
  let causes = 0;
  const homes: { person: Person; houseId: number }[] = [];

  const senders = {
    mailer: {
      transport: 'outbox' as const,
      send: async () => {},
      close() {},
    },
    sms: { transport: 'http' as const, send: async () => {} },
  };

  async function raise(db: Db, home: { person: Person; houseId: number }, level: string): Promise<number> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at)
         values ($1, $2, 'morning', 'Off', $3, 'Morning not started', 'No kettle yet', 'kettle', $4)
         returning id`,
        [home.houseId, `order-${++causes}`, level, now()],
      );
      const id = rows[0]!.id;
      await queueNotifications(tx, [id], home.person.id, 'Europe/London', now());
      return id;
    });
  }

  beforeAll(async () => {
    carer = await makeUser(suite.db, 'carer', { house: null });
    for (const name of ['joan', 'jim']) {
      const person = await makeUser(suite.db, name);
      await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 1)', [
        person.id,
      ]);
      await link(suite.db, carer, person);
      homes.push({ person, houseId: (await findHouseIdOf(suite.db, person.id))! });
    }
  });
  afterAll(() => undefined);

  const statusOf = async (alertId: number) =>
    (
      await suite.db.query<{ status: string }>(
        'select status from infocare_notifications where alert_id = $1 order by id',
        [alertId],
      )
    ).rows.map((r) => r.status);

  it("sends a carer's alert about Jim while Joan's is leased by a server that died", async () => {
    const joans = await raise(suite.db, homes[0]!, 'Warning');
    // A server claimed Joan's email and was killed before recording it: pending, tried once, leased.
    await suite.db.query(
      `update infocare_notifications set attempts = 1, next_attempt_at = $2 where alert_id = $1`,
      [joans, now() + 600],
    );
    const jims = await raise(suite.db, homes[1]!, 'Warning');
    expect(await deliverDue(suite.db, senders as never, now())).toBe(1);
    expect(await statusOf(joans)).toEqual(['pending']);
    expect(await statusOf(jims)).toEqual(['sent']);
  });

  it("holds the same alert's later message behind its earlier one until that is sent", async () => {
    clock.advance(3600_000);
    // Joan's lease has run out meanwhile: her email goes now, nothing else is pending.
    expect(await deliverDue(suite.db, senders as never, now())).toBe(1);
    const first = await raise(suite.db, homes[1]!, 'Warning');
    await suite.db.query(
      `update infocare_notifications set attempts = 1, next_attempt_at = $2 where alert_id = $1`,
      [first, now() + 600],
    );
    // The same alert again (an escalation's message), queued after the leased one: it waits.
    await suite.db.transaction((tx) =>
      queueNotifications(tx, [first], homes[1]!.person.id, 'Europe/London', now(), { kind: 'again' }),
    );
    expect(await deliverDue(suite.db, senders as never, now())).toBe(0);
    expect(await statusOf(first)).toEqual(['pending', 'pending']);
    // The lease runs out: both go.
    clock.advance(601_000);
    expect(await deliverDue(suite.db, senders as never, now())).toBe(2);
    expect(await statusOf(first)).toEqual(['sent', 'sent']);
  });
});
