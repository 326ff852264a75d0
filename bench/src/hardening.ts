// Figures for the hardening of issue 11, measured on the running product over HTTP (TRUST_PROXY=true,
// so X-Forwarded-For plays the many client addresses): the login throttle under concurrent attacks, the
// owner's login during one, unknown-user vs wrong-password timing, hostile 10 MB ingest bodies (keyless,
// and keyed CSV and JSON) with /healthz polled meanwhile from another process, and PBKDF2's effect on
// the event loop; and (issue 27.3) /healthz while a tariff from 2000 is saved over years of rollups and
// while the largest ingest batches a request may carry are stored. Tests assert the behaviour; the timings live here because a busy machine makes them
// flaky, so every timing line carries the load average.
//
// Isolation: the database is prepared before the server starts (no demo): each scenario has its own
// account and its own addresses, so one scenario's failures never fill another's throttle window.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPglite } from '../../apps/server/src/db/pglite';
import { openPostgres } from '../../apps/server/src/db/postgres';
import type { Db } from '../../apps/server/src/db/types';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { createAccount, createHouse } from '../../apps/server/src/features/accounts/users';
import { createApiKey } from '../../apps/server/src/ingest/keys';
import { ingestReadings } from '../../apps/server/src/features/readings/ingest';
import { syncDefaultTariff } from '../../apps/server/src/features/tariffs/default-sync';
import { INGEST_BATCH_LIMIT } from '../../apps/server/src/ingest/http/routes';
import { MAX_BATCH_DAYS } from '../../apps/server/src/ingest/http/span';
import { type RunningProduct, startProduct } from '../../e2e/src/product';
import { percentile } from './machine';
import { createScratchDatabase } from './postgres';
import { openBenchStore } from './store';

const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const f = (ms: number) => `${ms.toFixed(1)} ms`;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

function login(url: string, username: string, password: string, address: string) {
  return fetch(`${url}/api/v3/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': address },
    body: JSON.stringify({ username, password }),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
}

const tally = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(', ');

async function hashingFigures(): Promise<void> {
  const hasher = new PasswordHasher(600_000);
  const { value: stored, ms } = await timed(() => hasher.hash('Real-Cost1!'));
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await Promise.all([1, 2, 3, 4].map((i) => hasher.verify(`Wrong-${i}`, stored)));
  delay.disable();
  console.log(
    `  PBKDF2-SHA256 600,000: ${f(ms)} per hash; event-loop delay p99 ${f(delay.percentile(99) / 1e6)} during 4 parallel hashes`,
  );
}

async function loginFigures(url: string): Promise<void> {
  // Unknown user vs wrong password, alternating, each from its own address (no throttle in the way).
  const unknown: number[] = [];
  const wrong: number[] = [];
  for (let i = 0; i < 20; i++) {
    unknown.push((await timed(() => login(url, 'nobody-at-all', 'Wrong-Pass1!', `10.1.0.${i}`))).ms);
    wrong.push((await timed(() => login(url, 'timing', 'Wrong-Pass1!', `10.2.0.${i}`))).ms);
  }
  const median = (xs: number[]) =>
    percentile(
      xs.sort((a, b) => a - b),
      50,
    );
  console.log(
    `  login 401: unknown user median ${f(median(unknown))}, wrong password ${f(median(wrong))}, gap ${f(Math.abs(median(unknown) - median(wrong)))} (${load()})`,
  );
  const long = await timed(() => login(url, 'timing', `Aa1!${'x'.repeat(5000)}`, '10.3.0.1'));
  console.log(`  password over 4,096 bytes: ${long.value} in ${f(long.ms)}`);
}

const PASSWORD = 'Bench-Pass1!';

/**
 * Issue 27.3: the house whose tariff is saved from 2000-01-01. 3.6 M one-minute readings are 6.8 years,
 * 120,000 half-hour rollups and 2,500 days; repricing reads and writes rollups, never readings, so the
 * same years of half-hourly readings make the same work and are stored in a fraction of the time.
 */
const HISTORY_HALF_HOURS = Number(process.env.HARDENING_HISTORY_DAYS ?? 2_500) * 48;

async function prepareHistory(db: Db, ownerUserId: number): Promise<void> {
  const house = await createHouse(db, {
    ownerUserId,
    name: 'History home',
    timeZone: 'Europe/London',
    demo: false,
  });
  const start = Date.UTC(2019, 0, 1) / 1000;
  for (let at = 0; at < HISTORY_HALF_HOURS; at += 50_000) {
    const readings = Array.from({ length: Math.min(50_000, HISTORY_HALF_HOURS - at) }, (_, i) => ({
      start: start + (at + i) * 1800,
      interval_s: 1800,
      import_wh: ((at + i) % 37) + 100,
      export_wh: 0,
      generation_wh: 0,
    }));
    await ingestReadings(db, house, readings, { now: start + HISTORY_HALF_HOURS * 1800 });
  }
}

/** The accounts and ingest key the scenarios use, written before the server starts. */
export async function prepare(
  db: Db,
  iterations = 600_000,
  options: { history?: boolean } = {},
): Promise<string> {
  await migrate(db);
  const hasher = new PasswordHasher(iterations);
  const account = (username: string) =>
    createAccount(db, hasher, {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      setupDone: true,
    });
  await account('timing'); // unknown-user vs wrong-password timing
  if (options.history) {
    await prepareHistory(db, await account('history')); // a tariff saved from 2000
    await syncDefaultTariff(db); // recorded, as a server would have: the start reprices nothing
  }
  const owner = await account('owner'); // the account under attack
  const devices = await account('devices'); // the house whose key sends the keyed hostile bodies
  await createHouse(db, { ownerUserId: owner, name: 'Owner home', timeZone: 'Europe/London', demo: false });
  const house = await createHouse(db, {
    ownerUserId: devices,
    name: 'Devices home',
    timeZone: 'Europe/London',
    demo: false,
  });
  return createApiKey(db, house);
}

async function oneAddressFigures(url: string): Promise<void> {
  // 60 unknown names at once from one address (limit 20 a minute per address).
  const one = await timed(() =>
    Promise.all(Array.from({ length: 60 }, (_, i) => login(url, `name${i}`, 'Wrong-Pass1!', '10.60.0.1'))),
  );
  console.log(`  60 wrong passwords at once from one address: ${tally(one.value)} in ${f(one.ms)}`);
}

async function floodFigures(product: RunningProduct): Promise<void> {
  const url = product.url;
  // The owner logs in once from home, so that address is known to the account; nothing else has
  // touched this account or these addresses.
  const home = '192.168.1.10';
  console.log(`  the owner from home before the attack: ${await login(url, 'owner', PASSWORD, home)}`);
  const poller = healthPoller(url);
  await poller.ready;
  await serverLoop(product);
  const attack = timed(() =>
    Promise.all(
      Array.from({ length: 150 }, (_, i) => login(url, 'owner', `Wrong-Pass${i}!`, `10.150.${i % 15}.1`)),
    ),
  );
  const owner = await timed(() => login(url, 'owner', PASSWORD, home));
  const done = await attack;
  const times = await poller.stop();
  const loop = await serverLoop(product);
  console.log(
    `  150 wrong passwords at once at one account from 15 addresses: ${tally(done.value)} in ${f(done.ms)}; meanwhile ${healthLine(times)}; ${loopLine(loop)} (${load()})`,
  );
  console.log(`  the owner during that attack, from home: ${owner.value} in ${f(owner.ms)}`);
  console.log(`  the owner from home after it: ${await login(url, 'owner', PASSWORD, home)}`);
  console.log(`  the owner from a new address after it: ${await login(url, 'owner', PASSWORD, '10.99.0.1')}`);
}

/**
 * Polls /healthz from a child process (so the uploads' own work in this process does not count) until
 * stopped; resolves with the answer times, sorted. The child's first request (which also pays for
 * loading fetch and opening the connection) is not counted, and `ready` waits for it.
 */
function healthPoller(url: string): { ready: Promise<void>; stop: () => Promise<number[]> } {
  const code = `let running = true; const times = [];
    const health = () => fetch(${JSON.stringify(`${url}/healthz`)}).then((r) => r.text());
    process.on('message', () => { running = false; });
    (async () => {
      await health();
      process.send('ready');
      while (running) {
        const t0 = performance.now();
        await health();
        times.push(performance.now() - t0);
      }
      process.send(times, () => process.disconnect());
    })();`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  const result = ready.then(
    () => new Promise<number[]>((resolve) => child.once('message', (m) => resolve(m as number[]))),
  );
  return {
    ready,
    stop: async () => {
      await ready;
      child.send('stop');
      return (await result).sort((a, b) => a - b);
    },
  };
}

const healthLine = (times: number[]) =>
  `/healthz ×${times.length}: p50 ${f(percentile(times, 50))}, p99 ${f(percentile(times, 99))}, max ${f(times.at(-1) ?? Number.NaN)}`;

/**
 * POSTs a whole body: the status, when it came (ms), and when the whole body had been sent (`uploadMs`),
 * or null when the server closed the connection before taking all of it.
 */
function post(url: string, path: string, body: Buffer, headers: Record<string, string>) {
  const t0 = performance.now();
  return new Promise<{ status: number; answerMs: number; uploadMs: number | null }>((resolve) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
    });
    let status = 0;
    let answerMs = Number.NaN;
    let uploadMs: number | null = null;
    let answered = false;
    let ended = false; // the upload finished, or the connection went
    const settle = () => {
      if (answered && ended) resolve({ status, answerMs, uploadMs });
    };
    req.on('finish', () => {
      uploadMs = performance.now() - t0;
      ended = true;
      settle();
    });
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      answerMs = performance.now() - t0;
      res.resume();
      res.on('end', () => {
        answered = true;
        settle();
      });
    });
    // A server that closes the connection on an unwanted body resets the rest of the upload.
    req.on('close', () => {
      answered = true;
      ended = true;
      settle();
    });
    req.on('error', () => {});
    req.end(body);
  });
}

/** What the server process' event loop and garbage collector did since the previous call (loop-probe.mjs). */
interface LoopSeen {
  p50: number;
  p99: number;
  max: number;
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
}

async function serverLoop(product: RunningProduct): Promise<LoopSeen> {
  const from = product.output().length;
  process.kill(product.pid, 'SIGUSR2');
  for (;;) {
    const seen = /LOOP-PROBE (\{.*\})\n/.exec(product.output().slice(from));
    if (seen?.[1]) return JSON.parse(seen[1]) as LoopSeen;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const loopLine = (l: LoopSeen) =>
  `server event-loop delay p99 ${l.p99} ms, max ${l.max} ms; GC ${l.gcCount}× (max ${l.gcMaxMs} ms, total ${l.gcTotalMs} ms)`;

const ATTACK_MS = 3000;

/**
 * Four of `send` at a time, again and again for ATTACK_MS, with /healthz polled from another process and
 * the server's own event loop watched; prints the first round's answers and what the whole attack did.
 */
async function underAttack(
  product: RunningProduct,
  label: string,
  send: () => ReturnType<typeof post>,
): Promise<void> {
  await new Promise((r) => setTimeout(r, 500)); // let the previous exchange's sockets settle
  const poller = healthPoller(product.url);
  await poller.ready;
  await serverLoop(product);
  const t0 = performance.now();
  const rounds: Awaited<ReturnType<typeof post>>[][] = [];
  while (performance.now() - t0 < ATTACK_MS) rounds.push(await Promise.all([send(), send(), send(), send()]));
  const times = await poller.stop();
  const loop = await serverLoop(product);
  const uploads = rounds.flat();
  const cut = uploads.filter((r) => r.uploadMs === null).length;
  console.log(
    `  4 ${label} at a time, ${rounds.length} rounds: first ${rounds[0]!.map((r) => `${r.status} in ${f(r.answerMs)}`).join(', ')}; ` +
      `${cut} of ${uploads.length} uploads cut off by the server; ${healthLine(times)}; ${loopLine(loop)} (${load()})`,
  );
}

/** A 10 MB appliance-power CSV of 100,000 valid rows but the last, so all of it is read before the 400. */
function hostilePowerCsv(): Buffer {
  const columns = ['Kettle', 'Dishwasher', 'WashingMachine', 'Microwave', 'Toaster', 'Television'];
  const lines = [`Time,Aggregate,${columns.join(',')}`];
  const start = 1_767_225_600;
  for (let i = 0; i < 99_999; i++) {
    lines.push(
      `${start + i * 8},${(150 + (i % 97)).toFixed(4)},${columns.map((_, c) => ((i * (c + 3)) % 9).toFixed(5)).join(',')}`,
    );
  }
  lines.push(`${start + 99_999 * 8},x${columns.map(() => ',0').join('')}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A 10 MB readings JSON of 100,000 readings, the last one wrong, so all of it is read before the 400. */
function hostileReadingsJson(): Buffer {
  const start = 1_767_225_600;
  const items = Array.from(
    { length: 100_000 },
    (_, i) =>
      `{"start": ${start + i * 60}, "interval_s": 60, "import_wh": ${i % 37}, "export_wh": 0, "generation_wh": ${i === 99_999 ? -1 : 0}}`,
  );
  return Buffer.from(`{"readings": [${items.join(', ')}]}`);
}

/**
 * Issue 27.3: /healthz while one batch of the most days a request may span (MAX_BATCH_DAYS of 1-minute
 * readings, valid, stored) is ingested, and the 11-year batch of 100,000 hourly readings refused.
 */
export async function batchSpanFigures(url: string, key: string): Promise<void> {
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const start = Date.UTC(2024, 0, 1) / 1000;
  const minutes = MAX_BATCH_DAYS * 1440;
  const month = Buffer.from(
    JSON.stringify({
      readings: Array.from({ length: minutes }, (_, i) => ({
        start: start + i * 60,
        interval_s: 60,
        import_wh: (i % 37) + 1,
        export_wh: 0,
        generation_wh: 0,
      })),
    }),
  );
  const years = Buffer.from(
    JSON.stringify({
      readings: Array.from({ length: 100_000 }, (_, i) => ({
        start: Date.UTC(2015, 0, 1) / 1000 + i * 3600,
        interval_s: 1800,
        import_wh: 1,
        export_wh: 0,
        generation_wh: 0,
      })),
    }),
  );
  // The most a request may carry: INGEST_BATCH_LIMIT rows (100,000 10-second readings are 11.6 days,
  // inside MAX_BATCH_DAYS and, as CSV, the 10 MB limit).
  const tenSeconds = INGEST_BATCH_LIMIT;
  const lines = ['start,interval_s,import_wh,export_wh,generation_wh'];
  for (let i = 0; i < tenSeconds; i++) lines.push(`${start + i * 10},10,${i % 3},0,0`);
  const densest = Buffer.from(`${lines.join('\n')}\n`);
  for (const [label, body, type, path] of [
    [
      `the row limit of 10-second readings as CSV (${tenSeconds}, ${((tenSeconds * 10) / 86_400).toFixed(1)} days, ${(densest.length / 1e6).toFixed(1)} MB)`,
      densest,
      'text/csv',
      '/api/ingest/v1/readings?format=generic',
    ],
    [
      `${MAX_BATCH_DAYS} days of 1-minute readings (${minutes}, ${(month.length / 1e6).toFixed(1)} MB)`,
      month,
      'application/json',
      '/api/ingest/v1/readings',
    ],
    [
      `100,000 hourly readings over 11 years (${(years.length / 1e6).toFixed(1)} MB)`,
      years,
      'application/json',
      '/api/ingest/v1/readings',
    ],
  ] as const) {
    const poller = healthPoller(url);
    await poller.ready;
    const answer = await post(url, path, body, { ...auth, 'content-type': type });
    const times = await poller.stop();
    console.log(
      `  one batch of ${label}: ${answer.status} in ${f(answer.answerMs)}; ${healthLine(times)} (${load()})`,
    );
  }
}

/**
 * Issue 27.3: /healthz while the owner of HISTORY_HALF_HOURS of rollups saves a tariff from 2000-01-01
 * (repriced PART_DAYS local days per transaction, requests let through between two; one transaction held PGlite
 * ~3 s before).
 */
async function repriceFigures(url: string): Promise<void> {
  const res = await fetch(`${url}/api/v3/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'x-forwarded-for': '10.27.3.1' },
    body: JSON.stringify({ username: 'history', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`history login answered ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrftoken, dashboard } = (await res.json()) as {
    csrftoken: string;
    dashboard: { user_id: number }[];
  };
  const user_id = dashboard[0]?.user_id;
  for (const price of [0.2, 0.25]) {
    const poller = healthPoller(url);
    await poller.ready;
    const answer = await timed(() =>
      fetch(`${url}/api/v3/tariff_setting/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: url,
          cookie,
          'x-csrftoken': csrftoken,
        },
        body: new URLSearchParams({
          user_id: String(user_id),
          start_date: '2000-01-01',
          tariff: JSON.stringify({
            import: [{ days: 'all', prices: [price], times: [0], rate_names: ['fix'] }],
          }),
        }).toString(),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      }),
    );
    const times = await poller.stop();
    console.log(
      `  tariff saved from 2000-01-01 over ${HISTORY_HALF_HOURS.toLocaleString('en-GB')} half-hours (the rollups of 3.6 M minute readings), import ${price} £/kWh: ${answer.value} in ${f(answer.ms)}; ${healthLine(times)} (${load()})`,
    );
  }
}

async function ingestFigures(product: RunningProduct, key: string): Promise<void> {
  await batchSpanFigures(product.url, key);
  const url = product.url;
  const idle = healthPoller(url);
  await idle.ready;
  await serverLoop(product);
  await new Promise((r) => setTimeout(r, 2000));
  const idleLoop = await serverLoop(product);
  console.log(`  idle, for comparison: ${healthLine(await idle.stop())}; ${loopLine(idleLoop)} (${load()})`);

  const nested = Buffer.from(`${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}`); // 10,000,000 bytes
  const keyless = () => post(url, '/api/ingest/v1/readings', nested, { 'content-type': 'application/json' });
  const single = await keyless();
  console.log(
    `  keyless 10 MB nested JSON: ${single.status} after ${f(single.answerMs)} (${single.uploadMs === null ? 'the server closed the connection before the body was sent' : `the whole body was sent by ${f(single.uploadMs)}`})`,
  );
  await underAttack(product, 'keyless 10 MB nested JSON bodies', keyless);

  const auth = { authorization: `Bearer ${key}` };
  const csv = hostilePowerCsv();
  const power = () =>
    post(url, '/api/ingest/v1/appliance-power?interval_s=8', csv, { ...auth, 'content-type': 'text/csv' });
  const onePower = await power();
  console.log(
    `  keyed ${(csv.length / 1e6).toFixed(1)} MB appliance-power CSV, last row bad: ${onePower.status} in ${f(onePower.answerMs)}`,
  );
  await underAttack(product, 'such CSV bodies', power);

  const json = hostileReadingsJson();
  const readings = () =>
    post(url, '/api/ingest/v1/readings', json, { ...auth, 'content-type': 'application/json' });
  const oneJson = await readings();
  console.log(
    `  keyed ${(json.length / 1e6).toFixed(1)} MB readings JSON, last reading bad: ${oneJson.status} in ${f(oneJson.answerMs)}`,
  );
  await underAttack(product, 'such JSON bodies', readings);
}

/**
 * Runs `fn` while a chain of setImmediate turns notes the CPU time (this process) between two turns:
 * the longest is the longest the event loop was held, a figure the machine's load does not inflate.
 */
async function heldCpu<T>(fn: () => Promise<T>): Promise<{ value: T; maxMs: number; turns: number }> {
  let last = process.cpuUsage();
  let maxMs = 0;
  let turns = 0;
  let done = false;
  const note = () => {
    const now = process.cpuUsage(last);
    maxMs = Math.max(maxMs, (now.user + now.system) / 1000);
    last = process.cpuUsage();
  };
  const tick = () => {
    note();
    turns++;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  const value = await fn();
  done = true;
  note();
  return { value, maxMs, turns };
}

/** The same hostile keyed bodies through the app in this process (inject), measuring the loop holds. */
export async function loopHoldFigures(store: 'pglite' | 'postgres'): Promise<void> {
  const opened = await openBenchStore(store, 'hardening_hold');
  if (!opened) return;
  const key = await prepare(opened.db, 1000);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'fatal', WEB_DIST: '/nonexistent', PASSWORD_ITERATIONS: '1000' }),
    db: opened.db,
  });
  await app.ready();
  try {
    const auth = { authorization: `Bearer ${key}` };
    const bodies = [
      ['appliance-power CSV', '/api/ingest/v1/appliance-power?interval_s=8', 'text/csv', hostilePowerCsv()],
      ['readings JSON', '/api/ingest/v1/readings', 'application/json', hostileReadingsJson()],
    ] as const;
    for (const [label, url, type, body] of bodies) {
      // Twice: the first request also pays for compiling the code it runs.
      const runs = [];
      for (const _ of [1, 2]) {
        runs.push(
          await heldCpu(() =>
            app.inject({ method: 'POST', url, headers: { ...auth, 'content-type': type }, payload: body }),
          ),
        );
      }
      console.log(
        `  in-process, keyed ${(body.length / 1e6).toFixed(1)} MB ${label}: ${runs.map((r) => r.value.statusCode).join(', ')}; the event loop turned ${runs[1]?.turns} times, held at most ${runs.map((r) => f(r.maxMs)).join(' (first request), ')} (second) of CPU at a time (${load()})`,
      );
    }
  } finally {
    await app.close();
    await opened.drop();
  }
}

/**
 * HARDENING_ONLY=login-flood runs only the 150-password flood (on a fresh database each time, so it can be
 * repeated run after run), HARDENING_ONLY=logins the login scenarios (timing, one address, flood) as the
 * whole bench runs them, HARDENING_ONLY=heavy-work the tariff saved from 2000 and the largest ingest batches
 * with /healthz polled (issue 27.3). LOOP_PROBE_CPU_PROF=<dir> profiles the server between the probe's readings
 * (loop-probe.mjs); HARDENING_SERVER_NODE_OPTIONS adds options to the server process.
 */
const only = process.env.HARDENING_ONLY;
if (only !== undefined && only !== 'login-flood' && only !== 'logins' && only !== 'heavy-work')
  throw new Error('HARDENING_ONLY: login-flood, logins or heavy-work');

/**
 * Issue 27.2: the server time of one request whose body has 100,000 form fields (or 80,000 JSON keys, at
 * the 1 MB limit), refused with its 400 by counting before parsing (0.3-0.4 s each before). inject():
 * the request is refused before the database, so none is opened.
 */
export async function manyFieldsFigures(): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', PASSWORD_ITERATIONS: '1000' });
  const app = await buildApp({ config, db: { kind: 'postgres' } as Db });
  await app.ready();
  const bodies = [
    [
      'form, 100,000 fields',
      'application/x-www-form-urlencoded',
      Array.from({ length: 100_000 }, (_, i) => `f${i}=1`).join('&'),
    ],
    [
      'JSON, 80,000 keys',
      'application/json',
      `{${Array.from({ length: 80_000 }, (_, i) => `"f${i}":1`).join(',')}}`,
    ],
  ] as const;
  for (const [name, type, payload] of bodies) {
    const ms: number[] = [];
    let status = 0;
    for (let i = 0; i < 20; i++) {
      const { value, ms: took } = await timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/v3/accounts/login/',
          headers: { 'content-type': type },
          payload,
        }),
      );
      status = value.statusCode;
      ms.push(took);
    }
    console.log(
      `  login with a ${name} (${(payload.length / 1e6).toFixed(2)} MB): ${status}, server time p50 ${f(
        percentile(
          ms.sort((a, b) => a - b),
          50,
        ),
      )}, max ${f(Math.max(...ms))} (20 requests, inject) — ${load()}`,
    );
  }
  await app.close();
}

export async function benchHardening(store: 'pglite' | 'postgres'): Promise<void> {
  console.log(`  ${load()} at the start`);
  if (!only) await manyFieldsFigures();
  if (!only) {
    if (store === 'pglite') await hashingFigures();
    await loopHoldFigures(store);
  }
  const scratch = store === 'postgres' ? await createScratchDatabase('hardening') : null;
  if (store === 'postgres' && !scratch) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: skipped.');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'homeview-hardening-'));
  const db = scratch ? await openPostgres(scratch.url, 2) : await openPglite(dataDir);
  const heavy = only === undefined || only === 'heavy-work';
  const key = await prepare(db, 600_000, { history: heavy });
  await db.close();
  const product = await startProduct({
    dataDir,
    env: {
      TRUST_PROXY: 'true',
      DEMO: 'false',
      NODE_OPTIONS: `--import ${fileURLToPath(new URL('./loop-probe.mjs', import.meta.url))} ${process.env.HARDENING_SERVER_NODE_OPTIONS ?? ''}`,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
  });
  try {
    if (only === 'heavy-work') {
      try {
        const idle = healthPoller(product.url);
        await idle.ready;
        await new Promise((r) => setTimeout(r, 2000));
        console.log(`  idle, for comparison: ${healthLine(await idle.stop())} (${load()})`);
        await repriceFigures(product.url);
        await batchSpanFigures(product.url, key);
      } catch (error) {
        console.log(product.output().slice(-3000));
        throw error;
      }
      return;
    }
    if (only !== 'login-flood') {
      await loginFigures(product.url);
      await oneAddressFigures(product.url);
    }
    await floodFigures(product);
    if (!only) await repriceFigures(product.url);
    if (!only) await ingestFigures(product, key);
  } finally {
    await product.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
