// `npm run bench cluster`: the product as 1, 2 and 3 servers behind HAProxy on one PostgreSQL primary with
// a streaming replica (npm run cluster's code), on this one machine: requests per second and p50/p99 of the
// dashboard and usage (`/energy_info/today/`) calls through the proxy, side by side; then the replica's lag
// while HTTP ingest loads the primary. On a 2-core machine more servers cannot be faster: this measures
// what they cost, not a speed-up.
import { mkdtemp, chmod, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type ClusterState, clusterDown, clusterUp } from '../../apps/server/src/cli/cluster/cluster';
import { lsnValue } from '../../apps/server/src/db/replica';
import { percentile } from './machine';

const root = fileURLToPath(new URL('../../', import.meta.url));
const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_CLUSTER_S ?? 12);
const f = (ms: number) => `${ms.toFixed(1)} ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seeded(state: ClusterState): Promise<void> {
  const end = Date.now() + 600_000;
  for (;;) {
    for (const s of state.servers) {
      const log = await readFile(join(state.dir, `server-${s.n}.log`), 'utf8');
      if (log.includes('"demo: all history stored"')) return;
    }
    if (Date.now() > end) throw new Error('the demo did not finish seeding in 10 minutes');
    await sleep(500);
  }
}

async function login(proxy: string): Promise<string> {
  const res = await fetch(`${proxy}/api/v3/accounts/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: proxy },
    body: JSON.stringify({ username: 'demo', password: 'Demo-Home1' }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sessionid='))!
    .split(';')[0]!;
}

async function load(url: string, cookie: string): Promise<{ rps: number; sorted: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { cookie } }).catch(() => null);
      if (res?.status === 200) {
        await res.arrayBuffer();
        times.push(performance.now() - t0);
      } else errors++;
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { rps: times.length / SECONDS, sorted: times.sort((a, b) => a - b), errors };
}

async function replicaLag(state: ClusterState): Promise<string> {
  const primary = new pg.Client(state.launch.env.DATABASE_URL);
  const replica = new pg.Client(state.launch.env.DATABASE_READ_URL);
  await primary.connect();
  await replica.connect();
  try {
    const { createApiKey } = await import('../../apps/server/src/ingest/keys');
    const { openPostgres } = await import('../../apps/server/src/db/postgres');
    const db = await openPostgres(state.launch.env.DATABASE_URL as string, 2);
    // Eight meters: the first eight homes of the demo (its own and its neighbours').
    const houses = (
      await primary.query<{ id: number }>('select id from houses order by id limit 8')
    ).rows.map((r) => r.id);
    const keys = await Promise.all(houses.map((id) => createApiKey(db, id)));
    await db.close();
    const proxy = `http://127.0.0.1:${state.proxyPort}`;
    let ingesting = true;
    let batches = 0;
    const from = Math.floor(Date.now() / 1000 / 86_400) * 86_400 - 400 * 86_400; // a year ago and more
    const meter = async (key: string, i: number) => {
      for (let day = 0; ingesting; day++) {
        const start = from + day * 86_400 + i * 37; // distinct starts per meter, whole UTC days
        const readings = Array.from({ length: 1440 }, (_, m) => ({
          start: start - (start % 60) + m * 60,
          interval_s: 60,
          import_wh: 5,
          export_wh: 0,
          generation_wh: 0,
        }));
        const res = await fetch(`${proxy}/api/ingest/v1/readings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ readings }),
        });
        if (res.status === 200) batches++;
        await res.arrayBuffer();
      }
    };
    const lagsMs: number[] = [];
    const lagBytes: number[] = [];
    const meters = keys.map((k, i) => meter(k, i));
    const end = Date.now() + SECONDS * 1000;
    while (Date.now() < end) {
      const p = await primary.query<{ lsn: string; lag: number | null }>(
        `select pg_current_wal_lsn()::text as lsn,
                (select extract(epoch from replay_lag) * 1000 from pg_stat_replication limit 1)::float8 as lag`,
      );
      const r = await replica.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn');
      lagBytes.push(Number((lsnValue(p.rows[0]!.lsn) ?? 0n) - (lsnValue(r.rows[0]!.lsn) ?? 0n)));
      if (p.rows[0]!.lag !== null) lagsMs.push(p.rows[0]!.lag);
      await sleep(100);
    }
    ingesting = false;
    await Promise.all(meters);
    lagsMs.sort((a, b) => a - b);
    lagBytes.sort((a, b) => a - b);
    return (
      `  replica under ingest (8 meters, a day of 1-minute readings per batch, ${batches} batches in ${SECONDS} s = ` +
      `${Math.round((batches * 1440) / SECONDS)} readings/s): replay_lag p50 ${f(percentile(lagsMs, 50))}, ` +
      `p99 ${f(percentile(lagsMs, 99))}, max ${f(lagsMs.at(-1) ?? Number.NaN)}; WAL behind p50 ` +
      `${Math.round(percentile(lagBytes, 50) / 1024)} kB, max ${Math.round((lagBytes.at(-1) ?? 0) / 1024)} kB`
    );
  } finally {
    await primary.end();
    await replica.end();
  }
}

export async function benchCluster(store: 'pglite' | 'postgres'): Promise<void> {
  if (store === 'pglite') {
    console.log('  (the cluster runs on PostgreSQL only)');
    return;
  }
  const parent = await mkdtemp(join(tmpdir(), 'homeview-bench-cluster-'));
  await chmod(parent, 0o755);
  const rows: string[] = [];
  let lag = '';
  try {
    for (const servers of [1, 2, 3]) {
      const dir = join(parent, `run-${servers}`);
      const t0 = performance.now();
      const state = await clusterUp({
        dir,
        servers,
        root,
        // The led carbon job never reaches the internet from a benchmark.
        env: {
          DEMO_HISTORY_DAYS: '14',
          DEMO_NEIGHBOURS: '50',
          LOG_LEVEL: 'info',
          CARBON_INTENSITY_URL: 'http://127.0.0.1:1',
          OCTOPUS_API_URL: 'http://127.0.0.1:1',
        },
      });
      try {
        const up = (performance.now() - t0) / 1000;
        await seeded(state);
        const proxy = `http://127.0.0.1:${state.proxyPort}`;
        const cookie = await login(proxy);
        const me = (await (await fetch(`${proxy}/api/v3/dashboard/`, { headers: { cookie } })).json()) as {
          user_id: number;
        }[];
        const dashboard = await load(`${proxy}/api/v3/dashboard/`, cookie);
        const usage = await load(`${proxy}/api/v3/energy_info/today/?user_id=${me[0]!.user_id}`, cookie);
        const cell = (r: typeof dashboard) =>
          `${r.rps.toFixed(0).padStart(4)} req/s, p50 ${f(percentile(r.sorted, 50))}, p99 ${f(percentile(r.sorted, 99))}${r.errors ? `, ${r.errors} errors` : ''}`;
        rows.push(
          `  ${servers} server${servers > 1 ? 's' : ' '} | up in ${up.toFixed(1)} s | dashboard ${cell(dashboard)} | usage ${cell(usage)}`,
        );
        if (servers === 2) lag = await replicaLag(state);
      } finally {
        await clusterDown(dir);
      }
    }
  } finally {
    await rm(parent, { recursive: true, force: true });
  }
  console.log(
    `  ${CLIENTS} clients for ${SECONDS} s per call, through HAProxy; demo of 14 days, 50 neighbours`,
  );
  for (const row of rows) console.log(row);
  console.log(lag);
}
