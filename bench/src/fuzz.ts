// `npm run fuzz [-- route names…]`: every route (the contract's endpoint list, ingest, health, and
// whatever else the app registers) fuzzed with FUZZ_RUNS requests each (default 10,000), on a fresh
// database (BENCH_STORE=pglite, the default, or postgres), printing the totals per route by status and
// the 5xx count. A quarter of each route's requests are well formed, so the 2xx column shows the
// success path is reached. Not part of CI (it takes a while); the suite runs a few per route. Then the
// device message fuzz (fuzz-devices.ts, FUZZ_MQTT_RUNS bad messages per device kind, default 5,000, through
// Mosquitto); `npm run fuzz -- mqtt` runs it alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { systemClock } from '../../apps/server/src/clock';
import { migrate } from '../../apps/server/src/db/migrate';
import { createMailer } from '../../apps/server/src/mail/mailer';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { createAccount, createHouse } from '../../apps/server/src/features/accounts/users';
import { createApiKey } from '../../apps/server/src/ingest/keys';
import {
  FUZZ_SMS_TOKEN,
  fuzzTargets,
  requestsFor,
  seedFuzzData,
  send,
} from '../../apps/server/test/support/fuzz';
import { fuzzDevices } from './fuzz-devices';
import { machineLine } from './machine';
import { openBenchStore } from './store';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const only = process.argv.slice(2);

const storeKind = process.env.BENCH_STORE === 'postgres' ? 'postgres' : 'pglite';
const store = await openBenchStore(storeKind, 'fuzz');
if (!store) throw new Error('BENCH_STORE=postgres: PostgreSQL is not reachable (BENCH_POSTGRES_URL)');
const { db } = store;
await migrate(db);
const dir = mkdtempSync(join(tmpdir(), 'homeview-fuzz-'));
// A stand-in web build, so the page routes (static files, the SPA fallback) are registered and fuzzed.
const dist = join(dir, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>HomeView</title>');
const config = loadConfig({
  PASSWORD_ITERATIONS: '1000',
  LOG_LEVEL: 'fatal',
  WEB_DIST: dist,
  SMS_INBOUND_TOKEN: FUZZ_SMS_TOKEN,
});
const app = await buildApp({
  config,
  db,
  // Mail still goes to the outbox; only its console copy (thousands of reset emails) is dropped.
  mailer: createMailer({ config, db, clock: systemClock, print: () => {} }),
  // Address limit high enough that login is exercised past the throttle, as in the suites.
  throttleLimits: {
    accountFailures: 100,
    accountWindowMs: 3_600_000,
    addressFailures: 1e9,
    addressWindowMs: 60_000,
  },
});
await app.ready();
const password = 'Fuzz-Pass1!';
const userId = await createAccount(db, new PasswordHasher(1000), {
  username: 'fuzzer',
  email: 'fuzzer@example.com',
  password,
  setupDone: true,
});
const houseId = await createHouse(db, {
  ownerUserId: userId,
  name: 'Fuzz home',
  timeZone: 'Europe/London',
  demo: false,
});
const ingestKey = await createApiKey(db, houseId);
const data = await seedFuzzData(db, houseId, Math.floor(Date.now() / 1000));

async function logIn() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v3/accounts/login/',
    payload: { username: 'fuzzer', password },
    // An address of its own: the fuzzed logins (wrong passwords at this account from 127.0.0.1) reach
    // the account's limit, which does not apply to an address that logged in and failed no more.
    remoteAddress: '127.0.0.2',
  });
  const cookie = res.cookies.find((c) => c.name === 'sessionid');
  if (res.statusCode !== 200 || !cookie) throw new Error(`fuzz session login: ${res.statusCode} ${res.body}`);
  return { cookie: `sessionid=${cookie?.value}`, csrf: (res.json() as { csrftoken: string }).csrftoken };
}

console.log(
  `npm run fuzz — ${machineLine()} · load ${loadavg()[0]!.toFixed(2)} — ${storeKind} — ${runs} requests per route, seed ${seed} (FUZZ_SEED replays)`,
);
let failures = 0;
for (const target of fuzzTargets(app.registeredRoutes).filter(
  (t) => only.length === 0 || only.includes(t.name),
)) {
  const statuses = new Map<number, number>();
  const fivexx: string[] = [];
  const t0 = performance.now();
  const batch = 500; // a fresh session every batch: a fuzzed logout or password change may end one
  for (let done = 0; done < runs; done += batch) {
    const identity = { userId, ingestKey, password, ...data, ...(await logIn()) };
    const n = Math.min(batch, runs - done);
    for (const r of fc.sample(requestsFor(target, identity), { seed: seed + done, numRuns: n })) {
      const res = await send(app, r);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500 && fivexx.length < 3)
        fivexx.push(`${r.method} ${r.url} → ${res.status} ${res.body.slice(0, 120)}`);
    }
  }
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  const errors = [...statuses].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
  failures += errors;
  const spread = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(
    `${target.method.padEnd(4)} ${target.path.padEnd(48)} ${String(total).padStart(6)} requests, ${errors} 5xx, ${((performance.now() - t0) / 1000).toFixed(0)} s  [${spread}]`,
  );
  for (const line of fivexx) console.log(`     ${line}`);
}
if (only.length === 0 || only.includes('mqtt'))
  failures += await fuzzDevices(db, seed, Number(process.env.FUZZ_MQTT_RUNS ?? 5_000));
await app.close();
await store.drop();
rmSync(dir, { recursive: true, force: true });
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(failures === 0 ? 'fuzz: 0 5xx, 0 device failures' : `fuzz: ${failures} failures (seed ${seed})`);
process.exit(failures === 0 ? 0 : 1);
