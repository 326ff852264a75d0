import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/run-admin';
import type { Db } from '../src/db/types';
import { SUPPLIER_ATTEMPTS_PER_WINDOW } from '../src/features/suppliers/attempts';
import { link, login, makeTestApp, makeUser, type Person, type Session, type TestApp } from './support/app';
import { describeEachDb } from './support/db';
import {
  GAS_MPRN,
  IMPORT_MPAN,
  NO_FAULTS,
  type OctopusStandin,
  SERIALS,
  STANDIN_ACCOUNT,
  STANDIN_KEY,
  startOctopusStandin,
} from './support/octopus-standin';
import {
  type GlowmarktStandIn,
  STANDIN_EMAIL,
  STANDIN_PASSWORD,
  startGlowmarktStandIn,
} from './support/glowmarkt-standin';

// The supplier calls (additive to §7, issue 35) and `npm run admin -- connect-supplier` on both
// databases: a home's connections for its householder and its carer and nobody else; credentials
// checked with the supplier before anything is stored, refused ones a 400 a person can act on; the key
// never answered, logged or stored in the clear; connect attempts limited per account in the database.

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64');

describeEachDb('suppliers API', (suite) => {
  let standin: OctopusStandin;
  let glow: GlowmarktStandIn;
  let t: TestApp;
  let owner: Person;
  let carer: Person;
  let mum: Person;
  let stranger: Person;
  let s: Session;

  const get = (userId: number, session: Session = s) =>
    t.app.inject({ url: `/api/v3/suppliers/?user_id=${userId}`, headers: session.headers() });
  const post = (url: string, payload: Record<string, string | number>, session: Session = s) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...session.headers(true), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
  const connect = (userId: number, fields: Record<string, string> = {}, session: Session = s) =>
    post(
      '/api/v3/suppliers/',
      { user_id: userId, kind: 'octopus', api_key: STANDIN_KEY, account_number: STANDIN_ACCOUNT, ...fields },
      session,
    );
  const stored = async () =>
    (await suite.db.query<Record<string, unknown>>('select * from supplier_connections')).rows;

  beforeAll(async () => {
    standin = await startOctopusStandin();
    glow = await startGlowmarktStandIn({ now: () => Math.floor(Date.now() / 1000) });
    t = await makeTestApp(suite.db, {
      env: { OCTOPUS_API_URL: standin.url, GLOWMARKT_API_URL: glow.url, SECRETS_KEY },
    });
    owner = await makeUser(suite.db, 'sup-owner');
    carer = await makeUser(suite.db, 'sup-carer', { house: null });
    mum = await makeUser(suite.db, 'sup-mum');
    stranger = await makeUser(suite.db, 'sup-stranger');
    await link(suite.db, carer, mum);
    s = await login(t.app, owner);
  });
  afterAll(async () => {
    await t.app.close();
    await standin.close();
    await glow.close();
  });
  beforeEach(() => {
    Object.assign(standin.faults, NO_FAULTS());
  });

  it('answers a home with no connection', async () => {
    const res = await get(owner.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ time_zone: 'Europe/London', connections: [] });
  });

  it('refuses bad input and refused credentials with a 400 naming the field, storing nothing', async () => {
    for (const [fields, field] of [
      [{ account_number: 'B-1' }, 'account_number'],
      [{ api_key: 'x' }, 'api_key'],
      [{ kind: 'eon' }, 'kind'],
      [{ api_key: 'sk_wrong_key_0000000' }, 'api_key'],
      [{ account_number: 'A-00000000' }, 'api_key'],
    ] as const) {
      const res = await connect(owner.id, fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const refused = await connect(owner.id, { api_key: 'sk_wrong_key_0000000' });
    expect(refused.json().error).toMatch(/did not accept this API key.*API access/);
    const bright = await post('/api/v3/suppliers/', {
      user_id: owner.id,
      kind: 'bright',
      email: STANDIN_EMAIL,
      password: 'not the password',
    });
    expect(bright.statusCode).toBe(400);
    expect(bright.json()).toMatchObject({ field: 'password' });
    expect(bright.json().error).toMatch(/did not accept this email and password/);
    expect(await stored()).toEqual([]);
  });

  it('says when the supplier cannot be reached (503), storing nothing', async () => {
    const down = await makeTestApp(suite.db, { env: { OCTOPUS_API_URL: 'http://127.0.0.1:1', SECRETS_KEY } });
    try {
      const session = await login(down.app, owner);
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/v3/suppliers/',
        headers: { ...session.headers(true), 'content-type': 'application/json' },
        payload: {
          user_id: owner.id,
          kind: 'octopus',
          api_key: STANDIN_KEY,
          account_number: STANDIN_ACCOUNT,
        },
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toMatch(/could not be reached just now/);
    } finally {
      await down.app.close();
    }
    expect(await stored()).toEqual([]);
  });

  it('connects: the meters found (last 4 characters only), filling, the key neither answered, stored nor logged', async () => {
    standin.faults.gasMprn = true;
    const res = await connect(owner.id);
    expect(res.statusCode, res.body).toBe(200);
    const [connection] = res.json().connections;
    expect(connection).toMatchObject({
      kind: 'octopus',
      account_end: '34CD',
      state: 'filling',
      progress: 0,
      problem: null,
      last_fetch_at: null,
      meters: [
        {
          fuel: 'electricity',
          direction: 'import',
          point_end: IMPORT_MPAN.slice(-4),
          serial_end: SERIALS.import.slice(-4),
          unit: 'kWh',
          data_through: null,
          stored: true,
        },
        {
          fuel: 'gas',
          direction: 'import',
          point_end: GAS_MPRN.slice(-4),
          serial_end: SERIALS.gas.slice(-4),
          unit: 'm3',
          data_through: null,
          stored: true,
        },
      ],
    });
    expect(res.body).not.toContain(STANDIN_KEY);
    expect((await get(owner.id)).json()).toEqual(res.json());
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(STANDIN_KEY);
    expect(JSON.stringify(rows)).not.toContain(STANDIN_ACCOUNT);
    expect(t.logs.join('\n')).not.toContain(STANDIN_KEY);
    // A second account of the same kind: disconnect first.
    const again = await connect(owner.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/already connected.*disconnect it first/);
  });

  it('connects a Bright account: its meters found, the password neither answered, stored nor logged', async () => {
    const householder = await makeUser(suite.db, 'sup-bright');
    const res = await post(
      '/api/v3/suppliers/',
      { user_id: householder.id, kind: 'bright', email: STANDIN_EMAIL, password: STANDIN_PASSWORD },
      await login(t.app, householder),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connections).toHaveLength(1);
    expect(res.json().connections[0]).toMatchObject({
      kind: 'bright',
      account_end: STANDIN_EMAIL.split('@')[0]!.slice(-4),
      state: 'filling',
      meters: [
        { fuel: 'electricity', direction: 'import', unit: 'kWh', serial_end: null, stored: true },
        { fuel: 'gas', direction: 'import', unit: 'kWh', serial_end: null, stored: true },
      ],
    });
    const text = `${res.body}${JSON.stringify(await stored())}${t.logs.join('\n')}`;
    expect(text).not.toContain(STANDIN_PASSWORD);
    expect(text).not.toContain(STANDIN_EMAIL);
    for (const token of glow.tokens) expect(text).not.toContain(token);
  });

  it("reaches only one's own home and a linked dependant's", async () => {
    const strangerSession = await login(t.app, stranger);
    expect((await get(owner.id, strangerSession)).statusCode).toBe(403);
    expect((await connect(mum.id, {}, strangerSession)).statusCode).toBe(403);
    const ownerConnection = (await get(owner.id)).json().connections[0].id as number;
    const taken = await post(
      '/api/v3/suppliers/remove/',
      { user_id: owner.id, id: ownerConnection },
      strangerSession,
    );
    expect(taken.statusCode).toBe(403);
    // Another home's connection id under one's own user id: not found, not removed.
    const notTheirs = await post(
      '/api/v3/suppliers/remove/',
      { user_id: stranger.id, id: ownerConnection },
      strangerSession,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect((await get(owner.id)).json().connections).toHaveLength(1);
    // The carer connects Mum's home.
    const carerSession = await login(t.app, carer);
    const res = await connect(mum.id, {}, carerSession);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connections).toHaveLength(1);
    expect((await get(mum.id, carerSession)).json().connections).toHaveLength(1);
  });

  it('disconnects, keeping the readings', async () => {
    const [{ id }] = (await get(owner.id)).json().connections;
    const house = (
      await suite.db.query<{ id: number }>('select id from houses where owner_user_id = $1', [owner.id])
    ).rows[0]!.id;
    await suite.db.query(
      `insert into reading_blocks (house_id, block_start, gaps, interval_s, import_wh, export_wh, generation_wh)
       values ($1, 1434758400, '{0}', '{1800}', '{250}', '{0}', '{0}')`,
      [house],
    );
    const res = await post('/api/v3/suppliers/remove/', { user_id: owner.id, id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connections).toEqual([]);
    const kept = await suite.db.query('select 1 from readings where house_id = $1', [house]);
    expect(kept.rows).toHaveLength(1);
    expect((await post('/api/v3/suppliers/remove/', { user_id: owner.id, id })).statusCode).toBe(404);
  });

  it('limits connect attempts per account, across requests, in the database', async () => {
    const guesser = await makeUser(suite.db, 'sup-guesser');
    const session = await login(t.app, guesser);
    for (let i = 0; i < SUPPLIER_ATTEMPTS_PER_WINDOW; i++)
      expect((await connect(guesser.id, { api_key: `sk_guess_${i}_000000` }, session)).statusCode).toBe(400);
    const before = standin.calls.length;
    const limited = await connect(guesser.id, {}, session);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(standin.calls.length).toBe(before); // nothing sent to the supplier
    t.clock.advance(3600 * 1000);
    expect((await connect(guesser.id, {}, await login(t.app, guesser))).statusCode).toBe(200);
  });

  it('connect-supplier: the connection id alone on the last line; bad arguments a message and exit 1', async () => {
    const admin = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const lent: Db = { ...suite.db, close: async () => undefined };
      const code = await runAdmin(argv, {
        env: {
          PASSWORD_ITERATIONS: '1000',
          OCTOPUS_API_URL: standin.url,
          GLOWMARKT_API_URL: glow.url,
          SECRETS_KEY,
        },
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        open: async () => lent,
        now: () => new Date('2015-06-20T10:00:00Z'),
      });
      return { code, out, err: err.join('\n') };
    };
    const cliUser = await makeUser(suite.db, 'sup-cli');
    const house = (
      await suite.db.query<{ id: number }>('select id from houses where owner_user_id = $1', [cliUser.id])
    ).rows[0]!.id;
    const ok = await admin(
      'connect-supplier',
      '--house',
      String(house),
      '--kind',
      'octopus',
      '--key',
      STANDIN_KEY,
      '--account',
      STANDIN_ACCOUNT.toLowerCase(),
    );
    expect(ok.code, ok.err).toBe(0);
    const id = Number(ok.out.at(-1));
    const row = await suite.db.query<{ house_id: number; state: string }>(
      'select house_id, state from supplier_connections where id = $1',
      [id],
    );
    expect(row.rows).toEqual([{ house_id: house, state: 'filling' }]);
    const octopus = (houseArg: string, kind = 'octopus', key = STANDIN_KEY) => [
      ...['connect-supplier', '--house', houseArg, '--kind', kind, '--key', key],
      ...['--account', STANDIN_ACCOUNT],
    ];
    for (const argv of [
      ['connect-supplier', '--house', String(house), '--kind', 'octopus', '--key', STANDIN_KEY],
      octopus('x'),
      octopus(String(house), 'eon'),
      octopus('999999'),
      octopus(String(house), 'octopus', 'sk_wrong_key_0000000'),
      // Bright, refused by the stand-in's sign-in: no such account there.
      [
        'connect-supplier',
        '--house',
        String(house),
        '--kind',
        'bright',
        '--email',
        'a@example.com',
        '--password',
        'pw',
      ],
    ]) {
      const bad = await admin(...argv);
      expect(bad.code, argv.join(' ')).toBe(1);
      expect(bad.err.length).toBeGreaterThan(0);
      expect(bad.err).not.toContain('sk_wrong_key');
    }
  });
});
