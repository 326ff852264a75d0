// Devices over MQTT end to end (issue 23): 1,000 homes' Glow displays publishing every 10 s and 2,000
// plugs publishing on change, through the real Mosquitto on 127.0.0.1:1883 into the consumer and the one
// write path. Device time runs faster than the wall clock (rounds are published as fast as the broker
// takes them, starting two days back, so every reading is in the past): the figures are the sustained
// message rate, the delay from publish to stored (p50, p99: the publish of the message that closes a
// minute to the commit of that minute's reading), this process' RSS (publishers included), and the
// storage of a day of 10 s Glow messages against the same energy imported as a 1-minute file.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDb } from '../../apps/server/src/db/open';
import type { Db } from '../../apps/server/src/db/types';
import { DeviceConsumer } from '../../apps/server/src/devices/consumer';
import { DeviceMqtt } from '../../apps/server/src/devices/mqtt';
import { ingestReadings, type Reading } from '../../apps/server/src/features/readings/ingest';
import { createScratchDatabase } from './postgres';

const BROKER = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const HOMES = Number(process.env.BENCH_MQTT_HOMES ?? 1000);
const PLUGS = HOMES * 2;
/** Simulated 10 s rounds (BENCH_MQTT_ROUNDS, default 20 minutes of device time). */
const ROUNDS = Number(process.env.BENCH_MQTT_ROUNDS ?? 120);
const PUBLISHERS = 4;
const CHUNK = 400;

async function addHomes(db: Db, n: number, label: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `with u as (
       insert into users (username, password_hash)
       select $1 || g, '!' from generate_series(1, $2) g returning id)
     insert into houses (owner_user_id, name) select id, 'Bench home' from u returning id`,
    [label, n],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

function glow(t: number, wh: number): string {
  const ts = new Date(t * 1000).toISOString().replace('.000Z', 'Z');
  return `{"electricitymeter":{"timestamp":"${ts}","energy":{"export":{"cumulative":0,"units":"kWh"},"import":{"cumulative":${(wh / 1000).toFixed(3)},"day":1.2,"week":8.4,"month":30.1,"units":"kWh"}},"power":{"value":0.5,"units":"kW"}}}`;
}

function shelly(t: number, w: number, wh: number): string {
  return `{"src":"p","method":"NotifyStatus","params":{"ts":${t},"switch:0":{"id":0,"apower":${w},"aenergy":{"total":${wh.toFixed(3)}}}}}`;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function storage(db: Db): Promise<string> {
  // One day of 10 s Glow messages through the consumer (no broker: the same receive and flush) against the
  // same energy as 1,440 one-minute readings through ingestReadings; bytes of each house's blocks.
  const [viaDevice, viaFile] = await addHomes(db, 2, `storage-${randomUUID().slice(0, 6)}-`);
  const day = Math.floor(Date.now() / 1000 / 86_400) * 86_400 - 3 * 86_400;
  await db.query("insert into devices (house_id, kind, device_id, created_at) values ($1, 'glow', $2, 0)", [
    viaDevice!,
    `STORE${viaDevice}`,
  ]);
  let clock = day + 86_400 + 60;
  const consumer = new DeviceConsumer(db, { now: () => clock });
  await consumer.load();
  let wh = 5_000_000;
  let rng = 7;
  const minutes: Reading[] = [];
  for (let s = 0; s <= 86_400; s += 10) {
    rng = (rng * 1_103_515_245 + 12_345) % 2_147_483_648;
    const step = 1 + (rng % 9);
    if (s > 0) wh += step;
    consumer.receive(`glow/STORE${viaDevice}/SENSOR/electricitymeter`, glow(day + s, wh));
  }
  clock = day + 86_400 + 120;
  await consumer.flush();
  const { rows } = await db.query<{ start_ts: number; import_wh: number }>(
    'select start_ts::float8 as start_ts, import_wh from readings where house_id = $1 order by start_ts',
    [viaDevice!],
  );
  for (const r of rows)
    minutes.push({
      start: r.start_ts,
      interval_s: 60,
      import_wh: r.import_wh,
      export_wh: 0,
      generation_wh: 0,
    });
  await ingestReadings(db, viaFile!, minutes, { now: clock });
  const size = async (house: number) =>
    (
      await db.query<{ bytes: number }>(
        `select coalesce(sum(pg_column_size(b.gaps) + pg_column_size(b.interval_s) + pg_column_size(b.import_wh)
                + pg_column_size(b.export_wh) + pg_column_size(b.generation_wh) + 16), 0)::float8 as bytes
         from reading_blocks b where house_id = $1`,
        [house],
      )
    ).rows[0]?.bytes ?? 0;
  const a = await size(viaDevice!);
  const b = await size(viaFile!);
  return (
    `storage: a day of 10 s Glow messages (8,641) → ${rows.length} minute readings, ${(a / 1024).toFixed(1)} KiB of blocks ` +
    `(${((a * 365) / 1024 / 1024).toFixed(2)} MiB per home-year); the same energy as a 1-minute file: ` +
    `${(b / 1024).toFixed(1)} KiB (${(a / b).toFixed(2)}×)`
  );
}

export async function benchMqtt(store: 'pglite' | 'postgres'): Promise<void> {
  const scratch = store === 'postgres' ? await createScratchDatabase('mqtt') : null;
  if (store === 'postgres' && !scratch) {
    console.log('  PostgreSQL not reachable: skipped');
    return;
  }
  const dir = store === 'pglite' ? await mkdtemp(join(tmpdir(), 'homeview-bench-mqtt-')) : null;
  const db = await openDb({
    databaseUrl: scratch?.url ?? null,
    dataDir: dir === null ? '' : join(dir, 'data'),
  });
  const publishers: MqttClient[] = [];
  try {
    await migrate(db);
    const homes = await addHomes(db, HOMES, `mqtt-${randomUUID().slice(0, 6)}-`);
    await db.query(
      `insert into devices (house_id, kind, device_id, created_at)
       select h, 'glow', 'G' || h, 0 from unnest($1::int[]) h`,
      [homes],
    );
    await db.query(
      `insert into devices (house_id, kind, device_id, appliance_type_id, created_at)
       select h, 'shelly', 'P' || h || '-' || k, case k when 0 then 1 else 2 end, 0
       from unnest($1::int[]) h, generate_series(0, 1) k`,
      [homes],
    );
    const prefix = `bench${randomUUID().slice(0, 8)}/`;
    const start = Math.floor(Date.now() / 1000 / 60) * 60 - 2 * 86_400;
    const publishedAt = new Map<number, number>(); // round → wall ms its last message was published
    const delays: number[] = [];
    const consumer = new DeviceConsumer(db, {
      now: () => Date.now() / 1000,
      onStored: (_house, readings) => {
        const at = performance.now();
        for (const r of readings) {
          // The minute [m, m+60) closed with the first round at or after m + 60.
          const round = Math.ceil((r.start + 60 - start) / 10);
          const sent = publishedAt.get(round);
          if (sent !== undefined) delays.push(at - sent);
        }
      },
    });
    const mqtt = new DeviceMqtt(consumer, {
      url: BROKER,
      clientId: `bench-${randomUUID()}`,
      topicPrefix: prefix,
      sessionExpiryS: 60,
    });
    await mqtt.start();
    for (let i = 0; i < PUBLISHERS; i++)
      publishers.push(await connectAsync(BROKER, { clientId: `bench-pub-${randomUUID()}` }));

    const glowWh = homes.map((_, i) => 3_000_000 + i);
    const plugWh = Array.from({ length: PLUGS }, () => 1000);
    const plugOn = Array.from({ length: PLUGS }, () => false);
    let sent = 0;
    let stalled = false;
    let rngState = 42;
    const rnd = () => {
      rngState = (rngState * 1_103_515_245 + 12_345) % 2_147_483_648;
      return rngState / 2_147_483_648;
    };
    const rss0 = process.memoryUsage().rss;
    let rssMax = rss0;
    const t0 = performance.now();
    for (let round = 0; round <= ROUNDS; round++) {
      const t = start + round * 10;
      const batch: [number, string, string][] = [];
      homes.forEach((h, i) => {
        glowWh[i] = (glowWh[i] ?? 0) + (round === 0 ? 0 : 2 + Math.floor(rnd() * 6));
        batch.push([i, `${prefix}glow/G${h}/SENSOR/electricitymeter`, glow(t, glowWh[i] ?? 0)]);
      });
      // Plugs publish on change: about one in twelve switches each round.
      for (let p = 0; p < PLUGS; p++) {
        if (round > 0 && rnd() > 1 / 12) continue;
        const on = round > 0 && !plugOn[p];
        if (plugOn[p]) plugWh[p] = (plugWh[p] ?? 0) + 2.5;
        plugOn[p] = on;
        const h = homes[Math.floor(p / 2)];
        batch.push([p, `${prefix}P${h}-${p % 2}/events/rpc`, shelly(t, on ? 2800 : 0, plugWh[p] ?? 0)]);
      }
      // A broker queues a bounded number of messages per subscriber (Mosquitto: max_queued_messages,
      // 1,000 by default) and drops the rest: publish no further than CHUNK ahead of the consumer.
      for (let c = 0; c < batch.length && !stalled; c += CHUNK) {
        const chunk = batch.slice(c, c + CHUNK);
        await Promise.all(
          chunk.map(([n, topic, payload]) =>
            (publishers[n % PUBLISHERS] as MqttClient).publishAsync(topic, payload, { qos: 1 }),
          ),
        );
        sent += chunk.length;
        const waitFrom = Date.now();
        while (sent - consumer.stats.messages > CHUNK) {
          if (Date.now() - waitFrom > 15_000) {
            stalled = true;
            break;
          }
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      if (stalled) break;
      publishedAt.set(round, performance.now());
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }
    const publishMs = performance.now() - t0;
    // Until every message arrived, or none came for 5 s (the broker dropped some: Mosquitto's
    // max_queued_messages, 1,000 by default, per client); the rate is over the time until the last one
    // received was stored, so waiting for dropped ones does not count.
    let lastCount = -1;
    let lastChange = Date.now();
    let lastArrivalMs = performance.now();
    while (consumer.stats.messages < sent && Date.now() - lastChange < 5000) {
      if (consumer.stats.messages !== lastCount) {
        lastCount = consumer.stats.messages;
        lastChange = Date.now();
        lastArrivalMs = performance.now();
      }
      await new Promise((r) => setTimeout(r, 100));
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }
    if (consumer.stats.messages >= sent) lastArrivalMs = performance.now();
    const stopAt = performance.now();
    await mqtt.stop(); // the last flush: what was received is stored when it returns
    const totalMs = lastArrivalMs - t0 + (performance.now() - stopAt);
    const received = consumer.stats.messages;
    delays.sort((a, b) => a - b);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from readings');
    const uses = await db.query<{ n: number }>('select count(*)::int as n from appliance_events');
    console.log(
      `  ${HOMES.toLocaleString('en-GB')} homes + ${PLUGS.toLocaleString('en-GB')} plugs, ${ROUNDS} rounds of 10 s: ` +
        `${received.toLocaleString('en-GB')} messages in ${(totalMs / 1000).toFixed(1)} s (published in ${(publishMs / 1000).toFixed(1)} s) → ` +
        `${Math.round(received / (totalMs / 1000)).toLocaleString('en-GB')} messages/s received and stored` +
        (received < sent
          ? ` (${sent - received} of ${sent.toLocaleString('en-GB')} dropped by the broker)`
          : ''),
    );
    console.log(
      `  publish → stored: p50 ${(pct(delays, 0.5) / 1000).toFixed(2)} s, p99 ${(pct(delays, 0.99) / 1000).toFixed(2)} s ` +
        `(${delays.length.toLocaleString('en-GB')} minute readings); ${rows[0]?.n.toLocaleString('en-GB')} readings, ` +
        `${uses.rows[0]?.n.toLocaleString('en-GB')} uses stored; ${consumer.stats.flushes} flushes ` +
        `(${(consumer.stats.flushMs / 1000).toFixed(1)} s in all, longest ${(consumer.stats.flushMsMax / 1000).toFixed(1)} s); ` +
        `RSS ${mib(rss0)} → max ${mib(rssMax)} (this process: consumer and publishers)`,
    );
    console.log(`  ${await storage(db)}`);
  } finally {
    for (const p of publishers) await p.endAsync();
    await db.close();
    await scratch?.drop();
    if (dir !== null) await rm(dir, { recursive: true, force: true });
  }
}
