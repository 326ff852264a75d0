import { DaysResponse } from '@homeview/contract';
import { addDays, evaluateAlerts } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { loadSituation } from '../src/features/infocare/engine';
import { ingestReadings } from '../src/features/readings/ingest';
import type { Reading } from '../src/features/readings/reading';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { local } from './support/infocare';

// When a day-late home's half-hours usually arrive, learned from its own history (issue 36), and
// yesterday's three states: complete, not here yet (normal), overdue (no data, never inactivity).
// Europe/London; the clocks went back at 02:00 on Sunday 27 October 2024 (a 50-half-hour day).
//
// Each day from Sunday 13 October to Saturday 9 November is written whole through the one write path the
// morning after, as a supplier's fill would: at 07:05 on the wall clock, but on Saturdays and Sundays
// at 09:20. Today is Monday 11 November; the 28 days looked at are 14 October – 10 November, 27 of them
// in. Sorted, 20 at 07:05 and 7 at 09:20: the 85th percentile (index 0.85 × 26 = 22.1) is 09:20,
// rounded up to the quarter-hour: 09:30. The margin is the spread: the 97th percentile (index 25.22:
// 09:20) minus the median (index 13: 07:05), 2 h 15 min; overdue from 11:45. Sunday 10 November is not in.

const TODAY = '2024-11-11';
const FIRST = '2024-10-13';
const YESTERDAY = '2024-11-10';
const weekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
const arrivalOf = (date: string) =>
  weekend(date) ? local(addDays(date, 1), 9, 20) : local(addDays(date, 1), 7, 5);

function dayOf(date: string): Reading[] {
  const out: Reading[] = [];
  for (let t = local(date, 0); t < local(addDays(date, 1), 0); t += 1800)
    out.push({ start: t, interval_s: 1800, import_wh: 100, export_wh: 0, generation_wh: 0 });
  return out;
}

describeEachDb('InfoCare: when the half-hours usually arrive', (suite) => {
  let t: TestApp;
  let mum: Person;
  let carer: Person;
  let session: Session;
  let houseId: number;
  const at = (instant: number) => t.clock.advance(instant * 1000 - t.clock.now().getTime());
  const days = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/days/?dependant_user_id=${mum.id}&days=2`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return DaysResponse.parse(res.json());
  };
  const noData = async (now: number) => {
    const house = { id: houseId, owner_user_id: mum.id, time_zone: 'Europe/London' };
    const alerts = evaluateAlerts(await loadSituation(suite.db, house, now));
    return alerts.filter((a) => a.kind === 'no_data');
  };

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    houseId = (await findHouseIdOf(suite.db, mum.id)) as number;
    for (let d = FIRST; d < YESTERDAY; d = addDays(d, 1)) {
      // The clock-change day comes in two writes: its last missing half-hour completes it.
      if (d === '2024-10-27') {
        const all = dayOf(d);
        await ingestReadings(suite.db, houseId, all.slice(0, -1), { now: local(d, 23, 45) });
      }
      await ingestReadings(suite.db, houseId, dayOf(d), { now: arrivalOf(d) });
    }
    t = await makeTestApp(suite.db);
    session = await login(t.app, carer);
  });

  it('records when each day became complete, once, by the one write path (a 50-half-hour day too)', async () => {
    const { rows } = await suite.db.query<{ day: string; complete_at: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, complete_at::float8 as complete_at from day_arrivals
        where house_id = $1 and day between '2024-10-26' and '2024-10-28' order by day`,
      [houseId],
    );
    expect(rows.map((r) => [r.day, Number(r.complete_at)])).toEqual([
      ['2024-10-26', local('2024-10-27', 9, 20)],
      ['2024-10-27', local('2024-10-28', 9, 20)],
      ['2024-10-28', local('2024-10-29', 7, 5)],
    ]);
    // 09:20 GMT on the 27th is 10 h 20 min after the midnight (BST) that ended the 26th: counted as 09:20.
    expect(local('2024-10-27', 9, 20) - local('2024-10-27', 0)).toBe(10 * 3600 + 20 * 60);
  });

  it("says yesterday is not here yet before its learned time plus its learned margin, with that time, and raises no 'no data'", async () => {
    at(local(TODAY, 11, 44));
    const body = await days();
    expect(body.yesterday).toEqual({
      date: YESTERDAY,
      state: 'not_yet',
      usual_by: local(TODAY, 9, 30),
      overdue_from: local(TODAY, 11, 45),
      learned_days: 27,
    });
    expect(body.days[0]).toMatchObject({ date: YESTERDAY, complete: false, words: [] });
    expect(await noData(local(TODAY, 11, 45) - 1)).toEqual([]);
  });

  it('says nothing of today on the Alerts screen: half-hours a day late cannot show whether she is up', async () => {
    at(local(TODAY, 11, 0));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/assisted_living/alerts/?dependant_user_id=${mum.id}`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().routine).toEqual({
      sentence: "From the meter's half-hours, a day late: today is known tomorrow morning, once they arrive.",
      items: [],
    });
  });

  it("says yesterday is overdue from then, and the engine's 'no data' (never inactivity) with it", async () => {
    at(local(TODAY, 11, 45));
    expect((await days()).yesterday.state).toBe('overdue');
    const raised = await noData(local(TODAY, 11, 45));
    expect(raised).toMatchObject([{ name: 'No data', level: 'Warning', raisedAt: local(TODAY, 11, 45) }]);
    expect(raised[0]?.text).toContain('they usually arrive by 09:30 the next day');
    const house = { id: houseId, owner_user_id: mum.id, time_zone: 'Europe/London' };
    const all = evaluateAlerts(await loadSituation(suite.db, house, local(TODAY, 20)));
    expect(all.map((a) => a.kind)).toEqual(['no_data']);
  });

  it('says yesterday is complete once its half-hours are in, and the no data is gone', async () => {
    await ingestReadings(suite.db, houseId, dayOf(YESTERDAY), { now: local(TODAY, 13) });
    at(local(TODAY, 13, 1));
    expect((await days()).yesterday).toMatchObject({ date: YESTERDAY, state: 'complete' });
    expect(await noData(local(TODAY, 13, 1))).toEqual([]);
  });
});
