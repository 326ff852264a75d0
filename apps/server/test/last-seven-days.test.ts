import { ActivityDetail } from '@homeview/contract';
import { addDays } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents, ingestReadings } from '../src/features/readings/ingest';
import { login, makeTestApp, makeUser, type Person, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { getEnergy, syntheticReadings } from './support/energy';
import { KETTLE, local } from './support/infocare';

// "Last 7 days" (a null timestamp) on every weekday, at hours near both ends of the day, and in the weeks
// of both UK clock changes: Previous is the period just before the seven days (weekly: the calendar week
// before this one; daily: the day before the first of the seven), Next is null (they end today), and from
// there Next comes back towards today. Asked of InfoCare's weekly and daily activities and of HomeView's
// weekly usage, which share the rule. A home whose data begins this week has no week before.

interface Case {
  /** Local date and time the clock is pinned to (Europe/London). */
  today: string;
  hh: number;
  mm: number;
  /** Monday of the calendar week before this one, and the day before the last 7 days. */
  previousWeek: string;
  previousDay: string;
  /** Monday of this calendar week: where Next leads from the week before. */
  thisWeek: string;
}

const CASES: readonly Case[] = [
  {
    today: '2026-06-08',
    hh: 0,
    mm: 5,
    previousWeek: '2026-06-01',
    previousDay: '2026-06-01',
    thisWeek: '2026-06-08',
  }, // Monday
  {
    today: '2026-06-09',
    hh: 6,
    mm: 0,
    previousWeek: '2026-06-01',
    previousDay: '2026-06-02',
    thisWeek: '2026-06-08',
  }, // Tuesday
  {
    today: '2026-06-10',
    hh: 12,
    mm: 0,
    previousWeek: '2026-06-01',
    previousDay: '2026-06-03',
    thisWeek: '2026-06-08',
  }, // Wednesday
  {
    today: '2026-06-11',
    hh: 18,
    mm: 30,
    previousWeek: '2026-06-01',
    previousDay: '2026-06-04',
    thisWeek: '2026-06-08',
  }, // Thursday
  {
    today: '2026-06-12',
    hh: 23,
    mm: 55,
    previousWeek: '2026-06-01',
    previousDay: '2026-06-05',
    thisWeek: '2026-06-08',
  }, // Friday
  {
    today: '2026-06-13',
    hh: 9,
    mm: 0,
    previousWeek: '2026-06-01',
    previousDay: '2026-06-06',
    thisWeek: '2026-06-08',
  }, // Saturday
  {
    today: '2026-06-14',
    hh: 23,
    mm: 59,
    previousWeek: '2026-06-01',
    previousDay: '2026-06-07',
    thisWeek: '2026-06-08',
  }, // Sunday
  // Spring forward on Sunday 29 March: the short day inside the last 7 days, then inside the week before.
  {
    today: '2026-03-29',
    hh: 0,
    mm: 30,
    previousWeek: '2026-03-16',
    previousDay: '2026-03-22',
    thisWeek: '2026-03-23',
  },
  {
    today: '2026-03-31',
    hh: 10,
    mm: 0,
    previousWeek: '2026-03-23',
    previousDay: '2026-03-24',
    thisWeek: '2026-03-30',
  },
  // Fall back on Sunday 25 October, late on the 25-hour day itself.
  {
    today: '2026-10-25',
    hh: 23,
    mm: 30,
    previousWeek: '2026-10-12',
    previousDay: '2026-10-18',
    thisWeek: '2026-10-19',
  },
];

describeEachDb('Previous and Next of the last 7 days', (suite) => {
  let t: TestApp;
  let mum: Person;
  let newcomer: Person;

  /** A kettle use and a day of readings from `date` on: the first data of the person's home. */
  async function dataFrom(person: Person, date: string) {
    const houseId = (await findHouseIdOf(suite.db, person.id))!;
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: KETTLE, start: local(date, 7), end: local(date, 7, 3), energy_wh: 120 },
    ]);
    const readings = syntheticReadings(local(date, 0), local(date, 0) + 86_400, 3);
    await ingestReadings(suite.db, houseId, readings, { now: local(date, 0) + 86_400 });
  }

  async function pinAt(c: Pick<Case, 'today' | 'hh' | 'mm'>, person: Person) {
    t.clock.advance(local(c.today, c.hh, c.mm) * 1000 - t.clock.now().getTime());
    const session = await login(t.app, person); // sessions expire when the clock jumps a day
    const activities = async (path: string, timestamp: number | null) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/${path}/?dependant_user_id=${person.id}&timestamp=${timestamp ?? 'null'}`,
        headers: session.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return ActivityDetail.parse(res.json());
    };
    const usage = (timestamp: number | null) =>
      getEnergy(
        t.app,
        session,
        `user_id=${person.id}&timescale=week${timestamp === null ? '' : `&timestamp=${timestamp}`}`,
      );
    return {
      weekly: (timestamp: number | null) => activities('weekly_activities', timestamp),
      daily: (timestamp: number | null) => activities('daily_activities', timestamp),
      usage,
    };
  }

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    newcomer = await makeUser(suite.db, 'newcomer');
    await dataFrom(mum, '2025-12-01');
    await dataFrom(newcomer, '2026-06-08'); // a Monday
    t = await makeTestApp(suite.db);
  });

  for (const c of CASES) {
    it(`on ${c.today} at ${c.hh}:${String(c.mm).padStart(2, '0')}: Previous is the week (day) before, Next is none`, async () => {
      const ask = await pinAt(c, mum);
      const weekly = await ask.weekly(null);
      expect(weekly.available[0]).toBeNull();
      expect([weekly.previous, weekly.next]).toEqual([local(c.previousWeek, 0), null]);
      const daily = await ask.daily(null);
      expect([daily.previous, daily.next]).toEqual([local(c.previousDay, 0), null]);
      const usage = await ask.usage(null);
      expect(usage.subtitle).toBe('Last 7 days');
      expect([usage.previous, usage.next]).toEqual([local(c.previousWeek, 0), null]);

      // Pressing Previous, then Next: the week before, then this calendar week, which has no next.
      const before = await ask.weekly(weekly.previous);
      expect(before.next).toBe(local(c.thisWeek, 0));
      expect((await ask.weekly(before.next)).next).toBeNull();
      const usageBefore = await ask.usage(usage.previous);
      expect(usageBefore.period.start_timestamp).toBe(local(c.previousWeek, 0));
      expect(usageBefore.next).toBe(local(c.thisWeek, 0));
      expect((await ask.usage(usageBefore.next)).next).toBeNull();
      const dayBefore = await ask.daily(daily.previous);
      expect(dayBefore.next).toBe(local(addDays(c.previousDay, 1), 0)); // the first of the seven days
    });
  }

  it('has no week before when the data begins this week', async () => {
    const ask = await pinAt({ today: '2026-06-10', hh: 12, mm: 0 }, newcomer);
    const weekly = await ask.weekly(null);
    expect([weekly.previous, weekly.next]).toEqual([null, null]);
    expect(weekly.available).toEqual([null, local('2026-06-08', 0)]);
    expect([(await ask.daily(null)).previous, (await ask.usage(null)).previous]).toEqual([null, null]);
  });
});
