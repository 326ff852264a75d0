import { ActivityDetail } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { findHouseIdOf } from './support/houses';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { local } from './support/infocare';

// Every off alert an activity chart counts can be drawn on its row (issue 21 item 9: "Laundry · 1 off
// alert" drew nothing). An off alert the activity followed that day rides on that occurrence's pattern
// (`inactivity`); one it did not follow (raised after the day's last wash, or on a day without one) comes
// in `unfollowed_off_alerts`, placed on its local day's 0–2400 axis. The week is in British Summer Time,
// so a day that started at UTC midnight would put every figure an hour out.

const WASHING = 7; // Laundry (activity 3)
const LAUNDRY = 3;
const MONDAY = '2024-10-14';
const TUESDAY = '2024-10-15';
const WEDNESDAY = '2024-10-16';
const NOW = local(WEDNESDAY, 12);

describeEachDb('off alerts on the activity charts', (suite) => {
  let t: TestApp;
  let mum: Person;
  let carer: Person;
  let session: Session;

  const offAlert = async (houseId: number, cause: string, raisedAt: number) =>
    suite.db.query(
      `insert into infocare_alerts (house_id, cause, kind, type, level, activity_id, name, text, icon, raised_at)
       values ($1, $2, 'inactivity', 'Off', 'Warning', $3, 'No laundry', 'No laundry today', 'washing-machine', $4)`,
      [houseId, cause, LAUNDRY, raisedAt],
    );

  beforeAll(async () => {
    mum = await makeUser(suite.db, 'mum');
    carer = await makeUser(suite.db, 'carer', { house: null });
    await link(suite.db, carer, mum);
    const houseId = (await findHouseIdOf(suite.db, mum.id))!;
    await ingestApplianceEvents(suite.db, houseId, [
      { appliance_type_id: WASHING, start: local(MONDAY, 10), end: local(MONDAY, 11), energy_wh: 900 },
    ]);
    await offAlert(houseId, 'monday', local(MONDAY, 9)); // followed by the 10:00 wash
    await offAlert(houseId, 'tuesday', local(TUESDAY, 16, 30)); // no wash on Tuesday
    await offAlert(houseId, 'wednesday', local(WEDNESDAY, 8)); // today, none yet
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, carer);
  });

  it('answers each off alert once: on the pattern it preceded, or unfollowed on its own day', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/weekly_activities/?dependant_user_id=${mum.id}&timestamp=${local(MONDAY, 12)}`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const week = ActivityDetail.parse(res.json());
    const laundry = week.activities.find((a) => a.activity_id === LAUNDRY)!;
    expect(week.inactivities.find((i) => i.activity_id === LAUNDRY)?.num_inac_alerts).toBe(3);
    // Monday: midnight to 09:00 BST is 900 hundredths, then 1 h (100) until the wash at 10:00.
    expect(laundry.patterns.map((p) => [p.duration, p.inactivity])).toEqual([
      [
        { off: 1000, on: 100 },
        { off: 900, on: 100 },
      ],
    ]);
    expect(laundry.unfollowed_off_alerts).toEqual([
      // Tuesday 16:30 BST to midnight: 1650 and 750 hundredths.
      { timestamp: local(TUESDAY, 16, 30), inactivity: { off: 1650, on: 750 } },
      // Wednesday 08:00 to now (12:00): 800 and 400.
      { timestamp: local(WEDNESDAY, 8), inactivity: { off: 800, on: 400 } },
    ]);
  });
});
