import { TrendsResponse } from '@homeview/contract';
import { addDays } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents, ingestReadings } from '../src/features/readings/ingest';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { syntheticReadings } from './support/energy';
import { local, routineEvents } from './support/infocare';

// GET /assisted_living/trends/ (issue 25) on stored appliance uses and readings: local weeks (Monday
// start, Europe/London, across the clocks going back on Sunday 27 October 2024), oldest first, with their
// change against the 4 weeks before and the newest week's change in words; only the dependant's carer
// (and the dependant) may read them.
//
// By hand, an ordinary day of support/infocare: kettle 07:00, toast 07:10, microwave 12:30, kettle 15:30,
// hob 17:30, television 18:30–21:00. It starts at 420 and ends at 1260 (minutes past midnight); clock
// hours with activity 7, 12, 15, 17, 18, 19, 20 (7); meals: toast, microwave, hob (3); nothing at night.
// The week of Monday 11 November gets up 40 minutes later: kettle 07:40, toast 07:50.

const NOW_DAY = '2024-11-20'; // a Wednesday: the last complete week is Monday 11 to Sunday 17 November
const FIRST = '2024-09-16'; // 4 weeks before the first of 5 weeks asked (14 October)

describeEachDb('InfoCare trends', (suite) => {
  let t: TestApp;
  let mum: Person;
  let carer: Person;
  let stranger: Person;
  let session: Session;
  const get = (query: string, s: Session | null = session) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/trends/?${query}`,
      headers: s ? s.headers() : {},
    });

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    stranger = await makeUser(suite.db, 'stranger');
    await link(suite.db, carer, mum);
    const houseId = (await findHouseIdOf(suite.db, mum.id)) as number;
    const now = local(NOW_DAY, 10);
    const events = [];
    for (let d = FIRST; d < NOW_DAY; d = addDays(d, 1)) {
      const later = d >= '2024-11-11' && d <= '2024-11-17';
      const day = routineEvents(d, { morning: !later });
      if (later)
        day.push(
          { appliance_type_id: 1, start: local(d, 7, 40), end: local(d, 7, 43), energy_wh: 120 },
          { appliance_type_id: 5, start: local(d, 7, 50), end: local(d, 7, 53), energy_wh: 50 },
        );
      events.push(...day);
    }
    await ingestApplianceEvents(suite.db, houseId, events);
    const readings = syntheticReadings(local(FIRST, 0), now, 7);
    for (let i = 0; i < readings.length; i += 5000)
      await ingestReadings(suite.db, houseId, readings.slice(i, i + 5000), { now });
    t = await makeTestApp(suite.db);
    t.clock.advance(now * 1000 - t.clock.now().getTime());
    session = await login(t.app, carer);
  });

  it("answers the carer the dependant's weeks, oldest first, with the change called out in words", async () => {
    const res = await get(`dependant_user_id=${mum.id}&weeks=5`);
    expect(res.statusCode, res.body).toBe(200);
    const body = TrendsResponse.parse(res.json());
    expect(body.time_zone).toBe('Europe/London');
    expect(body.weeks.map((w) => w.week_start)).toEqual([
      '2024-10-14',
      '2024-10-21', // its Sunday, 27 October, had 25 hours
      '2024-10-28',
      '2024-11-04',
      '2024-11-11',
    ]);
    const usual = {
      ordinary_days: 7,
      day_start_minute: 420,
      day_end_minute: 1260,
      active_hours: 7,
      meals_per_day: 3,
      night_activity_minutes: 0,
      no_data_days: 0,
    };
    const none = {
      day_start_minute: 0,
      day_end_minute: 0,
      active_hours: 0,
      meals_per_day: 0,
      night_activity_minutes: 0,
      no_data_days: 0,
    };
    for (const week of body.weeks.slice(0, 4))
      expect(week).toEqual({ ...usual, week_start: week.week_start, change: none });
    expect(body.weeks[4]).toEqual({
      ...usual,
      week_start: '2024-11-11',
      day_start_minute: 460,
      change: { ...none, day_start_minute: 40 },
    });
    // The 4 weeks before it (14 October to 10 November) have their middle day on 28 October.
    expect(body.changes).toEqual(['Getting up 40 minutes later than in late October.']);
  });

  it('answers 12 weeks when none are asked, and refuses a count it cannot give', async () => {
    const res = await get(`dependant_user_id=${mum.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const weeks = TrendsResponse.parse(res.json()).weeks;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]?.week_start).toBe('2024-08-26');
    // Nothing was stored before 16 September, the home's first day: those weeks are unknown, not weeks
    // without data; from then on every day had data.
    expect(weeks[0]).toMatchObject({ day_start_minute: null, no_data_days: null });
    expect(weeks[3]).toMatchObject({ week_start: '2024-09-16', day_start_minute: 420, no_data_days: 0 });
    const bad = await get(`dependant_user_id=${mum.id}&weeks=27`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'weeks must be a whole number from 1 to 26', field: 'weeks' });
  });

  it('nobody else reads them: another account gets 403, an unknown id 404, no session 401', async () => {
    const other = await login(t.app, stranger);
    expect((await get(`dependant_user_id=${mum.id}`, other)).statusCode).toBe(403);
    expect((await get(`dependant_user_id=${carer.id + 1000}`)).statusCode).toBe(404);
    expect((await get(`dependant_user_id=${mum.id}`, null)).statusCode).toBe(401);
  });
});
