import { EnergyDetail } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CarbonHistory } from '../src/features/carbon/job';
import { recordedStats, WINDOW_S } from '../src/features/carbon/recorded';
import { type CarbonStandin, startCarbonStandin } from '../src/features/demo/standins/carbon-intensity';
import { ingestReadings, type Reading } from '../src/features/readings/ingest';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { makeHouse } from './support/ingest';

// The home's past use in gCO₂ (issue 37): Great Britain's recorded intensity fetched by the led job from
// the Carbon Intensity stand-in (over real HTTP, its national /intensity/{from}/{to}), stored, and joined
// with the home's half-hours by the usage reads. London homes; the clock is pinned at 12:00Z on Tuesday 27
// October 2026, two days after the clocks went back. Every figure below is worked out by hand:
//
// - A small day, Tuesday 20 October 2026 (BST), three half-hours:
//     09:00Z  400 Wh at 150 g/kWh (actual)              → 60,000 mg
//     09:30Z  250 Wh at 201 g/kWh (forecast, no actual) → 50,250 mg
//     14:00Z 1234 Wh at  87 g/kWh (actual)              → 107,358 mg
//   The day: 217,608 mg → 218 g. Its hours: 10:00 BST 110,250 mg → 110 g, 15:00 BST 107,358 mg → 107 g
//   (the entries' rounded sum, 217, is a gram off the day's exact one). The first half-hour also
//   generates 80 Wh and exports 30 Wh: not the grid's, so not counted.
// - Sunday 25 October 2026, the clocks go back: 50 half-hours from 23:00Z on the 24th, each 100 Wh, the
//   i-th at 100 + i g/kWh: 100 × (50 × 100 + 0 + 1 + … + 49) = 100 × 6,225 = 622,500 mg → 622.5 → 623 g.
//   Its 25 hours; the second 01:00 (GMT, 01:00Z–02:00Z) is half-hours 4 and 5: 100 × (104 + 105) =
//   20,900 mg → 21 g.
// - Sunday 29 March 2026, the clocks go forward: 46 half-hours from 00:00Z, each 10 Wh at 200 g/kWh:
//   46 × 2,000 = 92,000 mg → 92 g.

const NOW = at('2026-10-27T12:00:00Z');
const SMALL: Record<number, { wh: number; g: number; actual: boolean }> = {
  [at('2026-10-20T09:00:00Z')]: { wh: 400, g: 150, actual: true },
  [at('2026-10-20T09:30:00Z')]: { wh: 250, g: 201, actual: false },
  [at('2026-10-20T14:00:00Z')]: { wh: 1234, g: 87, actual: true },
};
const AUTUMN = at('2026-10-24T23:00:00Z');
const SPRING = at('2026-03-29T00:00:00Z');

/** The stand-in's recorded figures: the days above, else 300 g measured; from now on forecasts only. */
function recorded(slot: number): { forecast: number | null; actual: number | null } {
  if (slot >= NOW) return { forecast: 290, actual: null };
  const small = SMALL[slot];
  if (small) return { forecast: small.actual ? small.g + 9 : small.g, actual: small.actual ? small.g : null };
  if (slot >= AUTUMN && slot < AUTUMN + 50 * 1800)
    return { forecast: 1, actual: 100 + (slot - AUTUMN) / 1800 };
  if (slot >= SPRING && slot < SPRING + 46 * 1800) return { forecast: null, actual: 200 };
  return { forecast: 290, actual: 300 };
}

const halfHour = (start: number, import_wh: number, extra: Partial<Reading> = {}): Reading => ({
  start,
  interval_s: 1800,
  import_wh,
  export_wh: 0,
  generation_wh: 0,
  ...extra,
});

describeEachDb('Past use in gCO₂ from the recorded national intensity', (suite) => {
  let t: TestApp;
  let carbon: CarbonStandin;
  let job: CarbonHistory;
  let small: { userId: number; session: Session };

  const detail = async (session: Session, userId: number, query: string): Promise<EnergyDetail> => {
    const res = await t.app.inject({
      url: `/api/v3/energy_info/detail/?user_id=${userId}&${query}`,
      headers: session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return EnergyDetail.parse(res.json());
  };

  async function home(name: string, readings: Reading[]) {
    const house = await makeHouse(suite.db, name);
    await ingestReadings(suite.db, house.houseId, readings, { now: NOW });
    const session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    return { userId: house.userId, session };
  }

  const stored = async () =>
    Number(
      (await suite.db.query<{ n: string }>('select count(*)::text as n from carbon_intensity')).rows[0]?.n,
    );

  beforeAll(async () => {
    carbon = await startCarbonStandin({ recorded });
    t = await makeTestApp(suite.db, { env: { CARBON_INTENSITY_URL: carbon.url } });
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    job = new CarbonHistory({ db: suite.db, baseUrl: carbon.url, clock: t.clock, timeoutMs: 300 });
    small = await home('carbon-small', [
      halfHour(at('2026-10-20T09:00:00Z'), 400, { generation_wh: 80, export_wh: 30 }),
      halfHour(at('2026-10-20T09:30:00Z'), 250),
      halfHour(at('2026-10-20T14:00:00Z'), 1234),
    ]);
  });
  afterAll(async () => {
    await job.stop();
    await t.app.close();
    await carbon.close();
  });

  it('the service hanging: the fill gives up at its timeout and stores nothing; the read answers at once, its figures null', async () => {
    carbon.faults.hang = true;
    const unreachable = recordedStats.unreachable;
    const began = performance.now();
    const fill = job.runOnce();
    // The read does not wait for the fill, which is still waiting for the stand-in.
    const day = await detail(
      small.session,
      small.userId,
      `timescale=day&timestamp=${at('2026-10-20T12:00:00Z')}`,
    );
    const readMs = performance.now() - began;
    expect(day.carbon_g).toBeNull();
    expect(day.carbon_source).toContain('Carbon Intensity API');
    expect(day.details.map((d) => d.carbon_g).filter((g) => g !== 0)).toEqual([null, null]);
    const result = await fill;
    const fillMs = performance.now() - began;
    expect(result).toEqual({ requests: 1, stored: 0, ended: 'unreachable' });
    expect(recordedStats.unreachable).toBe(unreachable + 1);
    expect(await stored()).toBe(0);
    expect(fillMs).toBeGreaterThanOrEqual(250);
    expect(fillMs).toBeLessThan(3000); // the 300 ms timeout, not the stand-in's silence
    expect(readMs).toBeLessThan(fillMs);
    carbon.faults.hang = false;

    carbon.faults.down = true;
    expect(await job.runOnce()).toEqual({ requests: 1, stored: 0, ended: 'unreachable' });
    expect(await stored()).toBe(0);
    carbon.faults.down = false;
    // Tried again later: a minute, doubled for each failure in a row (two now).
    expect(job.nextDelayMs()).toBe(4 * 60_000);
  });

  it('a malformed answer is rejected, counted and stores nothing', async () => {
    carbon.faults.badShape = true;
    const rejected = recordedStats.rejected;
    expect(await job.runOnce()).toEqual({ requests: 1, stored: 0, ended: 'rejected' });
    expect(recordedStats.rejected).toBe(rejected + 1);
    expect(await stored()).toBe(0);
    carbon.faults.badShape = false;
    expect(job.nextDelayMs()).toBe(8 * 60_000);
  });

  it('a small day, worked out by hand: 218 g, its hours 110 g and 107 g, its half-hours 60 g and 50 g', async () => {
    const calls = carbon.calls.length;
    const result = await job.runOnce();
    expect(result?.ended).toBe('done');
    expect(job.nextDelayMs()).toBe(60_000);
    // From the window holding 20 October to the one holding now, each at most 14 days, none repeated.
    const asked = carbon.calls.slice(calls);
    expect(asked.length).toBe(
      Math.floor((NOW + 7200 - 1) / WINDOW_S) - Math.floor(at('2026-10-20T00:00:00Z') / WINDOW_S) + 1,
    );
    for (const path of asked) {
      const [, , from, to] = path.split('/');
      expect(Date.parse(to as string) - Date.parse(from as string)).toBeLessThanOrEqual(WINDOW_S * 1000);
    }
    const flags = await suite.db.query<{ slot_start: string; g_per_kwh: number; actual: boolean }>(
      'select slot_start::text, g_per_kwh, actual from carbon_intensity where slot_start = any($1::bigint[]) order by 1',
      [Object.keys(SMALL).map(Number)],
    );
    expect(flags.rows.map((r) => [r.g_per_kwh, r.actual])).toEqual([
      [150, true],
      [201, false],
      [87, true],
    ]);
    // To 2 hours past the half-hour under way (the API's forecasts until measured), no further.
    const newest = await suite.db.query<{ s: string }>(
      'select max(slot_start)::text as s from carbon_intensity',
    );
    expect(Number(newest.rows[0]?.s)).toBe(NOW + 7200 - 1800);
    const underWay = await suite.db.query(
      'select g_per_kwh, actual from carbon_intensity where slot_start = $1',
      [NOW],
    );
    expect(underWay.rows).toEqual([{ g_per_kwh: 290, actual: false }]);

    const day = await detail(
      small.session,
      small.userId,
      `timescale=day&timestamp=${at('2026-10-20T12:00:00Z')}`,
    );
    expect(day.carbon_g).toBe(218);
    expect(day.details).toHaveLength(24);
    expect(day.details[10]?.carbon_g).toBe(110); // 10:00 BST
    expect(day.details[15]?.carbon_g).toBe(107); // 15:00 BST
    expect(day.details.filter((_, i) => i !== 10 && i !== 15).every((d) => d.carbon_g === 0)).toBe(true);
    const hour = await detail(
      small.session,
      small.userId,
      `timescale=hour&timestamp=${at('2026-10-20T09:00:00Z')}`,
    );
    expect(hour.details.map((d) => d.carbon_g)).toEqual([60, 50]);
    expect(hour.carbon_g).toBe(110);
    const month = await detail(
      small.session,
      small.userId,
      `timescale=month&timestamp=${at('2026-10-20T09:00:00Z')}`,
    );
    expect(month.carbon_g).toBe(218);
    expect(month.details[19]?.carbon_g).toBe(218);
    // Gas has no grid intensity.
    const gas = await detail(
      small.session,
      small.userId,
      `timescale=day&timestamp=${at('2026-10-20T12:00:00Z')}&fuel=gas`,
    );
    expect(gas.carbon_g).toBeNull();
    expect(gas.carbon_source).toBeNull();
    expect(gas.details.every((d) => d.carbon_g === null)).toBe(true);

    // Everything the homes need is stored: the next run asks nothing.
    expect(await job.runOnce()).toEqual({ requests: 0, stored: 0, ended: 'done' });
  });

  it('the clock-change days: 50 half-hours → 623 g, 46 half-hours → 92 g', async () => {
    const autumn = await home(
      'carbon-autumn',
      Array.from({ length: 50 }, (_, i) => halfHour(AUTUMN + i * 1800, 100)),
    );
    const spring = await home(
      'carbon-spring',
      Array.from({ length: 46 }, (_, i) => halfHour(SPRING + i * 1800, 10)),
    );
    // Before the fill reaches back to March, the spring day's figure is missing, said as null.
    const before = await detail(spring.session, spring.userId, `timescale=day&timestamp=${SPRING + 3600}`);
    expect(before.carbon_g).toBeNull();
    expect((await job.runOnce())?.ended).toBe('done');

    const back = await detail(autumn.session, autumn.userId, `timescale=day&timestamp=${AUTUMN + 3600}`);
    expect(back.details).toHaveLength(25);
    expect(back.details.reduce((n, d) => n + (d.slots ?? 0), 0)).toBe(50);
    expect(back.carbon_g).toBe(623);
    expect(back.details[2]?.carbon_g).toBe(21);
    const forward = await detail(spring.session, spring.userId, `timescale=day&timestamp=${SPRING + 3600}`);
    expect(forward.details).toHaveLength(23);
    expect(forward.details.reduce((n, d) => n + (d.slots ?? 0), 0)).toBe(46);
    expect(forward.carbon_g).toBe(92);
    expect(forward.details.every((d) => d.carbon_g === 4)).toBe(true); // 2 × 10 Wh × 200 g = 4,000 mg
  });

  it('a young forecast is asked for again once its actual can be out, and the actual replaces it', async () => {
    const slot = NOW - 1800;
    const row = async () =>
      (
        await suite.db.query<{ g_per_kwh: number; actual: boolean }>(
          'select g_per_kwh, actual from carbon_intensity where slot_start = $1',
          [slot],
        )
      ).rows[0];
    expect(await row()).toEqual({ g_per_kwh: 300, actual: true });
    // Forecasts of the last 2 days are kept as forecasts until the API has measured them.
    await suite.db.query(
      'update carbon_intensity set g_per_kwh = 290, actual = false where slot_start = $1',
      [slot],
    );
    expect(await job.runOnce()).toEqual({ requests: 0, stored: 0, ended: 'done' }); // asked under 30 min ago
    t.clock.advance(31 * 60 * 1000);
    const again = await job.runOnce();
    expect(again?.requests).toBe(1);
    expect(await row()).toEqual({ g_per_kwh: 300, actual: true });
  });
});
