import { TrendsResponse } from '@homeview/contract';
import { addDays } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { ingestReadings } from '../src/features/readings/ingest';
import type { Reading } from '../src/features/readings/reading';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { local } from './support/infocare';

// GET /assisted_living/trends/ for a home known only from its meter's half-hours, a day late (issue 36):
// the weeks from the day-late judgement's daily figures, marked half_hourly, meals unknown. Europe/London,
// across the clocks going back on Sunday 27 October 2024 (a 50-half-hour day).
//
// By hand, an ordinary day: 100 Wh every half-hour but 07:00–09:00 (4 of 400 Wh), 12:00 (1 of 300 Wh)
// and 17:00–21:00 (8 of 300 Wh): the floor is 100 Wh, active from 150 Wh: 13 active half-hours (6½ h),
// begun 07:00 (420), ended 21:00 (1260), none before 05:00. The week of Monday 11 November rises at
// 09:00–11:00 instead of 07:00–09:00: begun 540, still 13 active half-hours.

const NOW_DAY = '2024-11-20'; // a Wednesday: the last complete week is Monday 11 to Sunday 17 November
const FIRST = '2024-10-14'; // the 4 weeks before it

function dayOf(date: string, morning: number): Reading[] {
  const out: Reading[] = [];
  const active = new Map<number, number>();
  for (let k = 0; k < 4; k++) active.set(local(date, morning) + k * 1800, 400);
  active.set(local(date, 12), 300);
  for (let k = 0; k < 8; k++) active.set(local(date, 17) + k * 1800, 300);
  for (let t = local(date, 0); t < local(addDays(date, 1), 0); t += 1800)
    out.push({ start: t, interval_s: 1800, import_wh: active.get(t) ?? 100, export_wh: 0, generation_wh: 0 });
  return out;
}

describeEachDb('InfoCare trends of a half-hourly home', (suite) => {
  let t: TestApp;
  let mum: Person;
  let session: Session;

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    const carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    const houseId = (await findHouseIdOf(suite.db, mum.id)) as number;
    const readings: Reading[] = [];
    for (let d = FIRST; d < NOW_DAY; d = addDays(d, 1))
      readings.push(...dayOf(d, d >= '2024-11-11' && d <= '2024-11-17' ? 9 : 7));
    expect(
      readings.filter((r) => r.start >= local('2024-10-27', 0) && r.start < local('2024-10-28', 0)),
    ).toHaveLength(50);
    await ingestReadings(suite.db, houseId, readings, { now: local(NOW_DAY, 10) });
    t = await makeTestApp(suite.db);
    t.clock.advance(local(NOW_DAY, 10) * 1000 - t.clock.now().getTime());
    session = await login(t.app, carer);
  });

  it('gives the weeks from the half-hours, says what moved, and marks them half-hourly', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/trends/?dependant_user_id=${mum.id}&weeks=1`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = TrendsResponse.parse(res.json());
    expect(body).toEqual({
      weeks: [
        {
          week_start: '2024-11-11',
          ordinary_days: 7,
          day_start_minute: 540,
          day_end_minute: 1260,
          active_hours: 6.5,
          meals_per_day: null,
          night_activity_minutes: 0,
          no_data_days: 0,
          change: {
            day_start_minute: 120,
            day_end_minute: 0,
            active_hours: 0,
            meals_per_day: null,
            night_activity_minutes: 0,
            no_data_days: 0,
          },
        },
      ],
      changes: ['Getting up 2 hours later than in late October.'],
      time_zone: 'Europe/London',
      half_hourly: true,
    });
  });
});
