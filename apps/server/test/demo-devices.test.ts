import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simulateDays } from '@homeview/simulator';
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { DEMO_USERNAME, demoSpecs } from '../src/features/demo/homes';
import { createPostgresDatabase, dbKinds, copyPgliteTemplate } from './support/db';
import { lapsedMs } from './fixtures/time-lapse';
import { childEnv, startTs } from './support/spawn';
import { SCRATCH_DIR } from './support/scratch';

// The server as it runs with MQTT_URL (main.ts, a real child process, the real Mosquitto): the demo's own
// home is fed by its simulated Glow and kettle plug through the broker. This test listens on the broker
// for the Glow's messages, then stops the server and reads what was stored: the minutes from the devices'
// start are the Glow's (exactly the simulated minutes' import and export, no generation: a Glow does not
// see the panels), and the device's counter is the register of the last message it sent. Its own client
// id and shared-subscription group keep other servers on the broker out.
// The server's clock runs TIME_SPEED times as fast as the real one (fixtures/time-lapse.ts), so the minutes
// of device time this scenario needs pass in seconds: the devices publish a tick per 10 s of its time in
// bursts on their real 10 s timer, as after any pause, and every minute is still checked against the
// simulation.

const BROKER = 'mqtt://127.0.0.1:1883';
const TIME_SPEED = 20;
/**
 * The server's clock starts here at any hour of the test's day: a winter morning when the demo home's
 * panels meet its use, so many minutes import and export nothing (the Glow's registers stand still) and
 * must be stored as 0 Wh, before and after the restart (they were once lost, leaving the seeder to fill
 * them with its own rows).
 */
const SERVER_FROM_MS = Date.parse('2026-12-03T09:13:00Z');
const TIME_LAPSE = fileURLToPath(new URL('./fixtures/time-lapse.ts', import.meta.url));
const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children.clear();
});

function start(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: () => string }> {
  const child = startTs('main.ts', [], env, [TIME_LAPSE]);
  children.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 90 s:\n${output}`)), 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (/running at http:\/\/localhost:\d+/.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('the demo home through the broker', () => {
  for (const kind of dbKinds) {
    it(`stores the demo Glow's minutes from the broker, across a restart [${kind}]`, {
      timeout: 300_000,
    }, async () => {
      const epoch = Date.now();
      /** The server's time (epoch s), on the time line both its runs share. */
      const serverNow = () => Math.floor(lapsedMs(Date.now(), epoch, TIME_SPEED, SERVER_FROM_MS) / 1000);
      const tag = randomUUID().slice(0, 8);
      const clientId = `test-demo-${tag}`;
      const root = await mkdtemp(join(SCRATCH_DIR, 'homeview-demo-devices-'));
      const pg = kind === 'postgres' ? await createPostgresDatabase() : null;
      if (pg === null) await copyPgliteTemplate(join(root, 'data'));
      // What the broker carries for this server's demo Glow (its id carries the client id).
      const seen: { t: number; importKwh: number }[] = [];
      const listener = await connectAsync(BROKER, { clientId: `test-demo-listen-${tag}` });
      listener.on('message', (topic, payload) => {
        if (!topic.includes(`hvdemo-${clientId}-`)) return;
        const m = JSON.parse(payload.toString()).electricitymeter;
        seen.push({ t: Date.parse(m.timestamp) / 1000, importKwh: m.energy.import.cumulative });
      });
      await listener.subscribeAsync('glow/+/SENSOR/electricitymeter', { qos: 1 });
      let db: Db | null = null;
      try {
        const env = childEnv({
          ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: join(root, 'data') }),
          PORT: '0',
          DEMO: 'true',
          DEMO_HISTORY_DAYS: '1',
          DEMO_NEIGHBOURS: '0',
          INFOCARE_INTERVAL_S: '0',
          MQTT_URL: BROKER,
          MQTT_CLIENT_ID: clientId,
          MQTT_SHARE_GROUP: `test${tag}`,
          TIME_LAPSE_EPOCH: String(epoch),
          TIME_LAPSE_SPEED: String(TIME_SPEED),
          TIME_LAPSE_FROM: String(SERVER_FROM_MS),
        });
        const server = await start(env);
        // Past the first whole minute the devices published (a minute is stored once the Glow reports
        // past its end), and a few (real) seconds for the consumer's flush.
        const deadline = Date.now() + 150_000;
        const first = () => seen[0]?.t ?? Number.POSITIVE_INFINITY;
        while (!seen.some((s) => s.t >= first() - (first() % 60) + 130)) {
          if (Date.now() > deadline) throw new Error(`no Glow messages for 2 minutes:\n${server.output()}`);
          await new Promise((r) => setTimeout(r, 200));
        }
        await new Promise((r) => setTimeout(r, 3000));
        expect(await stop(server.child)).toBe(0);
        // A restart: the devices go on from the Glow's last stored sample, their registers from the
        // stored values; 70 s more of it (server time).
        const restartedAt = serverNow();
        const again = await start(env);
        while (!seen.some((s) => s.t >= restartedAt + 70)) {
          if (Date.now() > deadline + 120_000)
            throw new Error(`no Glow messages after the restart:\n${again.output()}`);
          await new Promise((r) => setTimeout(r, 200));
        }
        await new Promise((r) => setTimeout(r, 3000));
        expect(await stop(again.child)).toBe(0);
        // The register never stepped back: messages sent again after the restart repeat the same value.
        const byTime = [...seen].sort((a, b) => a.t - b.t);
        for (let i = 1; i < byTime.length; i++) {
          const [a, b] = [byTime[i - 1]!, byTime[i]!];
          if (a.t === b.t) expect(b.importKwh).toBe(a.importKwh);
          else expect(b.importKwh).toBeGreaterThanOrEqual(a.importKwh);
        }
        db = pg ? pg.db : await openPglite(join(root, 'data'));

        const devices = await db.query<{
          kind: string;
          house_id: number;
          appliance: string | null;
          created_at: number;
          last: number | null;
          counter: unknown;
          rejects: number;
        }>(
          `select d.kind, d.house_id, t.key as appliance, d.created_at::float8 as created_at,
                  d.last_message_at::float8 as last, d.counter, d.rejects
           from devices d left join appliance_types t on t.id = d.appliance_type_id
           where d.device_id like $1 order by d.kind`,
          [`hvdemo-${clientId}-%`],
        );
        const demoHouse = await db.query<{ id: number; time_zone: string }>(
          'select h.id, h.time_zone from houses h join users u on u.id = h.owner_user_id where u.username = $1',
          [DEMO_USERNAME],
        );
        const house = demoHouse.rows[0]!;
        expect(devices.rows.map((d) => [d.kind, d.house_id, d.appliance])).toEqual([
          ['glow', house.id, null],
          ['shelly', house.id, 'kettle'],
        ]);
        const glow = devices.rows[0]!;
        expect(glow.last).not.toBeNull();
        expect(devices.rows.map((d) => d.rejects)).toEqual([0, 0]); // no step refused, before or after
        const from = glow.created_at;
        // Every message the broker carried from the devices' start was the Glow's, and the counter the
        // consumer stored is the register of the newest one.
        const counter = (typeof glow.counter === 'string' ? JSON.parse(glow.counter) : glow.counter) as {
          import: { t: number; mwh: number };
        };
        const newest = seen.reduce((a, b) => (b.t > a.t ? b : a));
        expect(counter.import).toMatchObject({ t: newest.t, mwh: Math.round(newest.importKwh * 1e6) });

        const { rows } = await db.query<{
          start_ts: number;
          interval_s: number;
          import_wh: number;
          export_wh: number;
          generation_wh: number;
        }>(
          `select start_ts::float8 as start_ts, interval_s, import_wh, export_wh, generation_wh from readings
           where house_id = $1 and fuel = 0 and start_ts >= $2 order by start_ts`,
          [house.id, from],
        );
        expect(rows.length).toBeGreaterThanOrEqual(1);
        // The simulated minutes of the demo home (the same deterministic simulation the devices follow).
        const spec = demoSpecs(0).get(DEMO_USERNAME)!.spec;
        const last = rows.at(-1)!.start_ts + 60;
        const simulated = new Map<number, { import_wh: number; export_wh: number }>();
        for (const day of simulateDays(spec, { from, to: last, zone: house.time_zone }))
          for (let i = 0; i < day.minutes; i++)
            simulated.set(day.start + i * 60, { import_wh: day.importWh[i]!, export_wh: day.exportWh[i]! });
        expect(rows).toEqual(
          rows.map((r) => ({
            start_ts: r.start_ts,
            interval_s: 60,
            ...simulated.get(r.start_ts),
            generation_wh: 0,
          })),
        );
        // The registers stood still in some of these minutes: they are stored, as 0 Wh.
        expect(rows.filter((r) => r.import_wh === 0 && r.export_wh === 0).length).toBeGreaterThan(3);
        // Contiguous from the devices' start: no minute lost between the seeder and the Glow.
        expect(rows.map((r) => r.start_ts)).toEqual(rows.map((_, i) => from + i * 60));
      } finally {
        await listener.endAsync();
        if (pg) await pg.drop();
        else await db?.close();
        await rm(root, { recursive: true, force: true });
      }
    });
  }
});
