import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from './support/db';
import {
  link,
  login,
  loginRequest,
  makeTestApp,
  makeUser,
  type Person,
  type Session,
  type TestApp,
} from './support/app';

// §7 /common/set_up/, /list_appliances/, /appliance_settings/, /holiday_mode/ and /no_disturb_mode/ on both
// databases: answers, §5 rules as 400s naming the field, nothing half-written, and cross-user access.

const SETUP = {
  under10: '1',
  range10_17: '0',
  range18_64: '2',
  range65_74: '0',
  over74: '1',
  full_time: '1',
  part_time: '1',
  unemployed: '0',
  pensioner: '1',
  commuting: '1',
  stay_at_home: '2',
  property_type: 'Semi_detached',
};

describeEachDb('account settings', (suite) => {
  let t: TestApp;
  let carer: Person;
  let dependant: Person;
  let stranger: Person;
  let s: Session;

  const get = (url: string, session = s) => t.app.inject({ url, headers: session.headers() });
  const post = (url: string, payload: Record<string, string | number | boolean>, session = s) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    carer = await makeUser(suite.db, 'setup-carer', { setupDone: false });
    dependant = await makeUser(suite.db, 'setup-mum');
    stranger = await makeUser(suite.db, 'setup-stranger');
    await link(suite.db, carer, dependant);
    s = await login(t.app, carer);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers a fresh setup with zeros, every appliance and no property type', async () => {
    const res = await get(`/api/v3/common/set_up/?user_id=${carer.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.age_groups).toEqual({ under10: 0, range10_17: 0, range18_64: 0, range65_74: 0, over74: 0 });
    expect(body.property_type).toBeNull();
    expect(body.appliances['1']).toEqual({ name: 'Kettle', number: 0 });
  });

  it('saves the flat setup fields, marks the account set up, and login then says so', async () => {
    expect((await loginRequest(t.app, carer.username, carer.password)).json().already_set_up).toBe(false);
    s = await login(t.app, carer);
    const res = await post('/api/v3/common/set_up/', { user_id: carer.id, ...SETUP });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      age_groups: { under10: 1, range18_64: 2, over74: 1 },
      employment_statuses: { full_time: 1, part_time: 1, unemployed: 0, pensioner: 1 },
      travel: { commuting: 1, stay_at_home: 2 },
      property_type: 'Semi_detached',
    });
    const again = await loginRequest(t.app, carer.username, carer.password);
    expect(again.json().already_set_up).toBe(true);
    s = await login(t.app, carer);
  });

  it('refuses a bad setup with a 400 naming the field and writes nothing', async () => {
    for (const [field, value] of [
      ['under10', '-1'],
      ['over74', '1.5'],
      ['property_type', 'Castle'],
      ['commuting', '21'],
    ] as const) {
      const res = await post('/api/v3/common/set_up/', { user_id: dependant.id, ...SETUP, [field]: value });
      expect([res.statusCode, res.json().field]).toEqual([400, field]);
    }
    const missing = { ...SETUP } as Record<string, string>;
    delete missing.pensioner;
    expect((await post('/api/v3/common/set_up/', { user_id: dependant.id, ...missing })).json().field).toBe(
      'pensioner',
    );
    const read = await get(`/api/v3/common/set_up/?user_id=${dependant.id}`);
    expect(read.json().property_type).toBeNull();
  });

  it('sets up a linked dependant’s home, but never a stranger’s', async () => {
    const mine = await post('/api/v3/common/set_up/', {
      user_id: dependant.id,
      ...SETUP,
      property_type: 'Flat',
    });
    expect(mine.json().property_type).toBe('Flat');
    const theirs = await post('/api/v3/common/set_up/', { user_id: stranger.id, ...SETUP });
    expect(theirs.statusCode).toBe(403);
    expect((await get(`/api/v3/common/set_up/?user_id=${stranger.id}`)).statusCode).toBe(403);
    const strangerSession = await login(t.app, stranger);
    expect(
      (await get(`/api/v3/common/set_up/?user_id=${stranger.id}`, strangerSession)).json().property_type,
    ).toBeNull();
  });

  it('lists the appliances, saves a count, label, icon and hides one', async () => {
    const list = await get(`/api/v3/list_appliances/?user_id=${carer.id}`);
    const kettle = list
      .json()
      .appliances.find((a: { appliance_type_id: number }) => a.appliance_type_id === 1);
    expect(kettle).toEqual({
      appliance_type_id: 1,
      name: 'Kettle',
      appliance_label: 'Kettle',
      appliance_icon: 'kettle',
      show_appliance: true,
      number_of_appliances: 0,
    });
    const setting = await get(`/api/v3/appliance_settings/?user_id=${carer.id}&appliance_type_id=1`);
    expect(setting.json().available_icons).toContain('toaster');

    const saved = await post('/api/v3/appliance_settings/', {
      user_id: carer.id,
      appliance_type_id: 1,
      number_of_appliances: 2,
      appliance_label: 'Big kettle',
      appliance_icon: 'toaster',
      show_appliance: false,
    });
    expect(saved.json()).toMatchObject({
      appliance_type_id: 1,
      appliance_label: 'Big kettle',
      appliance_icon: 'toaster',
      show_appliance: false,
      number_of_appliances: 2,
    });
    // A field left out keeps its value.
    const countOnly = await post('/api/v3/appliance_settings/', {
      user_id: carer.id,
      appliance_type_id: 1,
      number_of_appliances: 3,
    });
    expect(countOnly.json()).toMatchObject({
      appliance_label: 'Big kettle',
      show_appliance: false,
      number_of_appliances: 3,
    });
    const setup = await get(`/api/v3/common/set_up/?user_id=${carer.id}`);
    expect(setup.json().appliances['1']).toEqual({ name: 'Kettle', number: 3 });
    // The dependant's home is separate.
    const theirs = await get(`/api/v3/list_appliances/?user_id=${dependant.id}`);
    expect(
      theirs.json().appliances.find((a: { appliance_type_id: number }) => a.appliance_type_id === 1)
        .show_appliance,
    ).toBe(true);
  });

  it('refuses an unknown appliance, an icon not offered, a bad count, and strangers', async () => {
    const base = { user_id: carer.id, appliance_type_id: 1, number_of_appliances: 1 };
    expect(
      (await post('/api/v3/appliance_settings/', { ...base, appliance_type_id: 999 })).json().field,
    ).toBe('appliance_type_id');
    expect(
      (await post('/api/v3/appliance_settings/', { ...base, appliance_icon: 'rocket' })).json().field,
    ).toBe('appliance_icon');
    expect(
      (await post('/api/v3/appliance_settings/', { ...base, number_of_appliances: -1 })).json().field,
    ).toBe('number_of_appliances');
    expect(
      (await post('/api/v3/appliance_settings/', { ...base, show_appliance: 'maybe' })).json().field,
    ).toBe('show_appliance');
    expect((await post('/api/v3/appliance_settings/', { ...base, user_id: stranger.id })).statusCode).toBe(
      403,
    );
    expect((await get(`/api/v3/list_appliances/?user_id=${stranger.id}`)).statusCode).toBe(403);
    expect(
      (await get(`/api/v3/appliance_settings/?user_id=${stranger.id}&appliance_type_id=1`)).statusCode,
    ).toBe(403);
    const after = await get(`/api/v3/appliance_settings/?user_id=${carer.id}&appliance_type_id=1`);
    expect(after.json()).toMatchObject({ appliance_icon: 'toaster', number_of_appliances: 3 });
  });

  it('holiday mode: DISABLED by default, a schedule required and ordered when SCHEDULED, kept afterwards', async () => {
    expect((await get(`/api/v3/holiday_mode/?user_id=${carer.id}`)).json()).toEqual({
      status: 'DISABLED',
      start_timestamp: null,
      end_timestamp: null,
    });
    const url = '/api/v3/holiday_mode/';
    expect((await post(url, { user_id: carer.id, status: 'SCHEDULED' })).json().field).toBe(
      'start_timestamp',
    );
    expect(
      (
        await post(url, {
          user_id: carer.id,
          status: 'SCHEDULED',
          start_timestamp: 2000,
          end_timestamp: 1000,
        })
      ).json().field,
    ).toBe('end_timestamp');
    expect((await post(url, { user_id: carer.id, status: 'ON' })).json().field).toBe('status');
    const start = 1_768_500_000;
    const scheduled = await post(url, {
      user_id: carer.id,
      status: 'SCHEDULED',
      start_timestamp: start,
      end_timestamp: start + 14 * 86_400,
    });
    expect(scheduled.json()).toEqual({
      status: 'SCHEDULED',
      start_timestamp: start,
      end_timestamp: start + 14 * 86_400,
    });
    const enabled = await post(url, { user_id: carer.id, status: 'ENABLED' });
    expect(enabled.json()).toEqual({
      status: 'ENABLED',
      start_timestamp: start,
      end_timestamp: start + 14 * 86_400,
    });
    expect((await post(url, { user_id: stranger.id, status: 'ENABLED' })).statusCode).toBe(403);
    expect((await get(`/api/v3/holiday_mode/?user_id=${dependant.id}`)).json().status).toBe('DISABLED');
  });

  it('do not disturb: 00:00–00:00 by default, HH:MM times required when SCHEDULED', async () => {
    const url = '/api/v3/no_disturb_mode/';
    expect((await get(`${url}?user_id=${dependant.id}`)).json()).toEqual({
      status: 'DISABLED',
      start_time: '00:00',
      end_time: '00:00',
      urgent_through: false,
    });
    expect(
      (await post(url, { user_id: dependant.id, status: 'SCHEDULED', start_time: '22:00' })).json().field,
    ).toBe('end_time');
    expect(
      (
        await post(url, {
          user_id: dependant.id,
          status: 'SCHEDULED',
          start_time: '24:00',
          end_time: '07:00',
        })
      ).json().field,
    ).toBe('start_time');
    const saved = await post(url, {
      user_id: dependant.id,
      status: 'SCHEDULED',
      start_time: '22:00',
      end_time: '07:00',
    });
    expect(saved.json()).toEqual({
      status: 'SCHEDULED',
      start_time: '22:00',
      end_time: '07:00',
      urgent_through: false,
    });
    const rows = await suite.db.query<{ dnd_status: string; holiday_status: string }>(
      'select dnd_status, holiday_status from user_modes where user_id = $1',
      [dependant.id],
    );
    expect(rows.rows).toEqual([{ dnd_status: 'SCHEDULED', holiday_status: 'DISABLED' }]);
    expect((await get(`${url}?user_id=${stranger.id}`)).statusCode).toBe(403);
  });

  it("sets the carer's own phone for SMS alerts, in E.164, and never a dependant's", async () => {
    const url = '/api/v3/common/settings/';
    const phoneOf = async (id: number) =>
      (await suite.db.query<{ phone: string | null }>('select phone from users where id = $1', [id])).rows[0]
        ?.phone;
    const saved = await post(url, { user_id: carer.id, phone: '07700 900123' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ phone: '+447700900123' });
    expect(await phoneOf(carer.id)).toBe('+447700900123');
    expect((await get(`${url}?user_id=${carer.id}`)).json()).toMatchObject({ phone: '+447700900123' });

    const bad = await post(url, { user_id: carer.id, phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'phone: Enter a mobile number like 07700 900123 or +44 7700 900123',
      field: 'phone',
    });
    const theirs = await post(url, { user_id: dependant.id, phone: '07700 900999' });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ field: 'phone' });
    expect(await phoneOf(dependant.id)).toBeNull();
    expect((await post(url, { user_id: stranger.id, phone: '07700 900999' })).statusCode).toBe(403);
    expect(await phoneOf(stranger.id)).toBeNull();
    // The dependant's settings, read by the carer, carry no phone.
    expect((await get(`${url}?user_id=${dependant.id}`)).json()).not.toHaveProperty('phone');
    // A phone change leaves the other settings alone; blank removes the number.
    expect((await post(url, { user_id: carer.id, phone: '' })).json()).toMatchObject({
      phone: null,
      alert_notification: 1,
    });
    expect(await phoneOf(carer.id)).toBeNull();
  });
});
