import { dayOf } from '@homeview/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SupplierFills } from '../src/features/suppliers/job';
import { TOP_UP_S } from '../src/features/suppliers/pass';
import { connectionsOfHouse, metersOf } from '../src/features/suppliers/repository';
import { createMailer } from '../src/mail/mailer';
import { login, makeTestApp, makeUser, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import {
  GAS_ID,
  type GlowmarktStandIn,
  STANDIN_EMAIL,
  STANDIN_PASSWORD,
  startGlowmarktStandIn,
} from './support/glowmarkt-standin';
import { wriggyGas } from './support/glowmarkt-standin-data';
import {
  GAS_MPRN,
  gasSeries,
  NO_FAULTS,
  type OctopusStandin,
  SERIALS,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  startOctopusStandin,
} from './support/octopus-standin';
import { storedReadings } from './support/suppliers';

// Supplier accounts fetch gas (issue 35) on both databases, from the stand-ins: an Octopus SMETS2 gas
// meter in m³ and a Bright gas resource in kWh are filled through the one fill and stored as the home's
// gas half-hours (fuel 1) in exact Wh; clock-change days complete with 46 and 50; a day-late half-hour
// lands on its own local day; a calorific value set from a date re-applies from that date only; a bad
// answer (not JSON) and figures that are no energy (negative, not a number) are counted and logged, and
// nothing else is lost. Expected Wh are worked by hand: kWh = m³ × 1.02264 × CV ÷ 3.6 (bc, 8 decimals).

const ZONE = 'Europe/London';
/** 2022-11-20 11:00 GMT: inside the stand-ins' gas (2021-03-15 → 2023-06-30). */
const NOW_MS = Date.UTC(2022, 10, 20, 11, 0);
const utc = (iso: string) => Date.parse(iso) / 1000;
const SECRETS_KEY = Buffer.alloc(32, 3).toString('base64');

describeEachDb('supplier gas', (suite) => {
  let octopus: OctopusStandin;
  let glow: GlowmarktStandIn;
  let t: TestApp;
  let n = 0;
  const warnings: Record<string, unknown>[] = [];
  const log = {
    info: () => undefined,
    error: () => undefined,
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ ...fields, message }),
  } as unknown as FastifyBaseLogger;

  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const job = () =>
    new SupplierFills({
      db: suite.db,
      config: t.config,
      mailer: createMailer({ config: t.config, db: suite.db, clock: t.clock, print: () => undefined }),
      clock: t.clock,
      log,
    });
  const post = (session: Session, url: string, payload: Record<string, string | number>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
  /** A new home connected to `kind` through the API at NOW; its session, house and connection. */
  const connected = async (kind: 'octopus' | 'bright') => {
    n += 1;
    const user = await makeUser(suite.db, `gas-${kind}-${n}`);
    const session = await login(t.app, user);
    const fields: Record<string, string> =
      kind === 'octopus'
        ? { kind, api_key: STANDIN_KEY, account_number: STANDIN_ACCOUNT }
        : { kind, email: STANDIN_EMAIL, password: STANDIN_PASSWORD };
    const res = await post(session, '/api/v3/suppliers/', { user_id: user.id, ...fields });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await suite.db.query<{ id: number }>('select id from houses where owner_user_id = $1', [
      user.id,
    ]);
    const houseId = rows[0]!.id;
    const [connection] = await connectionsOfHouse(suite.db, houseId);
    return { user, session, houseId, connectionId: connection!.id };
  };
  const gasAt = async (houseId: number) =>
    new Map((await storedReadings(suite.db, houseId, 1)).map((r) => [r.start, r.import_wh]));
  const gasDays = async (houseId: number, days: string[]) =>
    (
      await suite.db.query<{ day: string; slots: number; data_slots: number }>(
        `select day::text, slots, data_slots from daily_rollups
          where house_id = $1 and fuel = 1 and day = any($2::date[]) order by day`,
        [houseId, days],
      )
    ).rows.map((d) => [d.day, d.slots, d.data_slots]);

  beforeAll(async () => {
    gasSeries();
    octopus = await startOctopusStandin({ gasMprn: true });
    glow = await startGlowmarktStandIn({ now: () => Math.floor(t.clock.now().getTime() / 1000) });
    t = await makeTestApp(suite.db, {
      env: { OCTOPUS_API_URL: octopus.url, GLOWMARKT_API_URL: glow.url, SECRETS_KEY },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await octopus.close();
    await glow.close();
  });
  beforeEach(async () => {
    // Each case's connection alone is due (a pass takes every due one).
    await suite.db.query('delete from supplier_connections');
    Object.assign(octopus.faults, NO_FAULTS(), { gasMprn: true });
    octopus.calls.length = 0;
    glow.reset();
    warnings.length = 0;
    t.clock.advance(NOW_MS - t.clock.now().getTime());
  });

  it('stores an Octopus gas meter in m³ as gas Wh at 39.5 MJ/m³: exact, every half-hour once, 46 and 50 on clock-change days, a day-late half-hour on its own day', async () => {
    const late = utc('2022-11-19T08:00:00Z'); // yesterday 08:00 GMT, published a day late
    octopus.faults.hidden = new Set([late]);
    octopus.faults.hiddenSerial = SERIALS.gas;
    const { houseId, connectionId, user } = await connected('octopus');
    await job().runDue();
    const meters = await metersOf(suite.db, [connectionId]);
    const gas = meters.find((m) => m.fuel === 'gas')!;
    expect([gas.point, gas.unit, gas.unit_set_by, gas.stored, gas.rejected]).toEqual([
      GAS_MPRN,
      'm3',
      'supplier',
      true,
      0,
    ]);
    // 13 months of gas in one call for the gas serial (25,000 a page).
    expect(octopus.consumptionCalls(SERIALS.gas)).toHaveLength(1);
    const stored = await gasAt(houseId);
    // By hand, at 39.5 MJ/m³: 0.13 m³ → 1.45868233 kWh; 0.097 → 1.08840143; 0.016 → 0.17953013.
    expect(stored.get(utc('2022-11-15T07:00:00Z'))).toBe(1459);
    expect(stored.get(utc('2022-11-15T18:30:00Z'))).toBe(1088);
    expect(stored.get(utc('2022-11-15T03:00:00Z'))).toBe(180);
    // Every half-hour the meter has, once (the readings view's starts are distinct by key), none extra.
    const fillFrom = dayOf('2021-10-20', ZONE).start;
    const served = gasSeries().filter((r) => r.start >= fillFrom && r.start + 1800 <= now());
    expect(stored.size).toBe(served.length - 1); // the late half-hour not yet
    expect([...stored.keys()].every((s) => served.some((r) => r.start === s))).toBe(true);
    // Nothing of it is electricity.
    expect(await storedReadings(suite.db, houseId, 0)).toEqual([]);
    expect(await gasDays(houseId, ['2021-10-31', '2022-03-27', '2022-10-30', '2022-11-19'])).toEqual([
      ['2021-10-31', 50, 50],
      ['2022-03-27', 46, 46],
      ['2022-10-30', 50, 50],
      ['2022-11-19', 48, 47],
    ]);
    expect((await metersOf(suite.db, [connectionId])).find((m) => m.fuel === 'gas')!.resume_at).toBe(
      dayOf('2022-11-19', ZONE).start,
    );

    // A day later it is published: the top-up stores it on 19 November, its own local day.
    octopus.faults.hidden = new Set();
    t.clock.advance(TOP_UP_S * 1000);
    await job().runDue();
    expect(await gasDays(houseId, ['2022-11-19', '2022-11-20'])).toEqual([
      ['2022-11-19', 48, 48],
      ['2022-11-20', 48, 30], // today: 00:00–14:30 GMT so far
    ]);
    // 08:00 GMT on 19 November: 0.121 m³ at 39.5 → 1.35769663 kWh.
    expect(gasSeries().find((r) => r.start === late)!.kwh).toBe(0.121);
    expect((await gasAt(houseId)).get(late)).toBe(1358);

    // The owner says the meter reports kWh (an SMETS1): kept, and the meter read again from the start.
    const session = await login(t.app, user);
    const res = await post(session, '/api/v3/suppliers/meter/', {
      user_id: user.id,
      id: gas.id,
      unit: 'kWh',
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json().connections[0].meters.find((m: { fuel: string }) => m.fuel === 'gas');
    expect([shown.unit, shown.unit_set_by]).toEqual(['kWh', 'user']);
    const electricity = meters.find((m) => m.fuel === 'electricity')!;
    const refused = await post(session, '/api/v3/suppliers/meter/', {
      user_id: user.id,
      id: electricity.id,
      unit: 'm3',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatch(/only a gas meter's unit can be changed/);
    await job().runDue();
    // 0.13 now read as kWh: 130 Wh.
    expect((await gasAt(houseId)).get(utc('2022-11-15T07:00:00Z'))).toBe(130);
  });

  it('re-applies a calorific value from its date only; 400 with a clear message outside 30–50 MJ/m³', async () => {
    const { houseId, connectionId, session, user } = await connected('octopus');
    await job().runDue();
    const before = utc('2022-03-31T06:00:00Z'); // 07:00 BST on 31 March: 0.256 m³
    const after = utc('2022-04-02T06:00:00Z'); // 07:00 BST on 2 April: 0.203 m³
    expect(gasSeries().find((r) => r.start === before)!.kwh).toBe(0.256);
    expect(gasSeries().find((r) => r.start === after)!.kwh).toBe(0.203);
    // By hand at 39.5: 0.256 → 2.87248213 kWh; 0.203 → 2.27778856 kWh.
    expect([(await gasAt(houseId)).get(before), (await gasAt(houseId)).get(after)]).toEqual([2872, 2278]);

    for (const [value, why] of [
      ['29.9', 'from 30.0 to 50.0'],
      ['50.1', 'from 30.0 to 50.0'],
      ['39.55', 'at most one decimal'],
      ['forty', 'calorific value on your gas bill'],
    ] as const) {
      const res = await post(session, '/api/v3/suppliers/calorific_values/', {
        user_id: user.id,
        from_date: '2022-04-01',
        mj_per_m3: value,
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ field: 'mj_per_m3' });
      expect(res.json().error).toContain(why);
    }
    const set = await post(session, '/api/v3/suppliers/calorific_values/', {
      user_id: user.id,
      from_date: '2022-04-01',
      mj_per_m3: '40.0',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      time_zone: ZONE,
      default_mj_per_m3: 39.5,
      values: [{ from_date: '2022-04-01', mj_per_m3: 40 }],
    });
    // The gas meter is read again from 1 April (local), due now.
    const gas = (await metersOf(suite.db, [connectionId])).find((m) => m.fuel === 'gas')!;
    expect(gas.resume_at).toBe(dayOf('2022-04-01', ZONE).start);
    expect(await job().runDue()).toBe(1);
    // By hand at 40.0: 0.203 → 2.30662133 kWh. Before 1 April: unchanged at 39.5.
    expect([(await gasAt(houseId)).get(before), (await gasAt(houseId)).get(after)]).toEqual([2872, 2307]);
  });

  it('stores a Bright gas resource in kWh as its exact Wh', async () => {
    const { houseId, connectionId } = await connected('bright');
    await job().runDue();
    const gas = (await metersOf(suite.db, [connectionId])).find((m) => m.fuel === 'gas')!;
    expect([gas.point, gas.unit, gas.stored]).toEqual([GAS_ID, 'kWh', true]);
    const stored = await gasAt(houseId);
    // The cloud sends 1.458, 1.093 and 0.182 kWh for these half-hours: 1458, 1093 and 182 Wh.
    expect(stored.get(utc('2022-11-15T07:00:00Z'))).toBe(1458);
    expect(stored.get(utc('2022-11-15T18:30:00Z'))).toBe(1093);
    expect(stored.get(utc('2022-11-15T03:00:00Z'))).toBe(182);
    // 15 November 2022 is 29.15 kWh in the file (its line "15/11/22,29.15,…"): the day sums to it.
    const day = await suite.db.query<{ import_wh: string; data_slots: number }>(
      `select import_wh::text, data_slots from daily_rollups where house_id = $1 and fuel = 1 and day = '2022-11-15'`,
      [houseId],
    );
    expect(day.rows).toEqual([{ import_wh: '29150', data_slots: 48 }]);
    const fillFrom = dayOf('2021-10-20', ZONE).start;
    const served = [...wriggyGas().slots].filter(
      ([s, v]) => s >= fillFrom && s + 1800 <= now() && v !== null,
    );
    expect(stored.size).toBe(served.length);
    expect(await gasDays(houseId, ['2022-03-27', '2022-10-30'])).toEqual([
      ['2022-03-27', 46, 46],
      ['2022-10-30', 50, 50],
    ]);
  });

  it('counts and logs a bad answer and figures that are no energy, losing nothing else', async () => {
    const negative = utc('2022-11-17T07:00:00Z'); // 0.114 m³; within the 4 days read again
    const notANumber = utc('2022-11-17T18:30:00Z'); // 0.086 m³
    octopus.faults.figures = new Map<number, unknown>([
      [negative, -0.25],
      [notANumber, 'NaN'],
    ]);
    const { houseId, connectionId } = await connected('octopus');
    await job().runDue();
    let gas = (await metersOf(suite.db, [connectionId])).find((m) => m.fuel === 'gas')!;
    expect(gas.rejected).toBe(2);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        meter: gas.id,
        fuel: 'gas',
        refused: 2,
        message: 'supplier figures rejected',
      }),
    );
    let stored = await gasAt(houseId);
    expect([stored.has(negative), stored.has(notANumber)]).toEqual([false, false]);
    // The rest of the answer is stored: 17 November's other half-hours (0.014 m³ at 03:00: 0.15708886
    // kWh by hand), and every day before.
    expect(stored.get(utc('2022-11-17T03:00:00Z'))).toBe(157);
    expect(await gasDays(houseId, ['2022-11-16', '2022-11-17'])).toEqual([
      ['2022-11-16', 48, 48],
      ['2022-11-17', 48, 46],
    ]);
    const storedBefore = stored.size;

    // The supplier corrects them, but its next answer is not JSON: counted, logged, retried; nothing lost.
    octopus.faults.figures = new Map();
    Object.assign(octopus.faults, { badJson: 1, badJsonSerial: SERIALS.gas });
    warnings.length = 0;
    t.clock.advance(TOP_UP_S * 1000);
    await job().runDue();
    gas = (await metersOf(suite.db, [connectionId])).find((m) => m.fuel === 'gas')!;
    expect(gas.rejected).toBe(3);
    expect(warnings).toContainEqual(
      expect.objectContaining({ meter: gas.id, message: 'supplier answer rejected' }),
    );
    const [c] = await connectionsOfHouse(suite.db, houseId);
    expect(c!.state).toBe('retrying');
    expect(c!.problem).toMatch(/not JSON.*trying again automatically/);
    expect((await gasAt(houseId)).size).toBe(storedBefore);

    // The retry reads 17 November again and stores the corrected figures (by hand: 0.114 m³ → 1.27915220
    // kWh, 0.086 m³ → 0.96497446 kWh).
    t.clock.advance(3600 * 1000);
    await job().runDue();
    stored = await gasAt(houseId);
    expect([stored.get(negative), stored.get(notANumber)]).toEqual([1279, 965]);
    expect(await gasDays(houseId, ['2022-11-17'])).toEqual([['2022-11-17', 48, 48]]);
    expect((await connectionsOfHouse(suite.db, houseId))[0]!.state).toBe('up_to_date');
  });
});
