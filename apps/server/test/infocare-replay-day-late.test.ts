import { addDays } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { alertsCsv, type ReplayedAlert, replayHouse } from '../src/features/infocare/backfill';
import { ingestReadings } from '../src/features/readings/ingest';
import type { Reading } from '../src/features/readings/reading';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { findHouseIdOf } from './support/houses';
import { halfHourDay, local, ORDINARY_DAY, QUIET_DAY } from './support/infocare';

// `npm run infocare -- replay` for a day-late home (issue 36): its stored history holds every half-hour,
// but the replay runs it as it ran live, each day's half-hours published the next morning at the home's
// usual time (here the default, 10:00: the history was imported in one go, which teaches no usual time),
// the day judged then, and "no data" (never inactivity) past 10:00 + 3 h for a day not in.
// Europe/London, November 2024 (GMT). Ordinary days, by hand: 100 Wh every half-hour but 07:00–09:00
// (4 of 400 Wh), 12:00 (1 of 300 Wh) and 17:00–21:00 (8 of 300 Wh): 13 active half-hours (6½ h).
// - Mum: 1–28 November ordinary, Friday the 29th quiet (only 07:00–08:00 and 17:00–18:00 rose), the
//   30th ordinary.
// - Dad: 1–30 November ordinary, but no half-hour at all of Wednesday the 20th (the feed broke) and none
//   of Monday the 25th from 12:00 on.

const FIRST = '2024-11-01';
const LAST = '2024-11-30';
const IMPORTED = local('2024-12-05', 12);

describeEachDb('InfoCare replay of a day-late home', (suite) => {
  const houses = { mum: { id: 0, owner_user_id: 0, time_zone: 'Europe/London' } };
  let dad = { id: 0, owner_user_id: 0, time_zone: 'Europe/London' };
  const from = local(FIRST, 0);
  const to = local('2024-12-02', 0) - 1;

  beforeAll(async () => {
    const mum = await makeUser(suite.db, 'mum');
    const dadUser = await makeUser(suite.db, 'dad');
    houses.mum = {
      id: (await findHouseIdOf(suite.db, mum.id)) as number,
      owner_user_id: mum.id,
      time_zone: 'Europe/London',
    };
    dad = {
      id: (await findHouseIdOf(suite.db, dadUser.id)) as number,
      owner_user_id: dadUser.id,
      time_zone: 'Europe/London',
    };
    const mums: Reading[] = [];
    const dads: Reading[] = [];
    for (let d = FIRST; d <= LAST; d = addDays(d, 1)) {
      mums.push(...halfHourDay(d, d === '2024-11-29' ? QUIET_DAY : ORDINARY_DAY));
      if (d === '2024-11-20') continue;
      dads.push(...halfHourDay(d, ORDINARY_DAY).filter((r) => d !== '2024-11-25' || r.start < local(d, 12)));
    }
    expect(mums).toHaveLength(30 * 48);
    expect(dads).toHaveLength(29 * 48 - 24);
    await ingestReadings(suite.db, houses.mum.id, mums, { now: IMPORTED });
    await ingestReadings(suite.db, dad.id, dads, { now: IMPORTED });
  });

  const stored = async (houseId: number) =>
    (
      await suite.db.query<{ n: number }>(
        'select (select count(*)::int from infocare_alerts where house_id = $1) + (select count(*)::int from infocare_day_judgements where house_id = $1) as n',
        [houseId],
      )
    ).rows[0]?.n;

  it('raises exactly one Warning for the quiet day, dated the morning after at its publication time', async () => {
    const replayed = await replayHouse(suite.db, houses.mum, from, to, 1800);
    expect(
      replayed.map((a: ReplayedAlert) => [Number(a.raised_at), a.cleared_at, a.type, a.level, a.name]),
    ).toEqual([[local('2024-11-30', 10), null, 'Off', 'Warning', 'A quiet day yesterday']]);
    expect(replayed[0]?.text).toBe(
      "29-11-24, from the meter's half-hours: A quiet day: active 2 h against the usual 6½ h. " +
        'The day began at 07:00 (usually 07:00) and ended at 18:00. ' +
        'In the night before 05:00, no activity (usually none).',
    );
    // Printed as any other alert, in the one CSV.
    expect(alertsCsv(replayed).split('\n')[1]).toMatch(
      new RegExp(`^${local('2024-11-30', 10)},,Off,Warning,A quiet day yesterday,"29-11-24, from`),
    );
    // The replay was rolled back: nothing stored, nothing judged.
    expect(await stored(houses.mum.id)).toBe(0);
  });

  it('judges the quiet day only once it would have been published: a replay ending at 09:59 has none', async () => {
    const replayed = await replayHouse(
      suite.db,
      houses.mum,
      local('2024-11-29', 0),
      local('2024-11-30', 9, 59),
      1800,
    );
    expect(replayed).toEqual([]);
  });

  it('tells a feed gap as "no data" past its usual time plus 3 h, cleared once the next day is in, never as low activity', async () => {
    const replayed = await replayHouse(suite.db, dad, from, to, 1800);
    expect(replayed.map((a) => [a.type, a.level, a.name, Number(a.raised_at), Number(a.cleared_at)])).toEqual(
      [
        // The 20th was not in by 13:00 on the 21st; the 21st, published at 10:00 on the 22nd, ends it.
        ['Off', 'Warning', 'No data', local('2024-11-21', 13), local('2024-11-22', 10)],
        // The 25th stopped at 12:00: overdue from 13:00 on the 26th, until the 26th came at 10:00 on the 27th.
        ['Off', 'Warning', 'No data', local('2024-11-26', 13), local('2024-11-27', 10)],
      ],
    );
    expect(replayed[0]?.text).toBe(
      'No half-hours from the meter since 00:00 on 20-11-24: they usually arrive by 10:00 the next day. The supplier has not published them, or the connection needs attention.',
    );
    expect(replayed[1]?.text).toContain('since 12:00 on 25-11-24');
    expect(replayed.map((a) => a.text).join(' ')).not.toMatch(/quiet|low activity|inactiv|no activity/i);
  });
});
