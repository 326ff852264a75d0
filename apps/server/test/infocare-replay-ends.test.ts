import { addDays } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { loadSituation } from '../src/features/infocare/engine';
import { ReadingEnds } from '../src/features/infocare/reading-ends';
import { RoutineCache } from '../src/features/infocare/routine-cache';
import { findHouseIdOf } from './support/houses';
import { makeUser } from './support/app';
import { describeEachDb } from './support/db';
import { local, readingsBetween } from './support/infocare';

// A replay over fixed history reads each reading block's arrays once (ReadingEnds) instead of unnesting the
// newest two blocks at every instant. Its newest reading must be the live load's at every instant: inside a
// block, just after a UTC midnight (the newest block has no reading ended yet, so the one before answers),
// after the last reading, and after readings are added behind the newest one (the demo's live ticks add
// them while Mum's history is replayed, an instant per transaction).

const DAY = '2024-11-20'; // Europe/London is on UTC in November: local midnight is a block start

describeEachDb('InfoCare replay reading ends', (suite) => {
  let house: { id: number; owner_user_id: number; time_zone: string };

  beforeAll(async () => {
    const mum = await makeUser(suite.db, 'mum');
    house = {
      id: (await findHouseIdOf(suite.db, mum.id))!,
      owner_user_id: mum.id,
      time_zone: 'Europe/London',
    };
    // 5-minute readings from 20:00 to 10:00 the next day: two blocks.
    await readingsBetween(suite.db, house.id, local(DAY, 20), local(addDays(DAY, 1), 10));
  });

  it('gives the live load newest reading at every instant, readings added behind the newest included', async () => {
    const options = { fixedHistory: true, readingEnds: new ReadingEnds() };
    const cache = new RoutineCache();
    const next = addDays(DAY, 1);
    const compare = async (at: number) => {
      const replayed = await loadSituation(suite.db, house, at, cache, options);
      const live = await loadSituation(suite.db, house, at);
      expect(replayed.lastDataAt, `at ${at}`).toBe(live.lastDataAt);
      expect(replayed.readingIntervalS).toBe(live.readingIntervalS);
      return replayed.lastDataAt;
    };
    // Inside the first block, then just after midnight (the newest block's first reading ends at 00:05).
    expect(await compare(local(DAY, 21, 7))).toBe(local(DAY, 21, 5));
    expect(await compare(local(next, 0, 2))).toBe(local(next, 0));
    expect(await compare(local(next, 6, 31))).toBe(local(next, 6, 30));
    // After the last reading (10:00), then readings added from 10:00 to 12:00 behind it: seen.
    expect(await compare(local(next, 11))).toBe(local(next, 10));
    await readingsBetween(suite.db, house.id, local(next, 10), local(next, 12));
    expect(await compare(local(next, 11, 2))).toBe(local(next, 11));
    expect(await compare(local(next, 13))).toBe(local(next, 12));
  });
});
