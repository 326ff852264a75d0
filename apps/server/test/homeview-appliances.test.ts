import {
  ApplianceDetail,
  ApplianceList,
  FEEDBACK_MAX,
  Timeline,
  UsedAppliancesResponse,
} from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { CATALOGUE_APPLIANCES } from '../src/features/appliances-catalogue/catalogue';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy, houseWithData, shown, syntheticReadings } from './support/energy';

// /common/appliances/, /{id}/, /timeline/, /used_appliances/ and POST /common/feedback/ as a client sees
// them: lists equal to sums of the events written here, the detail's places computed here, hidden
// appliances left out, and nobody but the home's user or their linked carer gets in.

const NOW = at('2024-11-05T12:00:00Z');
const TODAY = at('2024-11-05T00:00:00Z');
const DAY = 86_400;
const KETTLE = 1;
const MICROWAVE = 2;
const OVEN = 3;
const HOB = 4;
const TOASTER = 5;
const DISHWASHER = 6;
const WASHING = 7;
const FRIDGE = 10;
const TV = 11;

const kettle = (start: number, wh: number) => ({
  appliance_type_id: KETTLE,
  start,
  end: start + 180,
  energy_wh: wh,
});

describeEachDb('HomeView appliance calls', (suite) => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let aliceHouse: number;
  let session: Session;
  const get = (url: string, s: Session = session) =>
    t.app.inject({ method: 'GET', url, headers: s.headers() });

  beforeAll(async () => {
    alice = await makeUser(suite.db, 'alice');
    bob = await makeUser(suite.db, 'bob');
    carol = await makeUser(suite.db, 'carol');
    aliceHouse = await houseWithData(suite.db, alice.id, syntheticReadings(TODAY - DAY, TODAY, 3), NOW);
    await ingestApplianceEvents(suite.db, aliceHouse, [
      kettle(TODAY + 7 * 3600, 120),
      kettle(TODAY + 8 * 3600, 120),
      { appliance_type_id: TV, start: TODAY + 9 * 3600, end: TODAY + 11 * 3600, energy_wh: 200 },
      { appliance_type_id: WASHING, start: NOW - 4200, end: NOW - 3000, energy_wh: 900 },
      { appliance_type_id: FRIDGE, start: TODAY, end: TODAY + DAY, energy_wh: 800 },
      kettle(TODAY - 3600, 100),
      kettle(TODAY - 40 * DAY, 500), // before the detail's 4 weeks
    ]);
    // Comparable homes: Bob boils more than Alice, Carol less.
    const bobHouse = await houseWithData(suite.db, bob.id, syntheticReadings(TODAY - DAY, TODAY, 5), NOW);
    await ingestApplianceEvents(suite.db, bobHouse, [
      kettle(TODAY - 2 * DAY, 400),
      kettle(TODAY + 6 * 3600, 300),
    ]);
    const carolHouse = await houseWithData(suite.db, carol.id, syntheticReadings(TODAY - DAY, TODAY, 7), NOW);
    await ingestApplianceEvents(suite.db, carolHouse, [kettle(TODAY - 3 * DAY, 50)]);
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, alice);
  });

  async function eventSums(houseId: number, from: number, to: number) {
    const { rows } = await suite.db.query<{ id: number; seconds: number; wh: number; cost: number }>(
      `select appliance_type_id as id, sum(end_ts - start_ts)::bigint as seconds, sum(energy_wh)::bigint as wh,
              sum(cost)::bigint as cost
         from appliance_events where house_id = $1 and start_ts >= $2 and start_ts < $3 group by 1`,
      [houseId, from, to],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  it("lists today's most used, most costly and all appliances as sums of the events", async () => {
    const sums = await eventSums(aliceHouse, TODAY, TODAY + DAY);
    const list = async (view: string) => {
      const res = await get(`/api/v3/common/appliances/?user_id=${alice.id}&view_type=${view}`);
      expect(res.statusCode, res.body).toBe(200);
      return ApplianceList.parse(res.json());
    };
    const used = await list('most_used');
    expect(used.subtitle).toBe('Today, Tuesday 5 November 2024');
    expect(used.appliances.map((a) => [a.appliance_type_id, a.duration.value])).toEqual([
      [TV, 120],
      [WASHING, 20],
      [KETTLE, 6],
    ]);
    for (const a of used.appliances) {
      expect(a.cost).toEqual({ unit: '£', value: shown(sums.get(a.appliance_type_id)!.cost) });
      expect(a.status.state).toBe(a.appliance_type_id === WASHING ? 'on' : 'off');
    }
    expect(await list('most_used')).toEqual(
      ApplianceList.parse((await get(`/api/v3/common/appliances/?user_id=${alice.id}`)).json()),
    );
    const costly = await list('most_costly');
    const byCost = [...sums.values()].sort((a, b) => b.cost - a.cost || b.wh - a.wh || a.id - b.id);
    expect(costly.appliances.map((a) => a.appliance_type_id)).toEqual(byCost.map((r) => r.id));
    // All: Alice said nothing about her appliances, so hers are the ones she ever used, in catalogue order.
    const all = await list('all');
    expect(all.appliances.map((a) => a.appliance_type_id)).toEqual([KETTLE, WASHING, FRIDGE, TV]);
    expect(all.appliances.map((a) => a.cost.value)).toEqual(
      [KETTLE, WASHING, FRIDGE, TV].map((id) => shown(sums.get(id)!.cost)),
    );
  });

  it('lists under All only what the home has or used, never an appliance it does not have at £0.00', async () => {
    const dora = await makeUser(suite.db, 'dora');
    const house = (await findHouseIdOf(suite.db, dora.id))!;
    await ingestApplianceEvents(suite.db, house, [
      // A home of its own appliances: a kettle would make it one of the kettle detail's comparable homes.
      { appliance_type_id: DISHWASHER, start: TODAY + 7 * 3600, end: TODAY + 8 * 3600, energy_wh: 700 }, // today
      { appliance_type_id: OVEN, start: TODAY - 3 * DAY, end: TODAY - 3 * DAY + 3600, energy_wh: 900 }, // before
      { appliance_type_id: TOASTER, start: TODAY + 8 * 3600, end: TODAY + 8 * 3600 + 180, energy_wh: 50 },
    ]);
    // Two microwaves never used; no hob; no toaster, though one was used today; a television, hidden.
    await suite.db.query(
      `insert into house_appliances (house_id, appliance_type_id, number_of_appliances, show_appliance)
       values ($1, $2, 2, true), ($1, $3, 0, true), ($1, $4, 0, true), ($1, $5, 1, false)`,
      [house, MICROWAVE, HOB, TOASTER, TV],
    );
    const doraSession = await login(t.app, dora);
    const res = await get(`/api/v3/common/appliances/?user_id=${dora.id}&view_type=all`, doraSession);
    expect(res.statusCode, res.body).toBe(200);
    const all = ApplianceList.parse(res.json());
    expect(all.appliances.map((a) => [a.appliance_type_id, a.cost.value > 0])).toEqual([
      [MICROWAVE, false],
      [OVEN, false],
      [TOASTER, true],
      [DISHWASHER, true],
    ]);
    expect(CATALOGUE_APPLIANCES.length).toBeGreaterThan(all.appliances.length + 8); // the rest are not hers
  });

  it("gives the day's timeline oldest first, without continuous appliances", async () => {
    const today = Timeline.parse(
      (await get(`/api/v3/common/appliances/timeline/?user_id=${alice.id}`)).json(),
    );
    expect(today.events.map((e) => [e.appliance_type_id, e.start_timestamp])).toEqual([
      [KETTLE, TODAY + 7 * 3600],
      [KETTLE, TODAY + 8 * 3600],
      [TV, TODAY + 9 * 3600],
      [WASHING, NOW - 4200],
    ]);
    const yesterday = Timeline.parse(
      (await get(`/api/v3/common/appliances/timeline/?user_id=${alice.id}&timestamp=${TODAY - 10}`)).json(),
    );
    expect(yesterday.events).toEqual([
      {
        appliance_type_id: KETTLE,
        icon: expect.any(String),
        name: 'Kettle',
        start_timestamp: TODAY - 3600,
        // Additive (issue 33): when the use ended, so alert times ("since 11:36") can be found.
        end_timestamp: TODAY - 3600 + 180,
      },
    ]);
    const empty = await get(
      `/api/v3/common/appliances/timeline/?user_id=${alice.id}&timestamp=${TODAY - 5 * DAY}`,
    );
    expect(Timeline.parse(empty.json()).events).toEqual([]);
  });

  it("answers used_appliances for the session's home, or a linked dependant's", async () => {
    const res = await get('/api/v3/common/used_appliances/?timescale=week');
    expect(res.statusCode, res.body).toBe(200);
    const week = UsedAppliancesResponse.parse(res.json()).used_appliances;
    // Last 7 days: today's uses plus yesterday's kettle; never the fridge.
    expect(week.map((a) => [a.appliance_type_id, a.duration.value])).toEqual([
      [TV, 120],
      [WASHING, 20],
      [KETTLE, 9],
    ]);
    expect(week.find((a) => a.appliance_type_id === KETTLE)?.consumed).toBe(0.34);
    const carer = await makeUser(suite.db, 'carer1', { house: null });
    await link(suite.db, carer, alice);
    const carerSession = await login(t.app, carer);
    const asCarer = await get(
      `/api/v3/common/used_appliances/?timescale=week&user_id=${alice.id}`,
      carerSession,
    );
    expect(asCarer.json()).toEqual(res.json());
  });

  it('places the appliance among comparable homes and charts it day by day over 4 weeks', async () => {
    const res = await get(`/api/v3/common/appliances/${KETTLE}/?user_id=${alice.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = ApplianceDetail.parse(res.json());
    expect(detail).toMatchObject({
      name: 'Kettle',
      currency_unit: '£',
      time_unit: 'mins',
      energy_unit: 'kWh',
    });
    // Over the 28 days: Alice 340 Wh in 9 min, Bob 700 Wh in 6 min, Carol 50 Wh in 3 min; Bob's kettle
    // ran on the night rate, so his cost is the lowest of the two bigger users: places computed from the rows.
    const { rows } = await suite.db.query<{ house_id: number; cost: number }>(
      `select house_id, sum(cost)::bigint as cost from appliance_events
        where appliance_type_id = $1 and start_ts >= $2 group by 1`,
      [KETTLE, TODAY - 27 * DAY],
    );
    const aliceCost = rows.find((r) => r.house_id === aliceHouse)!.cost;
    const costPlace = 1 + rows.filter((r) => r.cost < aliceCost).length;
    expect(detail.appliance_rankings).toEqual({ cost: costPlace, duration: 3, consumption: 2, out_of: 3 });
    expect(detail.comparable_rankings.consumption).toBe(0.375);
    expect(detail.comparable_rankings.duration).toBe(5);
    expect(detail.time_series).toHaveLength(28);
    expect(detail.time_series.at(-1)?.timestamp).toBe(TODAY);
    const last = detail.time_series.at(-1)!;
    expect(last.appliance.consumed).toBe(0.24);
    expect(last.comparable.consumed).toBe(0.15); // Bob's 300 Wh today over 2 comparable homes
    const sums = await eventSums(aliceHouse, TODAY, TODAY + DAY);
    expect(last.appliance.cost).toBe(shown(sums.get(KETTLE)!.cost));
    expect(detail.time_series.find((p) => p.timestamp === TODAY - 3 * DAY)?.comparable.consumed).toBe(0.025);
    expect((await get(`/api/v3/common/appliances/9999/?user_id=${alice.id}`)).statusCode).toBe(404);
  });

  it('leaves hidden appliances out and uses the names the person gave', async () => {
    await suite.db.query(
      `insert into house_appliances (house_id, appliance_type_id, number_of_appliances, appliance_label, show_appliance)
       values ($1, $2, 1, null, false), ($1, $3, 1, 'Big kettle', true)`,
      [aliceHouse, TV, KETTLE],
    );
    const list = ApplianceList.parse(
      (await get(`/api/v3/common/appliances/?user_id=${alice.id}&view_type=all`)).json(),
    );
    expect(list.appliances.map((a) => a.appliance_type_id)).not.toContain(TV);
    expect(list.appliances.find((a) => a.appliance_type_id === KETTLE)?.name).toBe('Big kettle');
    const today = await getEnergy(t.app, session, `user_id=${alice.id}`);
    expect(today.most_used_appliances.map((a) => a.appliance_type_id)).toEqual([WASHING, KETTLE]);
    const timeline = Timeline.parse(
      (await get(`/api/v3/common/appliances/timeline/?user_id=${alice.id}`)).json(),
    );
    expect(timeline.events.map((e) => e.name)).toEqual(['Big kettle', 'Big kettle', 'Washing machine']);
    await suite.db.query('delete from house_appliances where house_id = $1', [aliceHouse]);
  });

  it("refuses other people's homes and bad parameters, naming the field", async () => {
    const bobSession = await login(t.app, bob);
    for (const path of [
      `appliances/?user_id=${alice.id}`,
      `appliances/${KETTLE}/?user_id=${alice.id}`,
      `appliances/timeline/?user_id=${alice.id}`,
      `used_appliances/?timescale=day&user_id=${alice.id}`,
    ]) {
      expect((await get(`/api/v3/common/${path}`, bobSession)).statusCode, path).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/v3/common/${path}` })).statusCode).toBe(401);
    }
    const bad = [
      ['appliances/?user_id=1&view_type=loudest', 'view_type'],
      ['appliances/?view_type=all', 'user_id'],
      ['appliances/kettle/?user_id=1', 'id'],
      ['appliances/timeline/?user_id=1&timestamp=yesterday', 'timestamp'],
      ['used_appliances/?timescale=year', 'timescale'],
    ];
    for (const [path, field] of bad) {
      const res = await get(`/api/v3/common/${path}`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().field, path).toBe(field);
    }
  });

  it('stores feedback, refuses empty or too long text with nothing stored, and only for allowed homes', async () => {
    const post = (s: Session, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v3/common/feedback/', headers: s.headers(true), payload });
    const ok = await post(session, { user_id: alice.id, feedback: "I'd like a weekly email" });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const feedback of ['', '   ', 'x'.repeat(FEEDBACK_MAX + 1)]) {
      const res = await post(session, { user_id: alice.id, feedback });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('feedback');
    }
    const bobSession = await login(t.app, bob);
    expect((await post(bobSession, { user_id: alice.id, feedback: 'hello' })).statusCode).toBe(403);
    const carer = await makeUser(suite.db, 'carer2', { house: null });
    await link(suite.db, carer, alice);
    expect(
      (await post(await login(t.app, carer), { user_id: alice.id, feedback: 'from the carer' })).statusCode,
    ).toBe(200);
    const { rows } = await suite.db.query<{ feedback: string; sent_by: number }>(
      'select feedback, sent_by from feedback where user_id = $1 order by id',
      [alice.id],
    );
    expect(rows).toEqual([
      { feedback: "I'd like a weekly email", sent_by: alice.id },
      { feedback: 'from the carer', sent_by: carer.id },
    ]);
    expect((await findHouseIdOf(suite.db, alice.id)) !== null).toBe(true);
  });
});
