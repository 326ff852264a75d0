import { fixedRate } from '@homeview/domain';
import { beforeAll, expect, it } from 'vitest';
import { writeTariff } from '../src/features/tariffs/service';
import { login, makeTestApp, type Person, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at, getEnergy } from './support/energy';
import { makeHouse } from './support/ingest';

// Gas end to end through the API (issue 35): in through POST /api/ingest/v1/readings?fuel=gas, out
// through GET /api/v3/energy_info/*?fuel=gas, in the same shapes as electricity; with no `fuel` every read
// is electricity's, exactly as `fuel=electricity`. Money worked by hand (p/kWh × 10,000 = µ£/kWh, Wh ×
// µ£/kWh = n£, shown in pounds to 2 decimals).

const NOW = at('2026-11-02T12:00:00Z');
const FEB_18 = at('2026-02-18T00:00:00Z'); // GMT: London's day is this UTC day, 48 half-hours
const OCT_25 = at('2026-10-24T23:00:00Z'); // London's 25 October: 00:00 BST to 00:00 GMT, 50 half-hours

const halfHours = (from: number, n: number, wh: (i: number) => number, exportWh = 0) => ({
  readings: Array.from({ length: n }, (_, i) => ({
    start: from + i * 1800,
    interval_s: 1800,
    import_wh: wh(i),
    export_wh: i === n - 1 ? exportWh : 0,
    generation_wh: 0,
  })),
});

/** An answer's pounds in pennies, as the chooser's card adds them. */
const pennies = (pounds: number) => Math.round(pounds * 100);

describeEachDb('gas through the API', (suite) => {
  let t: TestApp;
  let alice: Person;
  let key: string;
  let session: Session;
  const send = (body: object, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/readings${query}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify(body),
    });
  const get = (path: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/v3/energy_info/${path}/?${query}`, headers: session.headers() });

  beforeAll(async () => {
    const house = await makeHouse(suite.db, 'gas-alice');
    alice = { id: house.userId, username: house.username, password: TEST_PASSWORD };
    key = house.key;
    // The home's gas from 1 February 2026: 6.50 p/kWh, 30.00 p/day. No electricity tariff: the cap.
    await writeTariff(
      suite.db,
      house.houseId,
      { import: fixedRate(65_000), standingCharge: 300_000 },
      '2026-02-01',
      undefined,
      'gas',
    );
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, alice);
  });

  it('takes gas at ?fuel=gas beside electricity at the same half-hours', async () => {
    const electricity = await send(halfHours(FEB_18, 48, () => 300));
    expect([electricity.statusCode, electricity.json()]).toEqual([200, { stored: 48, duplicates: 0 }]);
    const gas = await send(
      halfHours(FEB_18, 48, (i) => 1000 + 10 * i),
      '?fuel=gas',
    );
    expect([gas.statusCode, gas.json()]).toEqual([200, { stored: 48, duplicates: 0 }]);
    const october = await send(
      halfHours(OCT_25, 50, () => 1234),
      '?fuel=gas',
    );
    expect([october.statusCode, october.json()]).toEqual([200, { stored: 50, duplicates: 0 }]);
  });

  it("answers a gas day at the gas tariff, and an electricity day (no fuel) at electricity's", async () => {
    const day = `user_id=${alice.id}&timescale=day&timestamp=${FEB_18 + 3600}`;
    const gas = await getEnergy(t.app, session, `${day}&fuel=gas`);
    // 59,280 Wh × 65,000 µ£/kWh = 3,853,200,000 n£ + 30p = 4,153,200,000 n£ → £4.15.
    expect(gas.balance.cost).toBe(4.15);
    expect(gas.standing_charge).toBe(0.3);
    expect(gas.energy_balance.consumed).toBe(59.28);
    expect(gas.details).toHaveLength(24);
    expect(gas.used_appliances).toEqual([]);

    const plain = await get('detail', day);
    const electricity = await get('detail', `${day}&fuel=electricity`);
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(electricity.body);
    // 48 × 300 = 14,400 Wh at the Jan–Mar 2026 electricity cap, 27.69 p/kWh: 14,400 × 276,900 =
    // 3,987,360,000 n£, + 54.75p = 4,534,860,000 n£ → £4.53. Gas counts nowhere in it. (The standing
    // charge shows as £4.53 − £3.99 = £0.54: the parts are carry-rounded to add up to the cost shown.)
    const e = await getEnergy(t.app, session, day);
    expect([e.balance.cost, e.standing_charge, e.energy_balance.consumed]).toEqual([4.53, 0.54, 14.4]);
  });

  it("answers a 50-half-hour gas day (25 October) at the home's gas tariff", async () => {
    // The home's own gas tariff (from 1 February) prices it: 61,700 Wh × 65,000 = 4,010,500,000 n£, + 30p.
    const gas = await getEnergy(
      t.app,
      session,
      `user_id=${alice.id}&timescale=day&timestamp=${OCT_25 + 60}&fuel=gas`,
    );
    expect(gas.details).toHaveLength(25);
    expect(gas.details.reduce((n, d) => n + (d.slots ?? 0), 0)).toBe(50);
    expect(gas.details.reduce((n, d) => n + (d.data_slots ?? 0), 0)).toBe(50);
    expect(gas.balance.cost).toBe(4.31); // 4,310,500,000 n£
    expect(gas.energy_balance.consumed).toBe(61.7);
  });

  it("reads and writes the gas tariff at fuel=gas, electricity's unchanged without it", async () => {
    const tariffGet = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v3/tariff_setting/?${query}`, headers: session.headers() });
    // No electricity tariff: electricity's answer is its cap (Jul–Sep 2026 runs on: 26.11p, 57.19p/day),
    // the gas one is the home's own 6.50p / 30.00p, with the gas cap (7.33p, 29.04p) as its default.
    const electricity = (await tariffGet(`user_id=${alice.id}`)).json();
    expect([electricity.import, electricity.used_tariff.import[0].prices]).toEqual([null, [0.2611]]);
    const gas = (await tariffGet(`user_id=${alice.id}&fuel=gas`)).json();
    expect(gas.import[0].prices).toEqual([0.065]);
    expect(gas.standing_charge[0].prices).toEqual([0.3]);
    expect(gas.used_tariff.import[0].prices).toEqual([0.0733]);
    expect(gas.used_tariff.standing_charge[0].prices).toEqual([0.2904]);

    // A gas write from 1 October reprices 25 October's gas: 61,700 Wh × 70,000 µ£/kWh = 4,319,000,000
    // n£, + 25p = 4,569,000,000 n£ → £4.57; electricity's tariff stays unset.
    const written = await t.app.inject({
      method: 'POST',
      url: '/api/v3/tariff_setting/',
      headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        user_id: String(alice.id),
        fuel: 'gas',
        start_date: '2026-10-01',
        tariff: JSON.stringify({
          import: [{ days: 'all', prices: [0.07], times: [0], rate_names: ['gas'] }],
          standing_charge: [{ days: 'all', prices: [0.25], times: [0], rate_names: ['fix'] }],
        }),
      }).toString(),
    });
    expect(written.statusCode, written.body).toBe(200);
    const october = await getEnergy(
      t.app,
      session,
      `user_id=${alice.id}&timescale=day&timestamp=${OCT_25 + 60}&fuel=gas`,
    );
    expect(october.balance.cost).toBe(4.57);
    expect((await tariffGet(`user_id=${alice.id}`)).json().import).toBeNull();
  });

  it('refuses an unknown fuel (400 naming the allowed values) on reads and on ingest', async () => {
    for (const path of ['today', 'detail']) {
      const res = await get(path, `user_id=${alice.id}&timescale=day&fuel=oil`);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { error: 'fuel must be one of electricity, gas', field: 'fuel' },
      ]);
    }
    const ingest = await send(
      halfHours(FEB_18, 1, () => 1),
      '?fuel=oil',
    );
    expect([ingest.statusCode, ingest.json().error]).toEqual([
      400,
      expect.stringMatching(/fuel must be one of electricity, gas/),
    ]);
  });

  it('refuses a gas reading with export: 400 naming the reading, nothing stored', async () => {
    const res = await send(
      halfHours(at('2026-03-02T00:00:00Z'), 3, () => 10, 4),
      '?fuel=gas',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'readings[2].export_wh',
      error: expect.stringMatching(/gas reading has no export \(4 Wh sent\).*import_wh/),
    });
    const { rows } = await suite.db.query(
      "select count(*)::int as n from daily_rollups where day = '2026-03-02'",
    );
    expect(rows).toEqual([{ n: 0 }]);
  });
  it("gives the chooser's card today's balance of both fuels, as My Home adds them", async () => {
    const today = at('2026-11-02T00:00:00Z'); // London is on GMT: today's 24 half-hours to noon
    expect((await send(halfHours(today, 24, () => 100))).statusCode).toBe(200);
    expect(
      (
        await send(
          halfHours(today, 24, () => 1000),
          '?fuel=gas',
        )
      ).statusCode,
    ).toBe(200);
    const [electricity, gas] = await Promise.all([
      getEnergy(t.app, session, `user_id=${alice.id}&timescale=day&timestamp=${NOW}`),
      getEnergy(t.app, session, `user_id=${alice.id}&timescale=day&timestamp=${NOW}&fuel=gas`),
    ]);
    // Gas by hand, at the tariff from 1 October set above: 24,000 Wh × 70,000 µ£/kWh = £1.68, + 25p.
    expect(gas.balance.cost).toBe(1.93);
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: session.headers() });
    const card = (res.json() as { user_id: number; messages: { value: number }[] }[]).find(
      (c) => c.user_id === alice.id,
    );
    expect(card?.messages).toEqual([
      {
        currency_unit: '£',
        value:
          (pennies(electricity.balance.income) -
            pennies(electricity.balance.cost) -
            pennies(gas.balance.cost)) /
          100,
      },
    ]);
  });

  it("counts gas's standing charge on the card before today's first gas half-hour, as My Home does", async () => {
    // 01:10 on 3 November: electricity's first two half-hours are in, gas has none of today yet (past
    // midnight, or a supplier's gas a day late). My Home adds gas's day: its standing charge alone.
    const now = at('2026-11-03T01:10:00Z');
    t.clock.advance(now * 1000 - t.clock.now().getTime());
    session = await login(t.app, alice); // the noon session has lapsed overnight
    expect((await send(halfHours(at('2026-11-03T00:00:00Z'), 2, () => 100))).statusCode).toBe(200);
    const [electricity, gas] = await Promise.all([
      getEnergy(t.app, session, `user_id=${alice.id}&timescale=day&timestamp=${now}`),
      getEnergy(t.app, session, `user_id=${alice.id}&timescale=day&timestamp=${now}&fuel=gas`),
    ]);
    expect(gas.balance.cost).toBe(0.25); // the gas tariff's 25p a day, by hand
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/dashboard/', headers: session.headers() });
    const card = (res.json() as { user_id: number; messages: { value: number }[] }[]).find(
      (c) => c.user_id === alice.id,
    );
    expect(electricity.balance.cost).toBeGreaterThan(0);
    expect(card?.messages).toEqual([
      {
        currency_unit: '£',
        value: (pennies(electricity.balance.income) - pennies(electricity.balance.cost) - 25) / 100,
      },
    ]);
  });
});
