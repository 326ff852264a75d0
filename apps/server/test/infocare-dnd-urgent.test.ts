import { afterAll, beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { queueNotifications } from '../src/features/infocare/notify';
import { link, login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';

// Do Not Disturb and Urgent alerts (issue 33 item 12): the carer chooses. By default Do Not Disturb holds
// every notification, Urgent included; with urgent_through=true an Urgent alert goes out, a Warning not.

describeEachDb('Do Not Disturb lets Urgent through when the carer chooses', (suite) => {
  let t: TestApp;
  let mum: Person;
  let ann: Person;
  let houseId: number;
  const secs = () => Math.floor(t.clock.now().getTime() / 1000);

  const raise = async (level: 'Warning' | 'Urgent', cause: string) => {
    const { rows } = await suite.db.query<{ id: number }>(
      `insert into infocare_alerts (house_id, cause, kind, type, level, name, text, icon, raised_at)
       values ($1, $2, 'inactivity', 'Off', $3, 'No activity', 'Nothing used.', 'clock', $4) returning id`,
      [houseId, cause, level, secs()],
    );
    const id = rows[0]!.id;
    await queueNotifications(suite.db, [id], mum.id, 'Europe/London', secs());
    const { rows: sent } = await suite.db.query<{ status: string }>(
      `select status from infocare_notifications where alert_id = $1 and user_id = $2 order by id`,
      [id, ann.id],
    );
    return sent.map((r) => r.status);
  };

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    ann = await makeUser(suite.db, 'ann', { house: null });
    await link(suite.db, ann, mum);
    houseId = (await findHouseIdOf(suite.db, mum.id))!;
    t = await makeTestApp(suite.db);
  });

  afterAll(async () => {
    await t?.app.close();
  });

  it('holds Urgent in Do Not Disturb by default, and sends it once the carer lets it through', async () => {
    const s = await login(t.app, ann);
    const save = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v3/no_disturb_mode/',
        headers: s.headers(true),
        payload: { user_id: ann.id, ...payload },
      });
    const on = await save({ status: 'ENABLED' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      status: 'ENABLED',
      start_time: '00:00',
      end_time: '00:00',
      urgent_through: false,
    });
    expect(await raise('Urgent', 'inactivity:1')).toEqual(['suppressed']);

    const through = await save({ status: 'ENABLED', urgent_through: 'true' });
    expect(through.json().urgent_through).toBe(true);
    expect(await raise('Urgent', 'inactivity:2')).toEqual(['pending']);
    expect(await raise('Warning', 'inactivity:3')).toEqual(['suppressed']);
    // Saving the window again without the field keeps the choice.
    expect((await save({ status: 'ENABLED' })).json().urgent_through).toBe(true);
    expect((await save({ status: 'ENABLED', urgent_through: 'maybe' })).statusCode).toBe(400);
  });
});
