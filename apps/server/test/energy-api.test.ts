import { DashboardResponse } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { ingestApplianceEvents, ingestReadings } from '../src/features/readings/ingest';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy, houseWithData, shown, syntheticReadings } from './support/energy';

// /energy_info/today/ and /detail/ as a client sees them: appliance lists, who may ask, 400s naming the
// field, and the dashboard's "Today's balance" agreeing with /today/.

const NOW = at('2024-11-05T12:00:00Z');
const TODAY = at('2024-11-05T00:00:00Z');
const KETTLE = 1;
const WASHING = 7;
const FRIDGE = 10;
const TV = 11;

describeEachDb('energy endpoints', (suite) => {
  let t: TestApp;
  let alice: Person;
  let houseId: number;
  let session: Session;
  const get = (url: string, s: Session = session) =>
    t.app.inject({ method: 'GET', url, headers: s.headers() });

  beforeAll(async () => {
    alice = await makeUser(suite.db, 'alice');
    houseId = await houseWithData(suite.db, alice.id, syntheticReadings(TODAY - 86_400, TODAY, 3), NOW);
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: TODAY + 7 * 3600, end: TODAY + 7 * 3600 + 180, energy_wh: 120 },
      { appliance_type_id: KETTLE, start: TODAY + 8 * 3600, end: TODAY + 8 * 3600 + 180, energy_wh: 120 },
      { appliance_type_id: TV, start: TODAY + 9 * 3600, end: TODAY + 11 * 3600, energy_wh: 200 },
      // On in the past hour (11:00–12:00): washing machine 10:50–11:10; the TV ended exactly at 11:00.
      { appliance_type_id: WASHING, start: NOW - 4200, end: NOW - 3000, energy_wh: 900 },
      { appliance_type_id: FRIDGE, start: TODAY, end: TODAY + 86_400, energy_wh: 800 },
      { appliance_type_id: KETTLE, start: TODAY - 3600, end: TODAY - 3420, energy_wh: 100 }, // yesterday
    ]);
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, alice);
  });

  it('lists appliances on in the past hour, and the most used and most costly of the period', async () => {
    const today = await getEnergy(t.app, session, `user_id=${alice.id}`);
    expect(today.used_appliances.map((a) => [a.appliance_type_id, a.status.state])).toEqual([
      [WASHING, 'on'],
    ]);
    expect(today.used_appliances[0]).toMatchObject({
      name: 'Washing machine',
      duration: { value: 20, unit: 'mins' },
    });
    // The fridge-freezer runs all day: never "used", but it is a cost.
    expect(today.most_used_appliances.map((a) => a.appliance_type_id)).toEqual([TV, WASHING, KETTLE]);
    expect(today.most_used_appliances.map((a) => a.duration.value)).toEqual([120, 20, 6]);
    expect(today.most_used_appliances.at(-1)).toMatchObject({ consumed: 0.24, status: { state: 'off' } });
    const { rows } = await suite.db.query<{ appliance_type_id: number; cost: number }>(
      `select appliance_type_id, sum(cost)::bigint as cost from appliance_events
        where house_id = $1 and start_ts >= $2 group by 1 order by 2 desc, 1`,
      [houseId, TODAY],
    );
    expect(today.most_costly_appliances.map((a) => [a.appliance_type_id, a.cost])).toEqual(
      rows.map((r) => [r.appliance_type_id, shown(r.cost)]),
    );
    expect(today.most_costly_appliances.map((a) => a.appliance_type_id)).toContain(FRIDGE);
    const yesterday = await getEnergy(
      t.app,
      session,
      `user_id=${alice.id}&timescale=day&timestamp=${TODAY - 1}`,
    );
    expect(yesterday.most_used_appliances.map((a) => [a.appliance_type_id, a.duration.value])).toEqual([
      [KETTLE, 3],
    ]);
  });

  it("marks an appliance 'On' only in views that contain now, never in a past period", async () => {
    // The washing machine is on now (10:50–11:10); it also ran in October, a month that is over.
    const october = at('2024-10-15T09:00:00Z');
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: WASHING, start: october, end: october + 3600, energy_wh: 900 },
    ]);
    const stateOf = async (query: string) => {
      const view = await getEnergy(t.app, session, `user_id=${alice.id}&${query}`);
      const lists = [view.most_used_appliances, view.most_costly_appliances];
      return lists.map((list) => list.find((a) => a.appliance_type_id === WASHING)?.status.state);
    };
    expect(await stateOf(`timescale=month&timestamp=${october}`)).toEqual(['off', 'off']);
    expect(await stateOf(`timescale=month&timestamp=${NOW}`)).toEqual(['on', 'on']);
    expect(await stateOf(`timescale=day&timestamp=${NOW}`)).toEqual(['on', 'on']);
    // The past month still lists what is on now in used_appliances, and it is on.
    const past = await getEnergy(t.app, session, `user_id=${alice.id}&timescale=month&timestamp=${october}`);
    expect(past.used_appliances.map((a) => [a.appliance_type_id, a.status.state])).toEqual([[WASHING, 'on']]);
  });

  it('gives balance = income − cost and energy consumed = import + generation used at home', async () => {
    const day = await getEnergy(
      t.app,
      session,
      `user_id=${alice.id}&timescale=day&timestamp=${TODAY - 3600}`,
    );
    const { rows } = await suite.db.query<Record<string, number>>(
      `select sum(import_wh + greatest(generation_wh - export_wh, 0))::bigint as consumed,
              sum(generation_wh)::bigint as generated, sum(import_cost)::bigint as cost,
              sum(export_income + generation_income)::bigint as income
         from rollups where house_id = $1 and slot_start >= $2 and slot_start < $3`,
      [houseId, TODAY - 86_400, TODAY],
    );
    const r = rows[0]!;
    expect(day.energy_balance).toEqual({ generated: r.generated! / 1000, consumed: r.consumed! / 1000 });
    expect(day.balance).toEqual({
      income: shown(r.income!),
      cost: shown(r.cost! + 550_000_000),
      profit_loss: shown(r.income! - r.cost! - 550_000_000),
    });
    expect(day).toMatchObject({ currency_unit: '£', energy_unit: 'kWh', energy_unit_desc: 'kilowatt hours' });
    expect(day.latest_updated).toBe(TODAY);
  });

  it('refuses a stranger (403) and an unknown id (404), and lets a linked carer read the dependant', async () => {
    const stranger = await makeUser(suite.db, 'stranger');
    const carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, alice);
    const strangerSession = await login(t.app, stranger);
    for (const path of [`today/?user_id=${alice.id}`, `detail/?user_id=${alice.id}&timescale=week`]) {
      expect((await get(`/api/v3/energy_info/${path}`, strangerSession)).statusCode).toBe(403);
    }
    expect((await get('/api/v3/energy_info/today/?user_id=9999')).statusCode).toBe(404);
    expect((await get('/api/v3/energy_info/today/?user_id=1')).statusCode).toBe(200);
    const carerSession = await login(t.app, carer);
    const asCarer = await get(
      `/api/v3/energy_info/detail/?user_id=${alice.id}&timescale=month`,
      carerSession,
    );
    expect(asCarer.statusCode).toBe(200);
    expect(asCarer.json()).toEqual(
      (await get(`/api/v3/energy_info/detail/?user_id=${alice.id}&timescale=month`)).json(),
    );
    const noHome = await get(`/api/v3/energy_info/today/?user_id=${carer.id}`, carerSession);
    expect(noHome.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v3/energy_info/today/?user_id=${alice.id}` }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    ['timescale=decade', 'timescale'], // 'year' is a timescale since issue 38
    ['timescale=', 'timescale'],
    ['timescale=day&timestamp=yesterday', 'timestamp'],
    ['timescale=day&timestamp=-5', 'timestamp'],
    ['timescale=day&colour=red', 'colour'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await get(`/api/v3/energy_info/detail/?user_id=${alice.id}&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().error).toContain(field);
  });

  it("shows today's balance on the dashboard card exactly as /energy_info/today/ has it, and none without data", async () => {
    const card = async () => DashboardResponse.parse((await get('/api/v3/dashboard/')).json())[0]!.messages;
    expect(await card()).toEqual([]); // no reading today yet: no figure, not £0.00 or the standing charge
    await ingestReadings(suite.db, houseId, syntheticReadings(TODAY, NOW, 5), { now: NOW });
    const today = await getEnergy(t.app, session, `user_id=${alice.id}`);
    expect(today.balance.profit_loss).not.toBe(0);
    expect(await card()).toEqual([{ currency_unit: '£', value: today.balance.profit_loss }]);
    expect(today.latest_updated).toBe(NOW);
    // A carer's InfoCare card for alice shows the same figure.
    const carer = await makeUser(suite.db, 'second-carer', { house: null });
    await link(suite.db, carer, alice);
    const items = DashboardResponse.parse(
      (await get('/api/v3/dashboard/', await login(t.app, carer))).json(),
    );
    expect(items.map((i) => [i.dashboard_type, i.messages])).toEqual([
      [2, [{ currency_unit: '£', value: today.balance.profit_loss }]],
    ]);
  });
});
