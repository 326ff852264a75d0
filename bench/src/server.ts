// Server figures for the foundation: cold and warm start to a healthy /healthz, login latency (bounded by
// PBKDF2 at 600,000 iterations), dashboard read latency under concurrency, and resident memory.
import { startProduct } from '../../e2e/src/product';
import { percentile, rssMiB } from './machine';
import { createScratchDatabase } from './postgres';

interface Session {
  cookie: string;
  csrf: string;
}

async function login(url: string): Promise<Session> {
  const res = await fetch(`${url}/api/v3/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: 'username=demo&password=Demo-Home1',
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const body = (await res.json()) as { csrftoken: string };
  return { cookie, csrf: body.csrftoken };
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function loadDashboard(url: string, session: Session, total: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        latencies.push(
          await timed(async () => {
            const res = await fetch(`${url}/api/v3/dashboard/`, { headers: { cookie: session.cookie } });
            await res.arrayBuffer();
            if (res.status !== 200) failures += 1;
          }),
        );
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, failures, perSecond: total / seconds };
}

const SEEDING_WAIT_MS = 15_000;
const f = (ms: number) => `${ms.toFixed(1)} ms`;

export async function benchServer(store: 'pglite' | 'postgres'): Promise<void> {
  const scratch = store === 'postgres' ? await createScratchDatabase('server') : null;
  if (store === 'postgres' && !scratch) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: skipped.');
    return;
  }
  // A week of demo history and a few neighbours, seeded before the load starts: the figures are the
  // steady state, not the first start's background seeding (the demo's README gives those).
  const env = {
    DEMO_HISTORY_DAYS: '7',
    DEMO_NEIGHBOURS: '5',
    ...(scratch ? { DATABASE_URL: scratch.url, DEMO: 'true' } : {}),
  };
  const cold = await startProduct({ env });
  const coldMs = cold.readyMs;
  const dataDir = cold.dataDir;
  await cold.stop();
  const product = await startProduct({ env, dataDir: store === 'pglite' ? dataDir : undefined });
  try {
    await new Promise((resolve) => setTimeout(resolve, SEEDING_WAIT_MS));
    const loginMs: number[] = [];
    let session: Session | undefined;
    for (let i = 0; i < 10; i += 1) {
      loginMs.push(
        await timed(async () => {
          session = await login(product.url);
        }),
      );
    }
    loginMs.sort((a, b) => a - b);
    const load = await loadDashboard(product.url, session!, 2000, 20);
    console.log(
      `  start to healthy: cold (empty database) ${f(coldMs)}, warm (existing) ${f(product.readyMs)}`,
    );
    console.log(`  login (PBKDF2 600k): p50 ${f(percentile(loginMs, 50))}, max ${f(loginMs.at(-1)!)}`);
    console.log(
      `  GET /dashboard/ ×2000, 20 concurrent: p50 ${f(percentile(load.latencies, 50))}, p95 ${f(percentile(load.latencies, 95))}, p99 ${f(percentile(load.latencies, 99))}, ${load.perSecond.toFixed(0)} req/s, ${load.failures} non-200`,
    );
    console.log(`  server RSS after the load: ${rssMiB(product.pid).toFixed(0)} MiB`);
  } finally {
    await product.stop();
    await scratch?.drop();
  }
}
