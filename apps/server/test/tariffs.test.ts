import { Tariff } from '@homeview/contract';
import { beforeAll, expect, it } from 'vitest';
import { ingestApplianceEvents, ingestReadings } from '../src/features/readings/ingest';
import { link, login, makeTestApp, makeUser, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { type KeyedHouse, makeHouse, series } from './support/ingest';

// §7 GET/POST /api/v3/tariff_setting/: the §3 shape, patches from a start date (default today in the
// house's zone), repricing of past rollups and events, null clearing a rate, authorisation.

const DAY = 86_400;
const JAN_13 = 1_768_262_400; // 2026-01-13T00:00Z (London = UTC in January); the clock says 01-15 09:00Z
// The default in force on these January 2026 days: the Jan–Mar 2026 price cap, 27.69 p/kWh, 54.75 p/day.
const DEFAULT_IMPORT_PRICE = 276_900;

describeEachDb('tariff setting', (suite) => {
  let t: TestApp;
  let owner: KeyedHouse;
  let session: Session;
  const now = () => Math.floor(t.clock.now().getTime() / 1000);

  beforeAll(async () => {
    t = await makeTestApp(suite.db);
    owner = await makeHouse(suite.db, 'tariffed');
    session = await login(t.app, { username: owner.username, password: 'Test-Pass1!' });
    // Three days of half-hourly readings (13th–15th, up to the clock) and a kettle on each day.
    await ingestReadings(suite.db, owner.houseId, series(JAN_13, 48 * 2 + 18, 1800), { now: now() });
    for (let d = 0; d < 3; d++) {
      await ingestApplianceEvents(suite.db, owner.houseId, [
        {
          appliance_type_id: 1,
          start: JAN_13 + d * DAY + 7 * 3600,
          end: JAN_13 + d * DAY + 7 * 3600 + 180,
          energy_wh: 100,
        },
      ]);
    }
  });

  const get = (userId: number, who = session) =>
    t.app.inject({ method: 'GET', url: `/api/v3/tariff_setting/?user_id=${userId}`, headers: who.headers() });
  const post = (fields: Record<string, string>, who = session, csrf = true) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v3/tariff_setting/',
      headers: { ...who.headers(csrf), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const dayCost = async (day: number) => {
    const { rows } = await suite.db.query<{ wh: number; cost: number }>(
      'select sum(import_wh)::bigint as wh, sum(import_cost)::bigint as cost from rollups where house_id = $1 and slot_start >= $2 and slot_start < $3',
      [owner.houseId, JAN_13 + day * DAY, JAN_13 + (day + 1) * DAY],
    );
    return rows[0]!;
  };
  const kettleCosts = async () =>
    (
      await suite.db.query<{ cost: number }>(
        'select cost from appliance_events where house_id = $1 order by start_ts',
        [owner.houseId],
      )
    ).rows.map((r) => r.cost);

  it('reads the default when nothing is set', async () => {
    const res = await get(owner.userId);
    expect(res.statusCode).toBe(200);
    const body = Tariff.parse(res.json());
    expect(body).toMatchObject({
      import: null,
      export: null,
      generation: null,
      standing_charge: null,
      tariffs_msg: '',
    });
    expect(body.used_tariff.import).toEqual([
      { days: 'all', prices: [0.2769], times: [0], rate_names: ['fix'] },
    ]);
    expect(body.used_tariff.standing_charge).toEqual([
      { days: 'all', prices: [0.5475], times: [0], rate_names: ['fix'] },
    ]);
    expect(res.json()).not.toHaveProperty('status');
    const d0 = await dayCost(0);
    expect(d0.cost).toBe(d0.wh * DEFAULT_IMPORT_PRICE);
  });

  it('writes a TOU import from a past date and reprices rollups and events from that day only', async () => {
    const tou = {
      import: [{ days: 'all', prices: [0.1, 0.3], times: [0, 700], rate_names: ['night', 'day'] }],
    };
    const res = await post({
      user_id: String(owner.userId),
      tariff: JSON.stringify(tou),
      start_date: '2026-01-14',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Tariff.parse(res.json()).import).toEqual(tou.import);
    const d0 = await dayCost(0);
    expect(d0.cost).toBe(d0.wh * DEFAULT_IMPORT_PRICE); // before the start date: untouched
    const { rows } = await suite.db.query<{ slot_start: number; import_wh: number; import_cost: number }>(
      'select slot_start, import_wh, import_cost from rollups where house_id = $1 and slot_start >= $2 and slot_start < $3',
      [owner.houseId, JAN_13 + DAY, JAN_13 + 2 * DAY],
    );
    expect(rows).toHaveLength(48);
    for (const r of rows) {
      const price = (r.slot_start - JAN_13 - DAY) / 3600 < 7 ? 100_000 : 300_000;
      expect(r.import_cost).toBe(r.import_wh * price);
    }
    expect(await kettleCosts()).toEqual([100 * DEFAULT_IMPORT_PRICE, 100 * 300_000, 100 * 300_000]);
  });

  it('merges a patch into the version in force and clears a rate with null (the default applies)', async () => {
    const sc = { standing_charge: [{ days: 'all', prices: [0.6], times: [0], rate_names: ['fix'] }] };
    expect((await post({ user_id: String(owner.userId), tariff: JSON.stringify(sc) })).statusCode).toBe(200);
    const merged = Tariff.parse((await get(owner.userId)).json());
    expect(merged.standing_charge).toEqual(sc.standing_charge);
    expect(merged.import?.[0]?.rate_names).toEqual(['night', 'day']); // kept from the 14th's version
    const cleared = await post({
      user_id: String(owner.userId),
      tariff: '{"import":null}',
      start_date: '2026-01-15',
    });
    expect(Tariff.parse(cleared.json())).toMatchObject({ import: null, standing_charge: sc.standing_charge });
    const d2 = await dayCost(2);
    expect(d2.cost).toBe(d2.wh * DEFAULT_IMPORT_PRICE);
    expect((await dayCost(1)).cost).not.toBe((await dayCost(1)).wh * DEFAULT_IMPORT_PRICE);
    expect(await kettleCosts()).toEqual([
      100 * DEFAULT_IMPORT_PRICE,
      100 * 300_000,
      100 * DEFAULT_IMPORT_PRICE,
    ]);
  });

  it('shows a future version in the note, not as the tariff in force', async () => {
    const later = { export: [{ days: 'all', prices: [0.05], times: [0], rate_names: ['seg'] }] };
    const res = await post({
      user_id: String(owner.userId),
      tariff: JSON.stringify(later),
      start_date: '2026-02-01',
    });
    expect(Tariff.parse(res.json())).toMatchObject({
      export: null,
      tariffs_msg: 'A new tariff starts on 01-02-26.',
    });
  });

  it('names the field of a bad write, and needs the CSRF token', async () => {
    const badTime = await post({
      user_id: String(owner.userId),
      tariff: '{"import":[{"days":"all","prices":[0.1],"times":[745],"rate_names":["x"]}]}',
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().field).toMatch(/^tariff/);
    expect(badTime.json().error).toMatch(/import/);
    const badDate = await post({
      user_id: String(owner.userId),
      tariff: '{"import":null}',
      start_date: '2026-02-30',
    });
    expect([badDate.statusCode, badDate.json().field]).toEqual([400, 'start_date']);
    const old = await post({
      user_id: String(owner.userId),
      tariff: '{"import":null}',
      start_date: '1999-12-31',
    });
    expect([old.statusCode, old.json().field]).toEqual([400, 'start_date']);
    expect(
      (await post({ user_id: String(owner.userId), tariff: '{"import":null}' }, session, false)).statusCode,
    ).toBe(403);
  });

  it("allows a linked dependant's tariff, refuses a stranger's (403) and an unknown id (404)", async () => {
    const carer = await makeUser(suite.db, 'tariff-carer', { house: null });
    const stranger = await makeUser(suite.db, 'tariff-stranger');
    await link(suite.db, carer, { id: owner.userId, username: owner.username, password: '' });
    const carerSession = await login(t.app, carer);
    expect((await get(owner.userId, carerSession)).statusCode).toBe(200);
    expect(
      (await post({ user_id: String(owner.userId), tariff: '{"generation":null}' }, carerSession)).statusCode,
    ).toBe(200);
    expect((await get(stranger.id, carerSession)).statusCode).toBe(403);
    expect(
      (await post({ user_id: String(stranger.id), tariff: '{"import":null}' }, carerSession)).statusCode,
    ).toBe(403);
    expect((await get(999_999, carerSession)).statusCode).toBe(404);
    expect((await get(carer.id, carerSession)).statusCode).toBe(404); // no home, so no tariff
  });
});
