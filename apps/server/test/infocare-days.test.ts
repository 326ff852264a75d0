import { DaysResponse } from '@homeview/contract';
import { addDays } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { ingestReadings } from '../src/features/readings/ingest';
import type { Reading } from '../src/features/readings/reading';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { halfHourDay, local, ORDINARY_DAY, type Rise } from './support/infocare';

// GET /assisted_living/days/ (issue 36): a home whose only data is the meter's half-hours (a supplier's,
// a day late), judged day by day against the 28 days before. Europe/London; the clocks went back on Sunday
// 27 October 2024 (50 half-hours), inside the band's days.
//
// By hand, an ordinary day: 100 Wh every half-hour but 07:00–09:00 (4 half-hours of 400 Wh), 12:00 and
// 17:00–21:00 (8 of 300 Wh): 13 active half-hours (6½ h), none at night, begun 07:00, ended 21:00.
// Tuesday 19 November (yesterday) only the 07:00 half-hour rose: 1 active half-hour, far under the usual.
// Monday 18 November lacks its 23:30 half-hour: not complete, so not judged.
// Dad's 18 November had nobody about (nothing rose); on the 19th he was back at 18:00 (6 half-hours of
// 300 Wh, 3 h): his return, after the day before's Warning, is no Warning of its own.

const TODAY = '2024-11-20';
const FIRST = '2024-10-01';

describeEachDb('InfoCare days from half-hours', (suite) => {
  let t: TestApp;
  let mum: Person;
  let dad: Person;
  let carer: Person;
  let stranger: Person;
  let gran: Person;
  let session: Session;
  const get = (query: string, s: Session | null = session) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/days/?${query}`,
      headers: s ? s.headers() : {},
    });

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    stranger = await makeUser(suite.db, 'stranger');
    await link(suite.db, carer, mum);
    const houseId = (await findHouseIdOf(suite.db, mum.id)) as number;
    const now = local(TODAY, 10);
    const readings: Reading[] = [];
    for (let d = FIRST; d < TODAY; d = addDays(d, 1)) {
      const day = halfHourDay(d, d === '2024-11-19' ? [[7, 1, 400]] : ORDINARY_DAY);
      readings.push(...(d === '2024-11-18' ? day.slice(0, -1) : day));
    }
    await ingestReadings(suite.db, houseId, readings, { now });
    dad = await makeUser(suite.db, 'dad');
    await link(suite.db, carer, dad);
    const dads: Reading[] = [];
    const dadsDay = (d: string): readonly Rise[] =>
      d === '2024-11-18' ? [] : d === '2024-11-19' ? [[18, 6, 300]] : ORDINARY_DAY;
    for (let d = FIRST; d < TODAY; d = addDays(d, 1)) dads.push(...halfHourDay(d, dadsDay(d)));
    await ingestReadings(suite.db, (await findHouseIdOf(suite.db, dad.id)) as number, dads, { now });
    // Gran's meter's history came as half-hours, but its display sends a reading a minute since yesterday
    // evening: her home is live, not a day late.
    gran = await makeUser(suite.db, 'gran');
    await link(suite.db, carer, gran);
    const grans = halfHourDay('2024-11-18', ORDINARY_DAY);
    for (let m = 0; m < 14 * 60; m++)
      grans.push({
        start: local('2024-11-19', 20) + m * 60,
        interval_s: 60,
        import_wh: 2,
        export_wh: 0,
        generation_wh: 0,
      });
    await ingestReadings(suite.db, (await findHouseIdOf(suite.db, gran.id)) as number, grans, { now });
    t = await makeTestApp(suite.db);
    t.clock.advance(now * 1000 - t.clock.now().getTime());
    session = await login(t.app, carer);
  });

  it("answers the carer the dependant's recent days, newest first, yesterday's quiet day in words", async () => {
    const res = await get(`dependant_user_id=${mum.id}&days=3`);
    expect(res.statusCode, res.body).toBe(200);
    const body = DaysResponse.parse(res.json());
    expect(body).toEqual({
      time_zone: 'Europe/London',
      // The history came in one import today: nothing learned of publishing, the default 10:00 stands.
      yesterday: {
        date: '2024-11-19',
        state: 'complete',
        usual_by: local(TODAY, 10),
        overdue_from: local(TODAY, 13),
        learned_days: 0,
      },
      // Her newest readings are half-hours: the screens say the home is known a day late (issue 36).
      day_late: true,
      days: [
        {
          date: '2024-11-19',
          complete: true,
          active_half_hours: 1,
          night_active_half_hours: 0,
          began_minute: 420,
          ended_minute: 450,
          findings: ['little_activity', 'early_end'],
          words: [
            'A quiet day: active ½ h against the usual 6½ h.',
            'An early end: nothing after 07:30 (usually active until 21:00).',
            'The day began at 07:00 (usually 07:00).',
            'In the night before 05:00, no activity (usually none).',
          ],
        },
        {
          date: '2024-11-18',
          complete: false,
          active_half_hours: null,
          night_active_half_hours: null,
          began_minute: null,
          ended_minute: null,
          findings: [],
          words: [],
        },
        {
          date: '2024-11-17',
          complete: true,
          active_half_hours: 13,
          night_active_half_hours: 0,
          began_minute: 420,
          ended_minute: 1260,
          findings: [],
          words: [
            'An ordinary day: active 6½ h against the usual 6½ h.',
            'The day began at 07:00 (usually 07:00) and ended at 21:00.',
            'In the night before 05:00, no activity (usually none).',
          ],
        },
      ],
    });
  });

  it('tells a return after a day with nobody about in words, with no finding of its own', async () => {
    const res = await get(`dependant_user_id=${dad.id}&days=2`);
    expect(res.statusCode, res.body).toBe(200);
    const [back, away] = DaysResponse.parse(res.json()).days;
    expect(away).toMatchObject({
      date: '2024-11-18',
      active_half_hours: 0,
      findings: ['little_activity', 'late_start'],
    });
    expect(back).toMatchObject({
      date: '2024-11-19',
      active_half_hours: 6,
      began_minute: 18 * 60,
      findings: [],
      words: [
        'Activity again after the quiet day before: active 3 h against the usual 6½ h.',
        'The day began at 18:00 (usually 07:00) and ended at 21:00.',
        'In the night before 05:00, no activity (usually none).',
      ],
    });
  });

  it('judges the 25-hour day by its own 50 half-hours, and every day with 14 ordinary days before it', async () => {
    const res = await get(`dependant_user_id=${mum.id}&days=28`);
    const days = DaysResponse.parse(res.json()).days;
    const clockChange = days.find((d) => d.date === '2024-10-27');
    expect(clockChange).toMatchObject({ complete: true, active_half_hours: 13, findings: [] });
    // 23 October has 22 complete days before it from 1 October; 14 are enough for a band.
    expect(days.at(-1)).toMatchObject({ date: '2024-10-23', complete: true });
    expect(days.at(-1)?.words.length).toBeGreaterThan(0);
    expect(days).toHaveLength(28);
  });

  it('says a home whose newest readings are a minute apart is not a day late, though its history is half-hours', async () => {
    const res = await get(`dependant_user_id=${gran.id}&days=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(DaysResponse.parse(res.json()).day_late).toBe(false);
  });

  it('is the carer’s and the dependant’s only, and checks what it is asked', async () => {
    expect((await get(`dependant_user_id=${mum.id}`, await login(t.app, stranger))).statusCode).toBe(403);
    expect((await get(`dependant_user_id=${mum.id}`, null)).statusCode).toBe(401);
    const bad = await get(`dependant_user_id=${mum.id}&days=29`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'days must be a whole number from 1 to 28', field: 'days' });
  });
});
