import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, type ClusterState, clusterDown, clusterUp, startServer } from '../../src/cli/cluster/cluster';
import { openPostgres } from '../../src/db/postgres';
import type { Db } from '../../src/db/types';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../src/features/demo/seed';
import { findHouseIdOf } from '../../src/features/houses/repository';
import { partitionOf } from '../../src/devices/partitions';
import { registerDevice } from '../../src/devices/registry';
import { createApiKey } from '../../src/ingest/keys';
import { makeUser } from '../support/app';
import { REPO_ROOT } from '../support/spawn';

// The product as a cluster of real processes (npm run cluster's code): a PostgreSQL primary and replica,
// Mosquitto, two bundled servers and HAProxy. Kept small for CI: a 2-day demo without neighbours.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the cluster: two servers behind HAProxy on one PostgreSQL', () => {
  let state: ClusterState;
  let db: Db;
  let dir: string;
  const proxy = () => `http://127.0.0.1:${state.proxyPort}`;
  const server = (n: number) => `http://127.0.0.1:${state.servers[n - 1]!.port}`;

  beforeAll(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'homeview-cluster-'));
    await chmod(parent, 0o755); // PostgreSQL's own user reaches the run's directory inside
    dir = join(parent, 'run');
    state = await clusterUp({
      dir,
      servers: 2,
      root: REPO_ROOT,
      env: {
        DEMO_HISTORY_DAYS: '2',
        DEMO_NEIGHBOURS: '0',
        PASSWORD_ITERATIONS: '10000',
        INFOCARE_INTERVAL_S: '60',
        LOG_LEVEL: 'info',
      },
    });
    db = await openPostgres(state.launch.env.DATABASE_URL as string, 3);
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    if (dir) {
      await clusterDown(dir);
      await rm(join(dir, '..'), { recursive: true, force: true });
    }
    // Nothing of the run is left behind.
    for (const pid of [...(state?.servers.map((s) => s.pid) ?? []), state?.haproxyPid, state?.mosquittoPid])
      if (pid) expect(alive(pid)).toBe(false);
  }, 120_000);

  async function login(base: string, username: string, password: string, address = '10.1.1.1') {
    return fetch(`${base}/api/v3/accounts/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxy(), 'x-forwarded-for': address },
      body: JSON.stringify({ username, password }),
    });
  }

  it('has the demo account, and a session made through one server works through the other', async () => {
    const res = await login(server(1), DEMO_USERNAME, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sessionid='))!
      .split(';')[0]!;
    const onTwo = await fetch(`${server(2)}/api/v3/dashboard/`, { headers: { cookie } });
    expect(onTwo.status).toBe(200);
    const cards = (await onTwo.json()) as { title: string }[];
    expect(cards.length).toBeGreaterThan(0);
    // Through the proxy, each request to whichever server: all answered in the one session.
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${proxy()}/api/v3/dashboard/`, { headers: { cookie } })),
    );
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('60 wrong passwords from one address spread over both servers are throttled as if sent to one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        login(server((i % 2) + 1), `someone${i % 5}`, 'Wrong-Pass1!', '10.9.9.9').then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 401)).toHaveLength(20);
    expect(answers.filter((s) => s === 429)).toHaveLength(40);
  });

  /** The pids that logged `msg` (JSON log lines of every server of the run, restarts included). */
  async function logged(msg: string): Promise<number[]> {
    const pids = new Set<number>();
    for (const s of state.servers) {
      const text = await readFile(join(dir, `server-${s.n}.log`), 'utf8');
      for (const line of text.split('\n')) {
        if (!line.startsWith('{') || !line.endsWith('}')) continue; // a line still being written
        const entry = JSON.parse(line) as { msg?: string; pid?: number };
        if (entry.msg === msg && entry.pid !== undefined) pids.add(entry.pid);
      }
    }
    return [...pids];
  }

  /** The device partitions each live server holds, by the last `device partitions held` it logged. */
  async function partitions(): Promise<Map<number, number[]>> {
    const held = new Map<number, number[]>();
    for (const s of state.servers) {
      const text = await readFile(join(dir, `server-${s.n}.log`), 'utf8');
      for (const line of text.split('\n')) {
        if (!line.startsWith('{') || !line.endsWith('}')) continue;
        const entry = JSON.parse(line) as { msg?: string; pid?: number; partitions?: number[] };
        if (entry.msg === 'device partitions held' && entry.pid !== undefined && entry.partitions)
          held.set(entry.pid, entry.partitions);
      }
    }
    return new Map([...held].filter(([pid]) => alive(pid)));
  }

  const ALL = [0, 1, 2, 3, 4, 5, 6, 7]; // MQTT_PARTITIONS' default
  /** Waits until the live servers hold `counts` partitions each (in pid order, sorted), all 8 between them. */
  async function shared(counts: number[]): Promise<Map<number, number[]>> {
    let held = await partitions();
    const fits = () =>
      JSON.stringify([...held.values()].map((p) => p.length).sort()) === JSON.stringify(counts) &&
      JSON.stringify([...held.values()].flat().sort((a, b) => a - b)) === JSON.stringify(ALL);
    for (let i = 0; i < 300 && !fits(); i++) {
      await sleep(100);
      held = await partitions();
    }
    expect([...held.values()].map((p) => p.length).sort()).toEqual(counts);
    expect([...held.values()].flat().sort((a, b) => a - b)).toEqual(ALL);
    return held;
  }

  it('one server leads InfoCare, both hold device partitions; a killed server’s work moves within seconds', async () => {
    const infocare = await logged('this server runs InfoCare');
    expect(infocare).toHaveLength(1);
    // The devices are shared: each server holds 4 of the 8 partitions.
    const held = await shared([4, 4]);
    const leader = infocare[0]!;
    expect(held.get(leader)).toHaveLength(4);
    const slot = state.servers.find((s) => s.pid === leader)!;
    process.kill(leader, 'SIGKILL');
    const killedAt = Date.now();
    let next: number[] = [];
    for (let i = 0; i < 150 && next.length === 0; i++) {
      await sleep(100);
      next = (await logged('this server runs InfoCare')).filter((pid) => pid !== leader);
    }
    expect(next).toHaveLength(1);
    expect(Date.now() - killedAt).toBeLessThan(15_000); // the standby tries every 10 s
    // The survivor takes the dead server's partitions at its next look (every 5 s).
    const after = await shared([8]);
    expect([...after.keys()]).toEqual(next);
    expect(Date.now() - killedAt).toBeLessThan(15_000);
    await startServer(state, slot.n); // back: standing by for InfoCare, and the partitions shared again
    await shared([4, 4]);
    expect(await logged('this server runs InfoCare')).toHaveLength(2);
  });

  it('devices: 40 homes publishing while a server holding partitions is killed: the other resumes them, no energy lost or doubled', async () => {
    const HOMES = 40;
    const homes: { houseId: number; deviceId: string }[] = [];
    for (let h = 0; h < HOMES; h++) {
      const person = await makeUser(db, `cluster-glow-${h}`);
      homes.push({
        houseId: (await findHouseIdOf(db, person.id))!,
        deviceId: `C1A5E2${String(h).padStart(6, '0')}`,
      });
    }
    // Registered from this process: the servers hear it by NOTIFY, and the holder of each device's
    // partition subscribes its topics at once.
    const registeredAt = Date.now();
    for (const home of homes)
      await registerDevice(
        db,
        { houseId: home.houseId, kind: 'glow', deviceId: home.deviceId },
        Math.floor(Date.now() / 1000),
      );
    // Both servers read some of the devices; the one killed below holds some of these homes' partitions.
    const held = await shared([4, 4]);
    const readers = [...held.keys()];
    const killedHolds = held.get(readers[0]!)!;
    expect(homes.some((h) => killedHolds.includes(partitionOf('glow', h.deviceId, ALL.length)))).toBe(true);

    // 30 minutes of each Glow display's 10 s messages (device time in the past), 10 Wh each: 1,800 Wh.
    const publisher = await connectAsync(`mqtt://127.0.0.1:${state.mqttPort}`, {
      clientId: `cluster-test-${Date.now()}`,
    });
    const t0 = Math.floor(Date.now() / 60_000) * 60 - 45 * 60;
    const message = (i: number) =>
      JSON.stringify({
        electricitymeter: {
          timestamp: new Date((t0 + i * 10) * 1000).toISOString().replace('.000Z', 'Z'),
          energy: {
            export: { cumulative: 0, units: 'kWh' },
            import: { cumulative: 100 + i * 0.01, units: 'kWh' },
          },
          power: { value: 3.6, units: 'kW' },
        },
      });
    const round = (i: number) =>
      Promise.all(
        homes.map((h) =>
          publisher.publishAsync(`glow/${h.deviceId}/SENSOR/electricitymeter`, message(i), { qos: 1 }),
        ),
      );
    // The first message is each counter's base: sent until every device has stored a message.
    const unread = async () =>
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from devices where house_id = any($1::int[]) and last_message_at is null',
          [homes.map((h) => h.houseId)],
        )
      ).rows[0]!.n;
    while ((await unread()) > 0) {
      if (Date.now() - registeredAt > 10_000) throw new Error('the new devices were not read within 10 s');
      await round(0);
      await sleep(300);
    }
    // Heard by notice, before the reader's own reload every 10 s would have found them.
    expect(Date.now() - registeredAt).toBeLessThan(9_000);
    for (let i = 1; i <= 180; i++) {
      if (i === 60) process.kill(readers[0]!, 'SIGKILL'); // mid-stream: the broker queues the rest
      await round(i);
      await sleep(30);
    }
    await publisher.endAsync();
    const stored = async () =>
      (
        await db.query<{ house_id: number; n: number; wh: number; starts: number }>(
          `select house_id, count(*)::int as n, coalesce(sum(import_wh), 0)::int as wh,
                  count(distinct start_ts)::int as starts
             from readings where house_id = any($1::int[]) group by house_id order by house_id`,
          [homes.map((h) => h.houseId)],
        )
      ).rows;
    const complete = (rows: { wh: number }[]) => rows.length === HOMES && rows.every((r) => r.wh >= 1800);
    let rows = await stored();
    for (let i = 0; i < 300 && !complete(rows); i++) {
      await sleep(100);
      rows = await stored();
    }
    expect(rows.map((r) => r.wh)).toEqual(homes.map(() => 1800));
    expect(rows.every((r) => r.n === r.starts && r.n <= 30)).toBe(true); // no minute twice
    // The survivor took the killed server's partitions (their sessions, with what the broker queued).
    expect([...(await shared([8])).keys()]).toEqual([readers[1]]);
    await startServer(state, state.servers.find((s) => s.pid === readers[0])!.n);
  });

  it('a server killed with SIGKILL under load: only requests in flight on it fail, no reading lost or stored twice', async () => {
    const person = await makeUser(db, 'cluster-meter');
    const houseId = (await findHouseIdOf(db, person.id))!;
    const key = await createApiKey(db, houseId);
    const session = await login(proxy(), person.username, person.password, '10.2.2.2');
    const cookie = session.headers
      .getSetCookie()
      .find((c) => c.startsWith('sessionid='))!
      .split(';')[0]!;

    // A meter sends 1-minute readings in batches of 10 through the proxy, retrying a failed batch (the
    // ingest is idempotent by start); 20 people browse meanwhile. Server 2 is killed a moment in.
    const start = Math.floor(Date.now() / 1000 / 86_400) * 86_400 - 86_400; // yesterday, 00:00 UTC
    const batches = 60;
    let failedBatches = 0;
    const meter = (async () => {
      for (let b = 0; b < batches; b++) {
        const readings = Array.from({ length: 10 }, (_, i) => ({
          start: start + (b * 10 + i) * 60,
          interval_s: 60,
          import_wh: 7,
          export_wh: 0,
          generation_wh: 0,
        }));
        for (;;) {
          const res = await fetch(`${proxy()}/api/ingest/v1/readings`, {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ readings }),
          }).catch(() => null);
          if (res?.status === 200) break;
          failedBatches++;
          await sleep(100);
        }
      }
    })();
    let browsing = true;
    const failures: number[] = [];
    let answered = 0;
    const browse = async () => {
      while (browsing) {
        const res = await fetch(`${proxy()}/api/v3/dashboard/`, { headers: { cookie } }).catch(() => null);
        if (res?.status === 200) answered++;
        else failures.push(res?.status ?? 0);
      }
    };
    const people = Array.from({ length: 20 }, browse);
    await sleep(1500);
    const killed = state.servers[1]!;
    // One request surely in flight on it: a login whose body has only begun to arrive.
    const pending = connect({ host: '127.0.0.1', port: killed.port });
    const inFlight = new Promise<string>((resolve) => {
      let answer = '';
      pending.on('data', (chunk) => {
        answer += chunk.toString();
      });
      pending.on('close', () => resolve(answer));
      pending.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => pending.once('connect', () => resolve()));
    pending.write(
      'POST /api/v3/accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\nu',
    );
    await sleep(200);
    process.kill(killed.pid, 'SIGKILL');
    await sleep(3000);
    await startServer(state, 2);
    await sleep(1000);
    browsing = false;
    await Promise.all([meter, ...people]);

    // At most the requests in flight on the killed server failed: one per browsing person at most.
    expect(failures.length).toBeLessThanOrEqual(20);
    // The request in flight on the killed server ended with its connection and no answer.
    expect(await inFlight).toBe('');
    expect(answered).toBeGreaterThan(100);
    expect(failedBatches).toBeLessThanOrEqual(1);
    const { rows } = await db.query<{ n: number; distinct_starts: number; wh: number }>(
      `select count(*)::int as n, count(distinct start_ts)::int as distinct_starts,
              coalesce(sum(import_wh), 0)::int as wh
         from readings where house_id = $1`,
      [houseId],
    );
    expect(rows[0]).toEqual({ n: batches * 10, distinct_starts: batches * 10, wh: batches * 10 * 7 });
    // The restarted server serves again.
    expect((await fetch(`${server(2)}/healthz`)).status).toBe(200);
  }, 120_000);
});
