import { EnergyDetail } from '@homeview/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { CarbonHistory } from '../src/features/carbon/job';
import { type CarbonStandin, startCarbonStandin } from '../src/features/demo/standins/carbon-intensity';
import { ingestReadings, type Reading } from '../src/features/readings/ingest';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { makeHouse } from './support/ingest';

// The days' and months' stored carbon (carbon_mg, migration 0039; issue 38): written by the one write
// path, and recomputed by the carbon job when the intensity arrives after the readings (the usual order).
// One London home, the clock pinned at 12:00Z on Tuesday 10 November 2026; the stand-in publishes what
// `published` allows. Worked out by hand:
//
// - Saturday 24 October, 23:30 BST (22:30Z): 40 Wh at 250 g/kWh → 10,000 mg.
// - Sunday 25 October, the clocks go back: 50 half-hours from 23:00Z on the 24th, each 100 Wh, the i-th at
//   100 + i g/kWh: 100 × (5,000 + 1,225) = 622,500 mg. Its last (23:30 GMT) published late.
// - October: 632,500 mg → 632.5 → 633 g.
// - Tuesday 10 November: 09:00Z 300 Wh at 180 → 54,000 mg; 09:30Z 500 Wh, a forecast of 211 → 105,500 mg
//   (159,500 mg → 160 g), measured later at 231 → 115,500 mg (169,500 mg → 170 g).
// - 2026: 632,500 + 159,500 = 792,000 mg → 792 g (its months' rounded 633 + 160 = 793: a gram off), then
//   632,500 + 169,500 = 802,000 mg → 802 g.

const NOW = at('2026-11-10T12:00:00Z');
const SAT = at('2026-10-24T22:30:00Z');
const AUTUMN = at('2026-10-24T23:00:00Z');
const LAST_AUTUMN = AUTUMN + 49 * 1800;
const NOV_A = at('2026-11-10T09:00:00Z');
const NOV_B = at('2026-11-10T09:30:00Z');

const published = { lastAutumn: false, novB: false, novBMeasured: false };

function recorded(slot: number): { forecast: number | null; actual: number | null } | null {
  if (slot >= NOW) return { forecast: 290, actual: null };
  if (slot === SAT) return { forecast: null, actual: 250 };
  if (slot === LAST_AUTUMN && !published.lastAutumn) return null;
  if (slot >= AUTUMN && slot <= LAST_AUTUMN) return { forecast: null, actual: 100 + (slot - AUTUMN) / 1800 };
  if (slot === NOV_A) return { forecast: null, actual: 180 };
  if (slot === NOV_B) {
    if (!published.novB) return null;
    return published.novBMeasured ? { forecast: 211, actual: 231 } : { forecast: 211, actual: null };
  }
  return { forecast: null, actual: 300 };
}

const halfHour = (start: number, import_wh: number): Reading => ({
  start,
  interval_s: 1800,
  import_wh,
  export_wh: 0,
  generation_wh: 0,
});

describeEachDb('Carbon kept on the days and months', (suite) => {
  let t: TestApp;
  let carbon: CarbonStandin;
  let home: { houseId: number; userId: number; session: Session };

  /** A fresh job (no memory of windows asked): what a new leader would ask. */
  const fill = async () => {
    const job = new CarbonHistory({ db: suite.db, baseUrl: carbon.url, clock: t.clock, timeoutMs: 2000 });
    const result = await job.runOnce();
    await job.stop();
    expect(result?.ended).toBe('done');
  };
  const detail = async (query: string): Promise<EnergyDetail> => {
    const res = await t.app.inject({
      url: `/api/v3/energy_info/detail/?user_id=${home.userId}&${query}`,
      headers: home.session.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return EnergyDetail.parse(res.json());
  };
  const dayMg = async (day: string) =>
    (
      await suite.db.query<{ mg: string | null }>(
        'select carbon_mg::text as mg from daily_rollups where house_id = $1 and fuel = 0 and day = $2::date',
        [home.houseId, day],
      )
    ).rows[0]?.mg;
  const monthMg = async (month: string) =>
    (
      await suite.db.query<{ mg: string | null }>(
        'select carbon_mg::text as mg from monthly_rollups where house_id = $1 and fuel = 0 and month = $2::date',
        [home.houseId, month],
      )
    ).rows[0]?.mg;
  /** The half-hours joined with the intensities, per local month, as the reads did before 0039. */
  const joinedPerMonth = async () =>
    (
      await suite.db.query<{ month: string; mg: string }>(
        `select to_char(to_timestamp(r.slot_start) at time zone 'Europe/London', 'YYYY-MM') as month,
                sum(r.import_wh * c.g_per_kwh)::text as mg
           from rollups r join carbon_intensity c on c.slot_start = r.slot_start
          where r.house_id = $1 and r.fuel = 0 group by 1 order by 1`,
        [home.houseId],
      )
    ).rows;

  beforeAll(async () => {
    Object.assign(published, { lastAutumn: false, novB: false, novBMeasured: false }); // each database's run
    carbon = await startCarbonStandin({ recorded });
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    const house = await makeHouse(suite.db, 'carbon-rollups');
    await ingestReadings(
      suite.db,
      house.houseId,
      [
        halfHour(SAT, 40),
        ...Array.from({ length: 50 }, (_, i) => halfHour(AUTUMN + i * 1800, 100)),
        halfHour(NOV_A, 300),
        halfHour(NOV_B, 500),
      ],
      { now: NOW },
    );
    const session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    home = { houseId: house.houseId, userId: house.userId, session };
  });
  afterAll(async () => {
    await t.app.close();
    await carbon.close();
  });

  it('readings before any intensity: the days and months hold no figure, and the views say null', async () => {
    expect(await dayMg('2026-10-24')).toBeNull();
    expect(await dayMg('2026-10-25')).toBeNull();
    expect(await monthMg('2026-10-01')).toBeNull();
    expect((await detail(`timescale=year&timestamp=${NOW}`)).carbon_g).toBeNull();
  });

  it('intensity arriving after the readings fills the days it covers, and their months; a day still missing one half-hour stays null', async () => {
    await fill();
    expect(await dayMg('2026-10-24')).toBe('10000');
    expect(await dayMg('2026-10-25')).toBeNull(); // its 23:30 GMT not published yet
    expect(await monthMg('2026-10-01')).toBeNull();
    expect(await dayMg('2026-11-10')).toBeNull();
    const month = await detail(`timescale=month&timestamp=${SAT}`);
    expect(month.details[23]?.carbon_g).toBe(10);
    expect(month.details[24]?.carbon_g).toBeNull();
    expect(month.carbon_g).toBeNull();

    published.lastAutumn = true;
    published.novB = true;
    await fill();
    expect(await dayMg('2026-10-24')).toBe('10000');
    expect(await dayMg('2026-10-25')).toBe('622500');
    expect(await monthMg('2026-10-01')).toBe('632500');
    expect(await dayMg('2026-11-10')).toBe('159500');
    expect(await monthMg('2026-11-01')).toBe('159500');
    expect((await detail(`timescale=month&timestamp=${SAT}`)).carbon_g).toBe(633);
  });

  it('the clock-change day: its 25 hours from the half-hours, the day from its row, both 623 g', async () => {
    const day = await detail(`timescale=day&timestamp=${AUTUMN + 3600}`);
    expect(day.details).toHaveLength(25);
    expect(day.carbon_g).toBe(623); // 622.5, half up
    expect(day.details[2]?.carbon_g).toBe(21); // the second 01:00: 100 × (104 + 105)
    const week = await detail(`timescale=month&timestamp=${AUTUMN + 3600}`);
    expect(week.details[24]?.carbon_g).toBe(623);
    // The Saturday before it keeps its own half-hour (23:30 BST), not the Sunday's first.
    expect(week.details[23]?.carbon_g).toBe(10);
  });

  it('a year is the exact sum of its months, as the half-hours joined with the intensities give', async () => {
    const year = await detail(`timescale=year&timestamp=${NOW}`);
    expect(year.details).toHaveLength(12);
    expect(year.details.map((d) => d.carbon_g)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 633, 160, 0]);
    expect(year.carbon_g).toBe(792); // 792,000 mg; the months' rounded sum is 793
    expect(await joinedPerMonth()).toEqual([
      { month: '2026-10', mg: '632500' },
      { month: '2026-11', mg: '159500' },
    ]);
    const october = await detail(`timescale=month&timestamp=${SAT}`);
    const november = await detail(`timescale=month&timestamp=${NOV_A}`);
    expect([october.carbon_g, november.carbon_g]).toEqual([633, 160]);
    const today = await detail(`timescale=day&timestamp=${NOV_A}`);
    expect(today.carbon_g).toBe(160);
  });

  it('a changed figure (a young forecast measured) changes its day, month and year', async () => {
    published.novBMeasured = true;
    await fill();
    expect(await dayMg('2026-11-10')).toBe('169500');
    expect(await monthMg('2026-11-01')).toBe('169500');
    expect(await dayMg('2026-10-25')).toBe('622500');
    const year = await detail(`timescale=year&timestamp=${NOW}`);
    expect(year.details[10]?.carbon_g).toBe(170); // 169.5, half up
    expect(year.carbon_g).toBe(802);
  });

  it('migration 0039 fills the stored days and months with the same figures', async () => {
    const snapshot = async () => [
      (await suite.db.query('select house_id, day::text, carbon_mg::text from daily_rollups order by 1, 2'))
        .rows,
      (
        await suite.db.query(
          'select house_id, month::text, carbon_mg::text from monthly_rollups order by 1, 2',
        )
      ).rows,
    ];
    const before = await snapshot();
    expect(before[0]?.some((r) => (r as { carbon_mg: string | null }).carbon_mg === '622500')).toBe(true);
    await suite.db.exec(`alter table daily_rollups drop column carbon_mg;
      alter table monthly_rollups drop column carbon_mg;
      delete from schema_migrations where name = 'carbon_mg'`);
    await migrate(suite.db);
    expect(await snapshot()).toEqual(before);
  });
});
