import { EnergyDetail } from '@homeview/contract';
import { fixedRate, makeTariff } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { insertTariff } from '../src/features/demo/repository';
import { ingestApplianceEvents, ingestReadings } from '../src/features/readings/ingest';
import { saveTariffVersion } from '../src/features/tariffs/repository';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, importHalfHours } from './support/energy';
import { makeHouse } from './support/ingest';

// A year in one request (issue 38): GET /energy_info/detail/?timescale=year answers a London home's
// calendar year as its twelve local months. The home's electricity tariff is 20.3p/kWh and 50p a day, gas
// 6p/kWh and 30p a day; every figure below is worked out by hand from the half-hours listed, not by the code
// under test. Its readings begin on 29 March 2025, the day before the clock went forward; October 2025
// has the 25-hour day (01:30 twice).
//
//   electricity (UTC)     local                 Wh     month
//   2025-03-29 12:00      12:00 GMT            1000    March (the first reading)
//   2025-03-30 01:00      02:00 BST             500    March (the clock has just gone forward)
//   2025-04-30 23:30      00:30 BST 1 May      2000    May, though UTC still says April
//   2025-10-26 00:30      01:30 BST             300    October
//   2025-10-26 01:30      01:30 GMT             300    October (the repeated hour)
//   2025-10-31 23:30      23:30 GMT             400    October
//   2025-11-03 08:00      08:00 GMT             500    November
//   2025-11-15 11:30 / 12:00 / 13:00          1000 / 900 / 700   November
//   2025-12-31 23:30      23:30 GMT            1500    December
//   2026-01-01 00:00, 2026-11-15 09:00         800, 1000           2026
//   gas 2025-06-10 11:00                      10000    June
//
// 2025, electricity, each month rounded to the penny as its Monthly view rounds it (standing charge each
// local day from 29 March, in full): Jan, Feb nothing (before the data); Mar 1500 Wh × 20.3p = 30.45p
// + 3 days 150p = 180.45 → £1.80; Apr (no readings) 30 days £15.00; May 2000 × 20.3 = 40.6p + 1550p →
// £15.91; Jun £15.00; Jul £15.50; Aug £15.50; Sep £15.00; Oct 1000 Wh = 20.3p + 1550p → £15.70; Nov
// 3100 Wh = 62.93p + 1500p → £15.63; Dec 1500 Wh = 30.45p + 1550p → £15.80. The year: £140.84, the sum of
// those months (its exact cost, 13900p + 184.73p, would round to £140.85); its energy cost is the months'
// 30 + 41 + 20 + 63 + 30 = 184p, its standing charge 278 days × 50p = £139.00; 9.1 kWh used.

const NOW = at('2026-11-15T12:20:00Z');
const Y2025 = at('2025-01-01T00:00:00Z');
const Y2026 = at('2026-01-01T00:00:00Z');

const ELECTRICITY: readonly (readonly [string, number])[] = [
  ['2025-03-29T12:00:00Z', 1000],
  ['2025-03-30T01:00:00Z', 500],
  ['2025-04-30T23:30:00Z', 2000],
  ['2025-10-26T00:30:00Z', 300],
  ['2025-10-26T01:30:00Z', 300],
  ['2025-10-31T23:30:00Z', 400],
  ['2025-11-03T08:00:00Z', 500],
  ['2025-11-15T11:30:00Z', 1000],
  ['2025-11-15T12:00:00Z', 900],
  ['2025-11-15T13:00:00Z', 700],
  ['2025-12-31T23:30:00Z', 1500],
  ['2026-01-01T00:00:00Z', 800],
  ['2026-11-15T09:00:00Z', 1000],
];

describeEachDb('a year in one request', (suite) => {
  let t: TestApp;
  let session: Session;
  let userId: number;
  const get = (query: string) =>
    t.app.inject({
      url: `/api/v3/energy_info/detail/?user_id=${userId}&${query}`,
      headers: session.headers(),
    });
  const detail = async (query: string): Promise<EnergyDetail> => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return EnergyDetail.parse(res.json());
  };
  const months = (view: EnergyDetail) => view.details.map((d) => d.balance.cost);

  beforeAll(async () => {
    const house = await makeHouse(suite.db, 'year-yara');
    userId = house.userId;
    await insertTariff(
      suite.db,
      house.houseId,
      makeTariff({ startDate: '2020-01-01', standingCharge: 500_000, import: fixedRate(203_000) }),
    );
    await saveTariffVersion(
      suite.db,
      house.houseId,
      makeTariff({ startDate: '2020-01-01', standingCharge: 300_000, import: fixedRate(60_000) }),
      'user',
      'gas',
    );
    await ingestReadings(suite.db, house.houseId, importHalfHours(ELECTRICITY), { now: NOW });
    await ingestReadings(suite.db, house.houseId, importHalfHours([['2025-06-10T11:00:00Z', 10_000]]), {
      now: NOW,
      fuel: 'gas',
    });
    // Kettle uses (appliance type 1) in May, November and on New Year's Eve 2025, and just after midnight.
    const kettle = (iso: string, seconds: number, wh: number) => ({
      appliance_type_id: 1,
      start: at(iso),
      end: at(iso) + seconds,
      energy_wh: wh,
    });
    await ingestApplianceEvents(suite.db, house.houseId, [
      kettle('2025-05-10T08:00:00Z', 120, 100),
      kettle('2025-11-03T08:00:00Z', 180, 200),
      kettle('2025-12-31T23:50:00Z', 60, 50),
      kettle('2026-01-01T00:10:00Z', 60, 50),
    ]);
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
  });

  it('answers a past year as its twelve local months, the totals the sums of the months shown', async () => {
    const year = await detail(`timescale=year&timestamp=${at('2025-07-01T12:00:00Z')}`);
    expect(year.subtitle).toBe('2025');
    expect(year.period).toEqual({ time_unit: 'year', start_timestamp: Y2025 });
    expect(months(year)).toEqual([0, 0, 1.8, 15, 15.91, 15, 15.5, 15.5, 15, 15.7, 15.63, 15.8]);
    expect(year.details.map((d) => d.energy_cost)).toEqual([0, 0, 0.3, 0, 0.41, 0, 0, 0, 0, 0.2, 0.63, 0.3]);
    expect(year.details.map((d) => d.data_slots)).toEqual([0, 0, 2, 0, 1, 0, 0, 0, 0, 3, 4, 1]);
    expect(year.balance).toEqual({ income: 0, cost: 140.84, profit_loss: -140.84 });
    expect(year.standing_charge).toBe(139);
    expect(year.energy_balance).toEqual({ generated: 0, consumed: 9.1 });
    expect(year.details[4]?.energy_balance.consumed).toBe(2); // 00:30 BST on 1 May is May's
    // Local months: April and November begin at local midnight (BST, then GMT); March lacks a half-hour
    // hour, October has two more; the year has 365 × 48.
    expect(year.details[3]?.period.start_timestamp).toBe(at('2025-03-31T23:00:00Z'));
    expect(year.details[10]?.period.start_timestamp).toBe(at('2025-11-01T00:00:00Z'));
    expect(year.details[2]?.slots).toBe(1486);
    expect(year.details[9]?.slots).toBe(1490);
    expect(year.details.reduce((n, d) => n + (d.slots ?? 0), 0)).toBe(17_520);
    // Navigation by calendar year: 2024 ends before the first reading; 2026 has begun.
    expect([year.previous, year.next]).toEqual([null, Y2026]);
    expect(year.available).toEqual([Y2026, Y2025]);
    expect(year.previous_so_far).toBeNull(); // a year that is over is compared whole
    // The year's appliance uses, by local date: 2 + 3 + 1 minutes, 350 Wh at 20.3p = 7.105p → £0.07.
    expect(
      year.most_used_appliances.map((a) => [a.name, a.duration.value, a.consumed, a.cost, a.status.state]),
    ).toEqual([['Kettle', 6, 0.35, 0.07, 'off']]);
  });

  it("shows each month as that month's own view does", async () => {
    const may = await detail(`timescale=month&timestamp=${at('2025-05-15T12:00:00Z')}`);
    expect(may.balance.cost).toBe(15.91);
    const november = await detail(`timescale=month&timestamp=${at('2025-11-15T12:00:00Z')}`);
    expect(november.balance.cost).toBe(15.63);
  });

  it('compares the year under way with last year up to the same date and time', async () => {
    // 2026 by 15 November 12:20: Jan 800 Wh = 16.24p + 1550p → £15.66; Feb £14.00; Mar £15.50; Apr £15.00;
    // May £15.50; Jun £15.00; Jul £15.50; Aug £15.50; Sep £15.00; Oct £15.50; Nov 15 days 750p + 20.3p →
    // £7.70; December not yet. £159.86 in all.
    const year = await detail('timescale=year');
    expect(year.period).toEqual({ time_unit: 'year', start_timestamp: Y2026 });
    expect(year.subtitle).toBe('2026');
    expect(months(year)).toEqual([15.66, 14, 15.5, 15, 15.5, 15, 15.5, 15.5, 15, 15.5, 7.7, 0]);
    expect(year.balance.cost).toBe(159.86);
    expect([year.previous, year.next]).toEqual([Y2025, null]);
    expect(year.most_used_appliances.map((a) => [a.name, a.duration.value, a.consumed])).toEqual([
      ['Kettle', 1, 0.05],
    ]);
    // 2025 up to 15 November 12:20 GMT: 6000 Wh before 12:00 = 121.8p, and 20 of the 12:00 half-hour's
    // 30 minutes of 900 Wh = 12.18p; 232 local days from 29 March to 15 November, in full, 11600p.
    // 11733.98p → £117.34.
    expect(year.previous_so_far).toEqual({
      start_timestamp: Y2025,
      end_timestamp: at('2025-11-15T12:20:00Z'),
      cost: 117.34,
    });
  });

  it("answers gas's year with its own months and tariff", async () => {
    // Gas from 10 June 2025: 10 kWh × 6p = 60p; standing 30p a day, 205 days → £61.50; £62.10 in all.
    const gas = await detail(`timescale=year&timestamp=${Y2025}&fuel=gas`);
    expect(months(gas)).toEqual([0, 0, 0, 0, 0, 6.9, 9.3, 9.3, 9, 9.3, 9, 9.3]);
    expect(gas.balance.cost).toBe(62.1);
    expect(gas.standing_charge).toBe(61.5);
    expect(gas.fuels).toEqual(['electricity', 'gas']);
  });

  it('refuses a timescale it does not know, saying which it takes', async () => {
    const res = await get('timescale=years');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'timescale must be one of hour, day, week, month, year',
      field: 'timescale',
    });
  });
});
