import { Alert } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { alertsPage } from './support/infocare';
import { insertUses } from './support/uses';

// An alert's state in one line (issue 33 item 2): open, taken, resolved, or closed by itself when its
// situation ended ("the oven went off at 21:52"), with the first page's count of open alerts agreeing with
// the cards; and a carer who took an alert and went quiet can be taken over, by another carer only.

describeEachDb('InfoCare alert state and taking over', (suite) => {
  let t: TestApp;
  let mum: Person;
  let ann: Person;
  let bob: Person;
  let stranger: Person;
  let houseId: number;
  const secs = () => Math.floor(t.clock.now().getTime() / 1000);

  const raise = async (fields: {
    cause: string;
    kind: string;
    type: 'On' | 'Off';
    name: string;
    raisedAt: number;
    clearedAt?: number;
    evidence?: Record<string, number>;
  }) => {
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at, cleared_at, evidence)
       values ($1, $2, $3, $4, 'Urgent', $5, 'Text.', 'clock', $6, $7, $8::jsonb) returning id`,
      [
        houseId,
        fields.cause,
        fields.kind,
        fields.type,
        fields.name,
        fields.raisedAt,
        fields.clearedAt ?? null,
        JSON.stringify(fields.evidence ?? {}),
      ],
    );
    return rows[0]!.id;
  };
  const post = (s: Session, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/assisted_living/alerts/',
      headers: s.headers(true),
      payload: { dependant_user_id: mum.id, ...payload },
    });
  const page = (s: Session) => alertsPage(t.app, s, mum.id);

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    ann = await makeUser(suite.db, 'ann', { house: null });
    bob = await makeUser(suite.db, 'bob', { house: null });
    stranger = await makeUser(suite.db, 'stranger');
    await link(suite.db, ann, mum);
    await link(suite.db, bob, mum);
    await suite.db.query(`insert into user_settings (user_id, name) values ($1, 'Ann')`, [ann.id]);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    // The engine must not judge the hand-made alerts: the home is marked judged far ahead.
    await suite.db.query('insert into infocare_progress (house_id, evaluated_at) values ($1, 32503680000)', [
      houseId,
    ]);
    t = await makeTestApp(suite.db);
  });

  afterAll(async () => {
    await t?.app.close();
  });

  it('says when a situation ended by itself, and counts as open only what nobody has and has not ended', async () => {
    const now = secs(); // 09:00 in London
    const oven = (await suite.db.query<{ id: number }>("select id from appliance_types where key = 'oven'"))
      .rows[0]!.id;
    const onSince = now - 3 * 3600; // 06:00
    // The oven ran 06:00–07:30 and again 07:40–07:52; the engine saw it off at its next look, 08:00.
    await insertUses(suite.db, [
      {
        house_id: houseId,
        appliance_type_id: oven,
        start_ts: onSince,
        end_ts: onSince + 5400,
        energy_wh: 3000,
      },
      {
        house_id: houseId,
        appliance_type_id: oven,
        start_ts: onSince + 6000,
        end_ts: onSince + 6720,
        energy_wh: 400,
      },
    ]);
    const closed = await raise({
      cause: `long_on:${oven}:${onSince}`,
      kind: 'long_on',
      type: 'On',
      name: 'Oven left on',
      raisedAt: onSince + 3600,
      clearedAt: now - 3600,
      evidence: { on_since: onSince },
    });
    const open = await raise({
      cause: 'inactivity:1',
      kind: 'inactivity',
      type: 'Off',
      name: 'No activity',
      raisedAt: now - 600,
    });
    // A silence that ended with the kettle at 05:30; the fridge-freezer's day-long event (from 00:00) is
    // nobody's use.
    const types = async (key: string) =>
      (await suite.db.query<{ id: number }>('select id from appliance_types where key = $1', [key])).rows[0]!
        .id;
    const midnight = now - 9 * 3600;
    await insertUses(suite.db, [
      {
        house_id: houseId,
        appliance_type_id: await types('fridge_freezer'),
        start_ts: midnight,
        end_ts: midnight + 86_399,
        energy_wh: 1000,
      },
      {
        house_id: houseId,
        appliance_type_id: await types('kettle'),
        start_ts: now - 3 * 3600 - 1800,
        end_ts: now - 3 * 3600 - 1620,
        energy_wh: 100,
      },
    ]);
    const silence = await raise({
      cause: 'inactivity:0',
      kind: 'inactivity',
      type: 'Off',
      name: 'No activity',
      raisedAt: midnight - 3600,
      clearedAt: now - 3 * 3600 - 600,
      evidence: { last_seen_at: midnight - 6 * 3600 },
    });
    // Yesterday's silence from 16:00, watched until the day ended: nothing (but the fridge-freezer) was
    // used, so it must not read as if something had been.
    const unbroken = await raise({
      cause: 'inactivity:3',
      kind: 'inactivity',
      type: 'Off',
      name: 'No activity',
      raisedAt: midnight - 5 * 3600,
      clearedAt: midnight,
      evidence: { last_seen_at: midnight - 8 * 3600 },
    });
    const a = await login(t.app, ann);
    const first = await page(a);
    expect(first.alerts.find((x) => x.id === silence)?.closed).toEqual({
      at: now - 3 * 3600 - 1800,
      reason: 'something was used again',
    });
    expect(first.alerts.find((x) => x.id === unbroken)?.closed).toEqual({
      at: midnight,
      reason: 'the day ended with nothing used',
    });
    const byId = new Map(first.alerts.map((x) => [x.id, x]));
    expect(byId.get(closed)?.closed).toEqual({ at: onSince + 6720, reason: 'the oven went off' });
    expect(byId.get(open)?.closed).toBeNull();
    expect(first.open).toBe(1);
    // Taken is no longer open; the header's count follows.
    expect((await post(a, { id: open, take: true })).statusCode).toBe(200);
    expect((await page(a)).open).toBe(0);
  });

  it('lets another carer take over once the taker has been quiet for 30 minutes, and nobody else', async () => {
    const id = await raise({
      cause: 'inactivity:2',
      kind: 'inactivity',
      type: 'Off',
      name: 'No activity',
      raisedAt: secs(),
    });
    const [a, b] = [await login(t.app, ann), await login(t.app, bob)];
    expect((await post(a, { id, take: true })).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    const early = await post(b, { id, take_over: true });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      error: 'Ann took this alert 10 min ago: you can take over in 20 min if they are still not on it',
      field: 'take_over',
    });
    t.clock.advance(20 * 60_000);
    for (const person of [stranger, mum]) {
      const s = await login(t.app, person);
      expect((await post(s, { id, take_over: true })).statusCode, person.username).toBe(403);
    }
    const { rows } = await suite.db.query<{ taken_by: number }>(
      'select taken_by from infocare_alerts where id = $1',
      [id],
    );
    expect(rows[0]?.taken_by).toBe(ann.id);
    const over = await post(b, { id, take_over: true });
    expect(over.statusCode, over.body).toBe(200);
    expect(Alert.parse(over.json()).taken).toEqual({ by: 'bob', at: secs(), by_you: true });
    // Bob may now resolve it; Ann no longer may.
    expect((await post(a, { id, resolve: true })).statusCode).toBe(400);
    expect((await post(b, { id, resolve: true })).statusCode).toBe(200);
    const resolved = await post(a, { id, take_over: true });
    expect(resolved.statusCode).toBe(400);
    expect(resolved.json().error).toBe('This alert is resolved: there is nothing to take over');
  });
});
