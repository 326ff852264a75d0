import { beforeAll, expect, it } from 'vitest';
import { unusablePassword } from '../src/features/accounts/password';
import { CLAIM_BATCH } from '../src/features/infocare/claim';
import { deliverDue } from '../src/features/infocare/notify';
import { FakeClock, makeUser, type Person } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { outboxSenders, raiseUrgent, recordingPush } from './support/senders';

// Rows are claimed CLAIM_BATCH at a time (claim.ts). Two delivery runs at once (two servers' timers, or
// a run still going when the next starts) each claim batches from the same queue: every row goes out once
// and is attempted once, and both runs take a share. The push sender is a stand-in that counts who it was
// asked to reach and holds each push a few milliseconds (so the runs overlap). Clock pinned.

const CARERS = 3 * CLAIM_BATCH + 5;

describeEachDb('notifications claimed in batches by two runs at once', (suite) => {
  const clock = new FakeClock();
  const now = () => Math.floor(clock.now().getTime() / 1000);
  let mum: Person;
  let carerIds: number[] = [];
  const reached: number[] = [];

  const push = recordingPush(reached);

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 4)', [mum.id]);
    const names = Array.from({ length: CARERS }, (_, i) => `carer${i}`);
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into users (username, email, password_hash, setup_done)
       select u, u || '@example.com', $2, true from unnest($1::text[]) as u returning id`,
      [names, unusablePassword()],
    );
    carerIds = rows.map((r) => r.id).sort((a, b) => a - b);
    await suite.db.query(
      `insert into carer_links (carer_user_id, dependant_user_id, accepted_at)
       select unnest($1::int[]), $2, now()`,
      [carerIds, mum.id],
    );
  });

  it('sends every row once across both runs, each attempted once, both runs sharing the work', async () => {
    const houseId = (await findHouseIdOf(suite.db, mum.id))!;
    const t = now();
    await raiseUrgent(suite.db, houseId, mum.id, t);
    const senders = outboxSenders(suite.db, clock, push);

    const [first, second] = await Promise.all([
      deliverDue(suite.db, senders, t),
      deliverDue(suite.db, senders, t),
    ]);
    expect(first + second).toBe(CARERS);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect([...reached].sort((a, b) => a - b)).toEqual(carerIds);
    const { rows } = await suite.db.query<{ user_id: number; status: string; attempts: number }>(
      `select user_id, status, attempts from infocare_notifications where channel = 'push' order by user_id`,
    );
    expect(rows).toEqual(carerIds.map((id) => ({ user_id: id, status: 'sent', attempts: 1 })));
  });
});

describeEachDb('a claim fails the rows with no address for their channel', (suite) => {
  const clock = new FakeClock();
  const now = () => Math.floor(clock.now().getTime() / 1000);

  it('fails them in the claim with why, and sends the rest of the batch', async () => {
    const mum = await makeUser(suite.db, 'mum');
    // Email and SMS: one carer has no email, one has a phone, the third neither a phone nor an email.
    await suite.db.query('insert into user_settings (user_id, alert_notification) values ($1, 3)', [mum.id]);
    const { rows: carers } = await suite.db.query<{ id: number; username: string }>(
      `insert into users (username, email, phone, password_hash, setup_done)
       values ('noemail', null, null, $1, true), ('phoned', 'phoned@example.com', '+447700900123', $1, true),
              ('nophone', 'nophone@example.com', null, $1, true)
       returning id, username`,
      [unusablePassword()],
    );
    await suite.db.query(
      `insert into carer_links (carer_user_id, dependant_user_id, accepted_at)
       select unnest($1::int[]), $2, now()`,
      [carers.map((c) => c.id), mum.id],
    );
    const houseId = (await findHouseIdOf(suite.db, mum.id))!;
    const t = now();
    const alertId = await raiseUrgent(suite.db, houseId, mum.id, t);
    const senders = outboxSenders(suite.db, clock);

    expect(await deliverDue(suite.db, senders, t)).toBe(3);
    const { rows } = await suite.db.query<{
      username: string;
      channel: string;
      status: string;
      last_error: string | null;
      attempts: number;
    }>(
      `select u.username, n.channel, n.status, n.last_error, n.attempts from infocare_notifications n
         join users u on u.id = n.user_id
        where n.alert_id = $1 order by u.username, n.channel`,
      [alertId],
    );
    expect(rows).toEqual([
      {
        username: 'noemail',
        channel: 'email',
        status: 'failed',
        last_error: 'no email address',
        attempts: 0,
      },
      { username: 'noemail', channel: 'sms', status: 'failed', last_error: 'no phone number', attempts: 0 },
      { username: 'nophone', channel: 'email', status: 'sent', last_error: null, attempts: 1 },
      { username: 'nophone', channel: 'sms', status: 'failed', last_error: 'no phone number', attempts: 0 },
      { username: 'phoned', channel: 'email', status: 'sent', last_error: null, attempts: 1 },
      { username: 'phoned', channel: 'sms', status: 'sent', last_error: null, attempts: 1 },
    ]);
  });
});
