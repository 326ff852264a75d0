import { beforeAll, expect, it } from 'vitest';
import { login, makeTestApp, type Session, TEST_PASSWORD, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import { at } from './support/energy';
import { makeHouse } from './support/ingest';

// Every energy read says which fuels the home has any reading of (issue 35, additive `fuels`), whichever
// fuel it answers for, so a screen knows whether to offer gas. Nothing else of an answer changes.

const NOW = at('2026-02-18T12:00:00Z');
const DAY = at('2026-02-18T00:00:00Z'); // GMT: London's day is this UTC day

const halfHours = (n: number, wh: number) => ({
  readings: Array.from({ length: n }, (_, i) => ({
    start: DAY + i * 1800,
    interval_s: 1800,
    import_wh: wh,
    export_wh: 0,
    generation_wh: 0,
  })),
});

describeEachDb('the fuels a home has, on every energy read', (suite) => {
  let t: TestApp;
  let session: Session;
  let userId: number;
  let key: string;
  const send = (body: object, query = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/readings${query}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      payload: JSON.stringify(body),
    });
  const read = async (query: string) => {
    const reads = [`today/?user_id=${userId}`, `detail/?user_id=${userId}&timescale=day`];
    return Promise.all(
      reads.map(async (path) => {
        const res = await t.app.inject({
          url: `/api/v3/energy_info/${path}${query}`,
          headers: session.headers(),
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Record<string, unknown>;
      }),
    );
  };
  const fuelsOf = async (query = '') => (await read(query)).map((a) => a.fuels);

  beforeAll(async () => {
    const house = await makeHouse(suite.db, 'fuels-bea');
    userId = house.userId;
    key = house.key;
    t = await makeTestApp(suite.db);
    t.clock.advance(NOW * 1000 - t.clock.now().getTime());
    session = await login(t.app, { username: house.username, password: TEST_PASSWORD });
  });

  it('lists none before the first reading', async () => {
    expect(await fuelsOf()).toEqual([[], []]);
    expect(await fuelsOf('&fuel=gas')).toEqual([[], []]);
  });

  it('lists electricity alone for an electricity home, and adds only that field to the answer', async () => {
    expect((await send(halfHours(24, 300))).statusCode).toBe(200);
    expect(await fuelsOf()).toEqual([['electricity'], ['electricity']]);
    expect(await fuelsOf('&fuel=electricity')).toEqual([['electricity'], ['electricity']]);
    expect(await fuelsOf('&fuel=gas')).toEqual([['electricity'], ['electricity']]);
    // The answer's other fields are the ones it had before gas (spec §3 and its earlier additions), and
    // issue 37's later carbon_g and carbon_source.
    const [today] = await read('');
    expect(Object.keys(today!).sort()).toEqual(
      [
        'available',
        'balance',
        'carbon_g',
        'carbon_source',
        'currency_unit',
        'details',
        'energy_balance',
        'energy_unit',
        'energy_unit_desc',
        'fuels',
        'latest_updated',
        'most_costly_appliances',
        'most_used_appliances',
        'next',
        'period',
        'previous',
        'previous_so_far',
        'priced_at_default',
        'standing_charge',
        'subtitle',
        'time_zone',
        'used_appliances',
        'utc_offsets',
      ].sort(),
    );
  });

  it("lists electricity and gas once the home has a gas reading, on either fuel's answer", async () => {
    expect((await send(halfHours(2, 1500), '?fuel=gas')).statusCode).toBe(200);
    expect(await fuelsOf()).toEqual([
      ['electricity', 'gas'],
      ['electricity', 'gas'],
    ]);
    expect(await fuelsOf('&fuel=gas')).toEqual([
      ['electricity', 'gas'],
      ['electricity', 'gas'],
    ]);
  });

  it("lists the home's fuels on a period with none of its readings (a year ago)", async () => {
    const res = await t.app.inject({
      url: `/api/v3/energy_info/detail/?user_id=${userId}&timescale=month&timestamp=${NOW - 365 * 86_400}&fuel=gas`,
      headers: session.headers(),
    });
    expect(res.json().fuels).toEqual(['electricity', 'gas']);
  });
});
