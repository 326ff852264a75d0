// Figures for the hardening of issue 11, measured on the running product over HTTP (TRUST_PROXY=true,
// so X-Forwarded-For plays the many client addresses): the login throttle under concurrent attacks, the
// owner's login during one, unknown-user vs wrong-password timing, a keyless 10 MB nested ingest body
// and /healthz meanwhile, and PBKDF2's effect on the event loop. Tests assert the behaviour; the
// timings live here because a busy machine makes them flaky.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { startProduct } from '../../e2e/src/product';
import { percentile } from './machine';
import { createScratchDatabase } from './postgres';

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
    wrong.push((await timed(() => login(url, 'demo', 'Wrong-Pass1!', `10.2.0.${i}`))).ms);
  }
  const median = (xs: number[]) =>
    percentile(
      xs.sort((a, b) => a - b),
      50,
    );
  console.log(
    `  login 401: unknown user median ${f(median(unknown))}, wrong password ${f(median(wrong))}, gap ${f(Math.abs(median(unknown) - median(wrong)))}`,
  );
  const long = await timed(() => login(url, 'demo', `Aa1!${'x'.repeat(5000)}`, '10.3.0.1'));
  console.log(`  password over 4,096 bytes: ${long.value} in ${f(long.ms)}`);
}

async function attackFigures(url: string): Promise<void> {
  // The owner logs in once from home, so that address is known to the account.
  const home = '192.168.1.10';
  await login(url, 'demo', 'Demo-Home1', home);

  const one = await timed(() =>
    Promise.all(Array.from({ length: 60 }, (_, i) => login(url, `name${i}`, 'Wrong-Pass1!', '10.60.0.1'))),
  );
  console.log(`  60 wrong passwords at once from one address: ${tally(one.value)} in ${f(one.ms)}`);

  const attack = timed(() =>
    Promise.all(
      Array.from({ length: 150 }, (_, i) => login(url, 'demo', `Wrong-Pass${i}!`, `10.150.${i % 15}.1`)),
    ),
  );
  const owner = await timed(() => login(url, 'demo', 'Demo-Home1', home));
  const done = await attack;
  console.log(
    `  150 wrong passwords at once at one account from 15 addresses: ${tally(done.value)} in ${f(done.ms)}`,
  );
  console.log(`  the owner during that attack, from home: ${owner.value} in ${f(owner.ms)}`);
  console.log(
    `  the owner from a new address after it: ${await login(url, 'demo', 'Demo-Home1', '10.99.0.1')}`,
  );
}

async function ingestFigures(url: string): Promise<void> {
  const nested = `${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}`; // 10,000,000 bytes
  const post = () =>
    timed(async () => {
      const res = await fetch(`${url}/api/ingest/v1/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: nested,
      });
      await res.arrayBuffer();
      return res.status;
    });
  const single = await post();
  console.log(`  keyless 10 MB nested JSON: ${single.value} in ${f(single.ms)}`);

  const health: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) health.push((await timed(() => fetch(`${url}/healthz`).then((r) => r.text()))).ms);
  })();
  const four = await Promise.all([post(), post(), post(), post()]);
  running = false;
  await poll;
  health.sort((a, b) => a - b);
  console.log(
    `  4 such bodies in parallel: ${four.map((r) => `${r.value} in ${f(r.ms)}`).join(', ')}; /healthz ×${health.length} meanwhile: p50 ${f(percentile(health, 50))}, max ${f(health.at(-1) ?? Number.NaN)}`,
  );
}

export async function benchHardening(store: 'pglite' | 'postgres'): Promise<void> {
  if (store === 'pglite') await hashingFigures();
  const scratch = store === 'postgres' ? await createScratchDatabase('hardening') : null;
  if (store === 'postgres' && !scratch) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: skipped.');
    return;
  }
  const product = await startProduct({
    env: {
      TRUST_PROXY: 'true',
      DEMO_HISTORY_DAYS: '7',
      DEMO_NEIGHBOURS: '5',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
  });
  try {
    await loginFigures(product.url);
    await attackFigures(product.url);
    await ingestFigures(product.url);
  } finally {
    await product.stop();
    await scratch?.drop();
  }
}
