import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DaysResponse, type SuppliersResponse } from '@homeview/contract';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';
import { copyPgliteTemplate } from './support/db';
import { childEnv, startTs } from './support/spawn';
import { storedReadings } from './support/suppliers';
import { SCRATCH_DIR } from './support/scratch';

// Issue 35: DEMO_SUPPLIER=true gives the demo a second login, demo-octopus, whose home is connected
// (connectSupplier, credentials sealed) to the Octopus stand-in the server itself starts on a loopback
// port; the led supplier job fills it, electricity and gas. Unset, no such login. The real server
// process on one PGlite directory: first started without the flag, then with it. (PGlite only: the
// connection's credentials are sealed with SECRETS_KEY, generated into the data directory on PGlite; the
// PostgreSQL path is the same connectSupplier and fill job, covered by suppliers-process.test.ts.)

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const children = new Set<ChildProcess>();
let root: string;

function start(extra: Record<string, string>): Promise<Running> {
  const child = startTs(
    'main.ts',
    [],
    childEnv({
      DATA_DIR: join(root, 'data'),
      PORT: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DEMO: 'true',
      DEMO_LIVE: 'false',
      DEMO_NEIGHBOURS: '0',
      ...extra,
    }),
  );
  children.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 60 s:\n${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /running at (http:\/\/localhost:\d+).*\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.removeAllListeners('exit');
    running.child.on('exit', (code) => resolve(code));
    running.child.kill('SIGTERM');
  });
}

const login = (running: Running, username: string, password: string) =>
  fetch(`${running.url}/api/v3/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: running.url },
    body: new URLSearchParams({ username, password }).toString(),
  });

/** The session cookie a login answer set, as a request sends it back. */
const cookieOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

beforeAll(async () => {
  root = await mkdtemp(join(SCRATCH_DIR, 'homeview-demo-supplier-'));
  await copyPgliteTemplate(join(root, 'data'));
});
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children.clear();
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('has no demo-octopus login with DEMO_SUPPLIER unset', async () => {
  const running = await start({});
  expect(running.output()).toContain('Demo login: username demo');
  expect(running.output()).not.toContain('demo-octopus');
  expect((await login(running, 'demo-octopus', 'Demo-Octopus1')).status).not.toBe(200);
  expect(await stop(running)).toBe(0);
});

it('with DEMO_SUPPLIER=true, demo-octopus sees an Octopus connection with electricity and gas, filled', async () => {
  const running = await start({ DEMO_SUPPLIER: 'true' });
  expect(running.output()).toContain('Demo Octopus login: username demo-octopus, password Demo-Octopus1');
  const session = await login(running, 'demo-octopus', 'Demo-Octopus1');
  expect(session.status).toBe(200);
  const cookie = cookieOf(session);
  const { dashboard } = (await session.json()) as { dashboard: { title: string; user_id: number }[] };
  const home = dashboard.find((d) => d.title === 'Octopus home')!;
  const answer = await fetch(`${running.url}/api/v3/suppliers/?user_id=${home.user_id}`, {
    headers: { cookie },
  });
  expect(answer.status).toBe(200);
  const suppliers = (await answer.json()) as SuppliersResponse;
  expect(suppliers.connections.map((c) => c.kind)).toEqual(['octopus']);
  expect(suppliers.connections[0]!.meters.map((m) => [m.fuel, m.direction]).sort()).toEqual(
    [
      ['electricity', 'import'],
      ['gas', 'import'],
    ].sort(),
  );

  const until = Date.now() + 150_000;
  while (!/supplier pass done/.test(running.output())) {
    if (Date.now() > until || running.child.exitCode !== null)
      throw new Error(`no fill:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(running.output()).not.toContain('sk_test_standin');
  // Compare tariffs prices Agile and Tracker for the home's region (B: the postcode LE11 the account
  // gave) from the stand-in's published prices, replayed into the filled months (2020's are the only
  // real ones); without `replay` they were left out as not published.
  const compare = await fetch(
    `${running.url}/api/v3/energy_info/compare/?user_id=${home.user_id}&months=12`,
    {
      headers: { cookie },
    },
  );
  expect(compare.status).toBe(200);
  const compared = (await compare.json()) as {
    notes: string[];
    tariffs: {
      name: string;
      published?: { product: string; region: string; sources?: { source: string }[] };
      rates: { fuel: string; source: string }[];
    }[];
  };
  // And Go, Intelligent Go, Cosy, Flux and Economy 7 from the stand-in's rates for region B; every
  // figure named as the stand-in's (made-up prices), never as the Octopus products API's (0043).
  const published = compared.tariffs.flatMap((t) => (t.published === undefined ? [] : [t.published]));
  expect(published.map((p) => [p.product, p.region]).sort()).toEqual(
    [
      ['Agile', 'B'],
      ['Cosy', 'B'],
      ['Economy 7', 'B'],
      ['Flux', 'B'],
      ['Go', 'B'],
      ['Intelligent Go', 'B'],
      ['Tracker', 'B'],
    ].sort(),
  );
  expect([...new Set(published.flatMap((p) => (p.sources ?? []).map((x) => x.source)))]).toEqual([
    'Octopus stand-in (demo prices)',
  ]);
  expect(
    compared.notes.filter((n) =>
      n.startsWith('Agile: priced from the demo’s Octopus stand-in’s half-hourly'),
    ),
  ).toHaveLength(1);
  // The rates each figure used say the same (they once read "Octopus Agile, published … of your region").
  const electricitySources = (name: string) => [
    ...new Set(
      compared.tariffs
        .find((t) => t.name.startsWith(name))
        ?.rates.filter((r) => r.fuel === 'electricity' && r.source !== 'price cap')
        .map((r) => r.source),
    ),
  ];
  expect(electricitySources('Agile')).toEqual([
    'Agile: the demo’s Octopus stand-in’s half-hourly prices for your region (made-up prices, not Octopus’s)',
  ]);
  expect(electricitySources('Tracker')).toEqual([
    'Tracker: the demo’s Octopus stand-in’s daily prices for your region (made-up prices, not Octopus’s)',
  ]);

  // Its carer (issue 36) sees InfoCare as a home known from the supplier's half-hours, a day late.
  expect(running.output()).toContain('Its carer: username carer4, password Demo-Carer4');
  const carer = await login(running, 'carer4', 'Demo-Carer4');
  expect(carer.status).toBe(200);
  const carerCookie = cookieOf(carer);
  const watched = ((await carer.json()) as { dashboard: { title: string; dependant_user_id: number }[] })
    .dashboard;
  expect(watched.map((d) => d.title)).toEqual(['Octopus home']);
  const days = await fetch(
    `${running.url}/api/v3/assisted_living/days/?dependant_user_id=${watched[0]!.dependant_user_id}&days=28`,
    { headers: { cookie: carerCookie } },
  );
  expect(days.status).toBe(200);
  const known = DaysResponse.parse(await days.json());
  expect(known.day_late).toBe(true);
  // 13 months are in: its days are judged against a band, in words.
  expect(known.days.filter((d) => d.complete && d.words.length > 0).length).toBeGreaterThan(14);
  expect(await stop(running)).toBe(0);

  const db = await openPglite(join(root, 'data'));
  try {
    const houseId = (
      await db.query<{ id: number }>(
        `select h.id from houses h join users u on u.id = h.owner_user_id where u.username = 'demo-octopus'`,
      )
    ).rows[0]!.id;
    const state = await db.query<{ state: string }>(
      'select state from supplier_connections where house_id = $1',
      [houseId],
    );
    expect(state.rows).toEqual([{ state: 'up_to_date' }]);
    const electricity = await storedReadings(db, houseId, 0);
    const gas = await storedReadings(db, houseId, 1);
    // 13 months of half-hours each (REFIT house 20's gaps aside).
    expect(electricity.length).toBeGreaterThan(10_000);
    expect(gas.length).toBeGreaterThan(10_000);
    expect(electricity.some((r) => r.import_wh > 0) && gas.some((r) => r.import_wh > 0)).toBe(true);
  } finally {
    await db.close();
  }
}, 240_000);
