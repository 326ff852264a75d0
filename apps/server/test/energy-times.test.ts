import { makeTariff, touRate } from '@homeview/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { carbonStats } from '../src/features/carbon/client';
import { insertTariff } from '../src/features/demo/repository';
import { type CarbonStandin, startCarbonStandin } from '../src/features/demo/standins/carbon-intensity';
import { ingestApplianceEvents } from '../src/features/readings/ingest';
import { importDynamicPrices } from '../src/features/tariffs/service';
import { link, login, makeTestApp, makeUser, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { makeHouse } from './support/ingest';

// GET /energy_info/times/ (issue 37, "Cheapest and greenest times"), against the Carbon Intensity
// stand-in, with every expectation worked out by hand. London homes, asked at 12:00 BST on Saturday 24
// October 2026, the night the clocks go back (Sunday 02:00 BST → 01:00 GMT):
//
// - Slots: the rest of Saturday (12:00–24:00 BST, 24) and all of Sunday (25 hours, 50): 74, from
//   11:00Z on the 24th to 00:00Z on the 26th.
// - A Go-like tariff, 8.5p 00:30–05:30 local, 24.5p otherwise: Sunday's night is 23:30Z–05:30Z, 6 hours
//   of the clock's 5 (01:00–02:00 comes twice): 12 cheap slots. The cheapest 3 hours start at its
//   first half-hour, 23:30Z (00:30 BST), 85,000 µ£/kWh on average.
// - Carbon (SW1A: London): 250 g everywhere but 60 g for the first 01:00–02:00 (BST, 00:00Z–01:00Z) and
//   50 g for 01:00Z–03:00Z (01:00–03:00 GMT). The greenest 2 hours: 01:00Z–03:00Z (200 over 4 slots,
//   50 g), not 00:30Z–02:30Z (60+60+50+50 = 220).
// - The dishwasher's last 28 days: 110, 120 and 130 minutes, 1000, 1200 and 1100 Wh → a typical run of
//   120 minutes and 1100 Wh. Now (12:00 BST, 24.5p): 1100 × 245,000 = 269,500,000 n£ → 27p. In the
//   night: 1100 × 85,000 = 93,500,000 n£ → 9p, first possible at 23:30Z.

const NOW = at('2026-10-24T11:00:00Z');
const GO = makeTariff({
  startDate: '2020-01-01',
  standingCharge: 500_000,
  import: touRate([
    { startMinute: 0, price: 245_000, name: 'day' },
    { startMinute: 30, price: 85_000, name: 'night' },
    { startMinute: 330, price: 245_000, name: 'day' },
  ]),
});
const intensity = (slot: number): number =>
  slot >= at('2026-10-25T01:00:00Z') && slot < at('2026-10-25T03:00:00Z')
    ? 50
    : slot >= at('2026-10-25T00:00:00Z') && slot < at('2026-10-25T01:00:00Z')
      ? 60
      : 250;

const DISHWASHER = 6;

describeEachDb('The cheapest and greenest times', (suite) => {
  let t: TestApp;
  let carbon: CarbonStandin;

  const ask = (session: Session, userId: number) =>
    t.app.inject({ url: `/api/v3/energy_info/times/?user_id=${userId}`, headers: session.headers() });

  async function home(name: string, postcode: string | null) {
    const house = await makeHouse(suite.db, name);
    await suite.db.query('update houses set postcode = $2 where id = $1', [house.houseId, postcode]);
    const session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
    return { ...house, session };
  }

  beforeAll(async () => {
    carbon = await startCarbonStandin({ intensity });
    t = await makeTestApp(suite.db, { env: { CARBON_INTENSITY_URL: carbon.url } });
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
  });
  afterAll(async () => {
    await t.app.close();
    await carbon.close();
  });

  it('a time-of-use home on the clock-change night: 74 half-hours, its night, the greenest hours, the dishwasher', async () => {
    const h = await home('times-go', 'SW1A');
    await insertTariff(suite.db, h.houseId, GO);
    await ingestApplianceEvents(suite.db, h.houseId, [
      {
        appliance_type_id: DISHWASHER,
        start: at('2026-10-20T18:00:00Z'),
        end: at('2026-10-20T19:50:00Z'),
        energy_wh: 1000,
      },
      {
        appliance_type_id: DISHWASHER,
        start: at('2026-10-21T18:00:00Z'),
        end: at('2026-10-21T20:00:00Z'),
        energy_wh: 1200,
      },
      {
        appliance_type_id: DISHWASHER,
        start: at('2026-10-22T18:00:00Z'),
        end: at('2026-10-22T20:10:00Z'),
        energy_wh: 1100,
      },
      // Before the 28 days: not typical of now.
      {
        appliance_type_id: DISHWASHER,
        start: at('2026-09-01T18:00:00Z'),
        end: at('2026-09-01T23:00:00Z'),
        energy_wh: 5000,
      },
    ]);
    const res = await ask(h.session, h.userId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.slots).toHaveLength(74);
    expect(body.slots[0]).toEqual({ start: NOW, price: 245_000, carbon: 250, carbon_index: 'high' });
    expect(body.slots.at(-1).start).toBe(at('2026-10-25T23:30:00Z'));
    const night = body.slots.filter((s: { price: number }) => s.price === 85_000);
    expect(night).toHaveLength(12);
    expect(night[0].start).toBe(at('2026-10-24T23:30:00Z'));
    expect(night.at(-1).start).toBe(at('2026-10-25T05:00:00Z'));
    expect(body.tariff).toBe('time_of_use');
    expect(body.cheapest).toEqual({
      start: at('2026-10-24T23:30:00Z'),
      end: at('2026-10-25T02:30:00Z'),
      hours: 3,
      average: 85_000,
    });
    expect(body.greenest).toEqual({
      start: at('2026-10-25T01:00:00Z'),
      end: at('2026-10-25T03:00:00Z'),
      hours: 2,
      average: 50,
    });
    expect(body.appliance).toEqual({
      appliance_type_id: DISHWASHER,
      name: 'Dishwasher',
      uses: 3,
      duration_minutes: 120,
      energy_wh: 1100,
      now_pence: 27,
      best_start: at('2026-10-24T23:30:00Z'),
      best_pence: 9,
    });
    expect(body.carbon).toEqual({
      status: 'forecast',
      region: 'London',
      postcode: 'SW1A',
      source: expect.stringContaining('Carbon Intensity API'),
    });
    expect(body.time_zone).toBe('Europe/London');
    expect(carbon.calls).toContain('/regional/intensity/2026-10-24T11:00Z/fw48h/postcode/SW1A');
  });

  it('asks the service once per region and half-hour', async () => {
    const a = await home('times-cache-a', 'SE1');
    const before = carbon.calls.length;
    expect((await ask(a.session, a.userId)).statusCode).toBe(200);
    expect((await ask(a.session, a.userId)).statusCode).toBe(200);
    expect(carbon.calls.length - before).toBe(1);
  });

  it('a home with no postcode gets Great Britain’s forecast; a single-rate home has no cheapest time', async () => {
    const h = await home('times-national', null);
    const body = (await ask(h.session, h.userId)).json();
    expect(body.carbon).toMatchObject({ status: 'forecast', region: 'Great Britain', postcode: null });
    expect(carbon.calls).toContain('/intensity/2026-10-24T11:00Z/fw48h');
    // No tariff of its own: the price cap's one price all day.
    expect(body.tariff).toBe('single');
    expect(body.cheapest).toBeNull();
    expect(body.appliance).toBeNull();
    expect(body.greenest.start).toBe(at('2026-10-25T01:00:00Z'));
  });

  it('says there is no forecast now when the service is down, and still gives the prices', async () => {
    const h = await home('times-down', 'BS7');
    await insertTariff(suite.db, h.houseId, GO);
    carbon.faults.down = true;
    try {
      const res = await ask(h.session, h.userId);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.carbon).toMatchObject({ status: 'unavailable', region: null, postcode: 'BS7' });
      expect(body.greenest).toBeNull();
      expect(body.slots.every((s: { carbon: unknown }) => s.carbon === null)).toBe(true);
      expect(body.cheapest.start).toBe(at('2026-10-24T23:30:00Z'));
    } finally {
      carbon.faults.down = false;
    }
  });

  it('rejects an answer that is not the documented shape, counted and logged, never a crash', async () => {
    const h = await home('times-bad', 'NG1');
    const rejected = carbonStats.rejected;
    carbon.faults.badShape = true;
    try {
      const res = await ask(h.session, h.userId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().carbon.status).toBe('unavailable');
    } finally {
      carbon.faults.badShape = false;
    }
    expect(carbonStats.rejected).toBe(rejected + 1);
    expect(t.logs.some((l) => l.includes('carbon intensity answer rejected'))).toBe(true);
  });

  it('an Agile home: unpublished half-hours are unknown, and prices published late are taken', async () => {
    const h = await home('times-agile', 'RG41');
    // Published at 16:00 on the 23rd: up to 23:00 BST on the 24th (22:00Z). 200,000 µ£/kWh but for
    // 13:00Z–16:00Z at 100,000 with one 40,000 at 14:30Z: the cheapest 3 hours are 13:00Z–16:00Z,
    // (5 × 100,000 + 40,000) / 6 = 90,000 on average.
    const published = (from: string, to: string, price: (slot: number) => number) =>
      Array.from({ length: (at(to) - at(from)) / 1800 }, (_, i) => {
        const slot = at(from) + i * 1800;
        return [slot, price(slot)] as [number, number];
      });
    await importDynamicPrices(suite.db, h.houseId, {
      name: 'Agile A',
      prices: published('2026-10-24T00:00:00Z', '2026-10-24T22:00:00Z', (slot) =>
        slot === at('2026-10-24T14:30:00Z')
          ? 40_000
          : slot >= at('2026-10-24T13:00:00Z') && slot < at('2026-10-24T16:00:00Z')
            ? 100_000
            : 200_000,
      ),
    });
    let body = (await ask(h.session, h.userId)).json();
    expect(body.tariff).toBe('dynamic');
    expect(body.slots.find((s: { start: number }) => s.start === at('2026-10-24T21:30:00Z')).price).toBe(
      200_000,
    );
    expect(
      body.slots.find((s: { start: number }) => s.start === at('2026-10-24T22:00:00Z')).price,
    ).toBeNull();
    expect(body.slots.filter((s: { price: unknown }) => s.price === null)).toHaveLength(74 - 22);
    expect(body.cheapest).toEqual({
      start: at('2026-10-24T13:00:00Z'),
      end: at('2026-10-24T16:00:00Z'),
      hours: 3,
      average: 90_000,
    });
    // Sunday's prices come late; its 02:00Z–05:00Z at 30,000 are now the cheapest.
    await importDynamicPrices(suite.db, h.houseId, {
      name: 'Agile A',
      prices: published('2026-10-24T22:00:00Z', '2026-10-25T23:00:00Z', (slot) =>
        slot >= at('2026-10-25T02:00:00Z') && slot < at('2026-10-25T05:00:00Z') ? 30_000 : 150_000,
      ),
    });
    body = (await ask(h.session, h.userId)).json();
    expect(body.slots.filter((s: { price: unknown }) => s.price === null)).toHaveLength(2); // 23:00Z, 23:30Z
    expect(body.cheapest).toMatchObject({ start: at('2026-10-25T02:00:00Z'), average: 30_000 });
  });

  it('answers for one’s own home and a linked dependant’s, and no one else’s', async () => {
    const carer = await makeUser(suite.db, 'times-carer', { house: null });
    const mum = await makeUser(suite.db, 'times-mum');
    const stranger = await makeUser(suite.db, 'times-stranger');
    await link(suite.db, carer, mum);
    const session = await login(t.app, { username: carer.username, password: carer.password });
    expect((await ask(session, mum.id)).statusCode).toBe(200);
    expect((await ask(session, stranger.id)).statusCode).toBe(403);
    expect((await ask(session, carer.id)).statusCode).toBe(404); // a carer with no home
    const bad = await t.app.inject({
      url: '/api/v3/energy_info/times/?user_id=me',
      headers: session.headers(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'user_id' });
  });
});
