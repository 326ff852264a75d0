// Devices over MQTT end to end (issue 23): 1,000 homes' Glow displays publishing every 10 s and 2,000
// plugs publishing on change, through the real Mosquitto on 127.0.0.1:1883 into the consumer and the one
// write path, under three loads, each on homes of its own:
//  (a) the fleet as stated, in real time (device time = wall time, the homes spread over each 10 s):
//      the delay a householder sees, and RSS;
//  (b) a steady offered rate (5,000 msg/s, the throughput target, for 60 s; device time runs faster):
//      the delay at that rate, and whether the consumer keeps up (no backlog that grows);
//  (c) saturation: rounds published as fast as the broker takes them (~120× real time): the sustained
//      rate. Its delay is mostly queueing, which grows with the run's length.
// The delay is from the publish of the message that closes a minute to the commit of that minute's
// reading. Then the storage of a day of 10 s Glow messages against the same energy as a 1-minute file.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Tariff, tariffToStored } from '@homeview/domain';
import { connectAsync, type MqttClient } from 'mqtt';
import { migrate } from '../../apps/server/src/db/migrate';
import { openDb } from '../../apps/server/src/db/open';
import type { Db, Queryable } from '../../apps/server/src/db/types';
import { DeviceConsumer } from '../../apps/server/src/devices/consumer';
import { DeviceMqtt } from '../../apps/server/src/devices/mqtt';
import { ingestReadings, type Reading } from '../../apps/server/src/features/readings/ingest';
import { tariffCacheStats } from '../../apps/server/src/shared/tariff-book';
import { createScratchDatabase } from './postgres';
import { ELECTRICITY_CODE } from '../../apps/server/src/shared/fuel';

const BROKER = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const HOMES = Number(process.env.BENCH_MQTT_HOMES ?? 1000);
const PLUGS = HOMES * 2;
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const LOADS: Load[] = [
  { kind: 'fleet', seconds: env('BENCH_MQTT_FLEET_S', 150) },
  {
    kind: 'offered',
    perS: env('BENCH_MQTT_OFFERED', 5000),
    seconds: env('BENCH_MQTT_OFFERED_S', 60),
  },
  /** Simulated 10 s rounds (default 20 minutes of device time). */
  { kind: 'saturation', rounds: env('BENCH_MQTT_ROUNDS', 120) },
];
/** BENCH_MQTT_PHASES=offered (or fleet,saturation): only those loads. */
const PHASES = process.env.BENCH_MQTT_PHASES?.split(',');
/** BENCH_MQTT_TARIFFS=0: the homes price at the default tariff (one book shared by all). */
const TARIFFS = process.env.BENCH_MQTT_TARIFFS !== '0';
/** A flat tariff of each home's own (24.5 p/kWh, 60 p a day). */
const BENCH_TARIFF: Tariff = {
  startDate: '2020-01-01',
  standingCharge: 600_000,
  import: {
    type: 'schedule',
    basis: 'local',
    entries: [{ days: 'all', steps: [{ startMinute: 0, price: 245_000, name: 'Standard' }] }],
  },
  export: null,
  generation: null,
};
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
    `select start_ts::float8 as start_ts, import_wh from readings where house_id = $1 and fuel = ${ELECTRICITY_CODE}
      order by start_ts`,
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
         from reading_blocks b where house_id = $1 and fuel = ${ELECTRICITY_CODE}`,
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

type Load =
  /** The fleet as stated: each Glow every 10 s (homes spread over the 10 s), device time = wall time. */
  | { kind: 'fleet'; seconds: number }
  /** A steady offered rate (device time runs faster so that the fleet sends `perS` messages a second). */
  | { kind: 'offered'; perS: number; seconds: number }
  /** As fast as the broker takes them (CHUNK ahead of the consumer at most), `rounds` rounds of 10 s. */
  | { kind: 'saturation'; rounds: number };

interface PhaseResult {
  label: string;
  published: number;
  received: number;
  seconds: number;
  /** Sorted delays (ms) publish → stored of the message closing each minute reading. */
  delays: number[];
  /** For an offered load: the delays of minutes closed in the last 10 s of publishing, and how long after
   *  the last publish everything was stored. */
  lateDelays: number[];
  drainS: number;
  readings: number;
  uses: number;
  flushes: number;
  /** Statements the consumer sent (its flushes, its loads of the devices). */
  statements: number;
  flushMs: number;
  flushMsMax: number;
  rss0: number;
  rssMax: number;
  tariffHits: number;
  tariffMisses: number;
  /** CPU ms of this process (consumer and publishers) and of the database's backends (PostgreSQL's
   *  processes serving this database; null on PGlite, which runs inside this process). */
  cpuMs: number;
  dbCpuMs: number | null;
  /** The consumer's statements by their first words: count and ms. */
  times: Map<string, [number, number]>;
}

/** CPU ms (user + system) of the PostgreSQL backends serving this database, by pid (Linux /proc). */
async function backendCpu(db: Db): Promise<Map<number, number> | null> {
  if (db.kind !== 'postgres') return null;
  const { rows } = await db.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  const tick = 1000 / 100; // USER_HZ
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // a backend that ended meanwhile
    }
  }
  return cpu;
}

/** The consumer's database, counting the statements it sends (those in its transactions too; BEGIN and
 *  COMMIT aside) and, by the statement's first words, how long they took (BENCH_MQTT_STATEMENTS=1 prints it). */
function counting(db: Db): { db: Db; statements: () => number; times: Map<string, [number, number]> } {
  let n = 0;
  const times = new Map<string, [number, number]>();
  const timed = async (q: Queryable, args: Parameters<Queryable['query']>) => {
    n++;
    const t0 = performance.now();
    try {
      return await q.query(...args);
    } finally {
      const key = args[0].replace(/\s+/g, ' ').slice(0, 70);
      const entry = times.get(key) ?? [0, 0];
      entry[0]++;
      entry[1] += performance.now() - t0;
      times.set(key, entry);
    }
  };
  const forward = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const tx = (q: Queryable): Queryable =>
    new Proxy(q, {
      get: (target, prop) =>
        prop === 'query'
          ? (...args: Parameters<Queryable['query']>) => timed(target, args)
          : forward(target, prop),
    });
  const wrapped = new Proxy(db, {
    get: (target, prop) => {
      if (prop === 'query') return (...args: Parameters<Queryable['query']>) => timed(target, args);
      if (prop === 'transaction')
        return (fn: Parameters<Db['transaction']>[0], options?: Parameters<Db['transaction']>[1]) =>
          target.transaction((q, opened) => fn(tx(q), opened), options);
      return forward(target, prop);
    },
  });
  return { db: wrapped, statements: () => n, times };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One load on homes of its own (HOMES Glow homes, each with two plugs and a flat tariff of its own, so a
 * flush prices with per-house tariff books), its own topics and consumer, so the phases never share
 * counters or queues.
 */
async function phase(db: Db, load: Load): Promise<PhaseResult> {
  const tag = randomUUID().slice(0, 6);
  const homes = await addHomes(db, HOMES, `mqtt-${tag}-`);
  const homeIndex = new Map(homes.map((h, i) => [h, i]));
  if (TARIFFS)
    await db.query(
      `insert into tariffs (house_id, start_date, tariff) select h, '2020-01-01', $2::jsonb from unnest($1::int[]) h`,
      [homes, JSON.stringify(tariffToStored(BENCH_TARIFF))],
    );
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
  const prefix = `bench${tag}/`;
  const realTime = load.kind === 'fleet';
  // Device time: the wall clock for the fleet in real time; else two days back, so that device time
  // running faster than the wall clock stays in the past.
  const start = realTime
    ? Math.ceil(Date.now() / 10_000) * 10
    : Math.floor(Date.now() / 1000 / 60) * 60 - 2 * 86_400;
  /** Wall time (performance.now) each home's Glow message of each round was published. */
  const glowSent = new Map<number, Float64Array>();
  const delays: [number, number][] = []; // [sent ms, delay ms]
  const counted = counting(db);
  const consumer = new DeviceConsumer(counted.db, {
    now: () => Date.now() / 1000,
    onStored: (house, readings) => {
      const at = performance.now();
      const i = homeIndex.get(house);
      if (i === undefined) return;
      for (const r of readings) {
        // The minute [m, m+60) closed with the house's first Glow message at or after m + 60.
        const sent = glowSent.get(Math.ceil((r.start + 60 - start) / 10))?.[i];
        if (sent !== undefined && sent > 0) delays.push([sent, at - sent]);
      }
    },
  });
  const mqtt = new DeviceMqtt(consumer, {
    url: BROKER,
    clientId: `bench-${randomUUID()}`,
    topicPrefix: prefix,
    sessionExpiryS: 60,
  });
  const publishers: MqttClient[] = [];
  const hits0 = tariffCacheStats.hits;
  const misses0 = tariffCacheStats.misses;
  try {
    await mqtt.start();
    for (let i = 0; i < PUBLISHERS; i++)
      publishers.push(await connectAsync(BROKER, { clientId: `bench-pub-${randomUUID()}` }));
    const glowWh = homes.map((_, i) => 3_000_000 + i);
    const plugWh = Array.from({ length: PLUGS }, () => 1000);
    const plugOn = Array.from({ length: PLUGS }, () => false);
    let rngState = 42;
    const rnd = () => {
      rngState = (rngState * 1_103_515_245 + 12_345) % 2_147_483_648;
      return rngState / 2_147_483_648;
    };
    /** A round's messages in publishing order: each home's Glow, then its plugs that changed. */
    const roundMessages = (round: number): [number, string, string][] => {
      const t = start + round * 10;
      const out: [number, string, string][] = [];
      homes.forEach((h, i) => {
        glowWh[i] = (glowWh[i] ?? 0) + (round === 0 ? 0 : 2 + Math.floor(rnd() * 6));
        out.push([i, `${prefix}glow/G${h}/SENSOR/electricitymeter`, glow(t, glowWh[i] ?? 0)]);
        // Plugs publish on change: about one in twelve switches each round.
        for (let p = 2 * i; p < 2 * i + 2; p++) {
          if (round > 0 && rnd() > 1 / 12) continue;
          const on = round > 0 && !plugOn[p];
          if (plugOn[p]) plugWh[p] = (plugWh[p] ?? 0) + 2.5;
          plugOn[p] = on;
          out.push([-1, `${prefix}P${h}-${p % 2}/events/rpc`, shelly(t, on ? 2800 : 0, plugWh[p] ?? 0)]);
        }
      });
      return out;
    };
    const sentAt = (round: number) => {
      const times = glowSent.get(round) ?? new Float64Array(HOMES);
      glowSent.set(round, times);
      return times;
    };
    let sent = 0;
    let stalled = false;
    const cpu0 = process.cpuUsage();
    // The backends' CPU, sampled each second (the pool ends idle connections: a backend seen first
    // after the start counts from 0, one that ended counts to its last sample).
    const dbCpu = new Map<number, [number, number]>();
    const sampleDb = async (first: boolean) => {
      for (const [pid, ms] of (await backendCpu(db)) ?? []) {
        const seen = dbCpu.get(pid);
        if (seen === undefined) dbCpu.set(pid, [first ? ms : 0, ms]);
        else seen[1] = ms;
      }
    };
    await sampleDb(true);
    const sampler = setInterval(() => void sampleDb(false).catch(() => {}), 1000);
    const rss0 = process.memoryUsage().rss;
    let rssMax = rss0;
    const t0 = performance.now();
    let lastPublish = t0;
    if (load.kind === 'saturation') {
      for (let round = 0; round <= load.rounds && !stalled; round++) {
        const batch = roundMessages(round);
        const times = sentAt(round);
        // A broker queues a bounded number of messages per subscriber (Mosquitto: max_queued_messages,
        // 1,000 by default) and drops the rest: publish no further than CHUNK ahead of the consumer.
        for (let c = 0; c < batch.length && !stalled; c += CHUNK) {
          const chunk = batch.slice(c, c + CHUNK);
          const now = performance.now();
          await Promise.all(
            chunk.map(([i, topic, payload], n) => {
              if (i >= 0) times[i] = now;
              return (publishers[n % PUBLISHERS] as MqttClient).publishAsync(topic, payload, { qos: 1 });
            }),
          );
          sent += chunk.length;
          const waitFrom = Date.now();
          while (sent - consumer.stats.messages > CHUNK) {
            if (Date.now() - waitFrom > 15_000) stalled = true;
            if (stalled) break;
            await sleep(5);
          }
        }
        rssMax = Math.max(rssMax, process.memoryUsage().rss);
      }
      lastPublish = performance.now();
    } else {
      // Each message at its due time (ms after t0): the fleet's homes spread evenly over each 10 s, or
      // the offered rate's steady spacing. Messages due by now go out, then a sleep until the next is due.
      const endMs = load.seconds * 1000;
      let k = 0;
      for (let round = 0; ; round++) {
        const dueOfRound = round * 10_000;
        if (load.kind === 'fleet' && dueOfRound >= endMs) break;
        if (load.kind === 'offered' && (k * 1000) / load.perS >= endMs) break;
        const batch = roundMessages(round);
        const times = sentAt(round);
        for (const [n, [i, topic, payload]] of batch.entries()) {
          const due =
            load.kind === 'fleet' ? dueOfRound + (Math.max(0, i) * 10_000) / HOMES : (k * 1000) / load.perS;
          k++;
          let now = performance.now();
          if (t0 + due > now) {
            await sleep(t0 + due - now);
            now = performance.now();
            rssMax = Math.max(rssMax, process.memoryUsage().rss);
          }
          if (i >= 0) times[i] = now;
          (publishers[n % PUBLISHERS] as MqttClient).publish(topic, payload, { qos: 1 });
          lastPublish = now;
          sent++;
        }
      }
    }
    const publishedAt = performance.now();
    // Until every message arrived, or none came for 5 s (the broker dropped some: Mosquitto's
    // max_queued_messages, 1,000 by default, per client).
    let lastCount = -1;
    let lastChange = Date.now();
    let lastArrivalMs = performance.now();
    while (consumer.stats.messages < sent && Date.now() - lastChange < 5000) {
      if (consumer.stats.messages !== lastCount) {
        lastCount = consumer.stats.messages;
        lastChange = Date.now();
        lastArrivalMs = performance.now();
      }
      await sleep(20);
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }
    if (consumer.stats.messages >= sent) lastArrivalMs = performance.now();
    const stopAt = performance.now();
    await mqtt.stop(); // the last flush: what was received is stored when it returns
    const storedAt = performance.now();
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    await sampleDb(false);
    let dbCpuMs: number | null = null;
    if (db.kind === 'postgres') {
      dbCpuMs = 0;
      for (const [first, last] of dbCpu.values()) dbCpuMs += last - first;
    }
    const totalMs = (load.kind === 'saturation' ? lastArrivalMs : publishedAt) - t0 + (storedAt - stopAt);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from readings where house_id = any($1::int[]) and fuel = ${ELECTRICITY_CODE}`,
      [homes],
    );
    const uses = await db.query<{ n: number }>(
      'select count(*)::int as n from appliance_events where house_id = any($1::int[])',
      [homes],
    );
    const label =
      load.kind === 'fleet'
        ? `(a) the fleet in real time, ${load.seconds} s`
        : load.kind === 'offered'
          ? `(b) ${load.perS.toLocaleString('en-GB')} msg/s offered for ${load.seconds} s`
          : `(c) saturation, ${load.rounds} rounds`;
    return {
      label,
      published: sent,
      received: consumer.stats.messages,
      seconds: totalMs / 1000,
      delays: delays.map(([, d]) => d).sort((a, b) => a - b),
      lateDelays: delays
        .filter(([s]) => s >= lastPublish - 10_000)
        .map(([, d]) => d)
        .sort((a, b) => a - b),
      drainS: (storedAt - lastPublish) / 1000,
      readings: rows[0]?.n ?? 0,
      uses: uses.rows[0]?.n ?? 0,
      flushes: consumer.stats.flushes,
      statements: counted.statements(),
      flushMs: consumer.stats.flushMs,
      flushMsMax: consumer.stats.flushMsMax,
      rss0,
      rssMax,
      tariffHits: tariffCacheStats.hits - hits0,
      tariffMisses: tariffCacheStats.misses - misses0,
      cpuMs: (cpu.user + cpu.system) / 1000,
      dbCpuMs,
      times: counted.times,
    };
  } finally {
    await mqtt.stop();
    for (const p of publishers) await p.endAsync();
  }
}

const per1000 = (ms: number, r: PhaseResult) => ((ms * 1000) / Math.max(1, r.received)).toFixed(0);
const cpuPer1000 = (r: PhaseResult) =>
  `this process ${per1000(r.cpuMs, r)} ms` +
  (r.dbCpuMs === null ? ' (the database in it)' : `, PostgreSQL ${per1000(r.dbCpuMs, r)} ms`);

const s2 = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(r: PhaseResult): void {
  const rate = Math.round(r.received / r.seconds).toLocaleString('en-GB');
  const dropped = r.published - r.received;
  console.log(
    `  ${r.label}: ${r.received.toLocaleString('en-GB')} of ${r.published.toLocaleString('en-GB')} messages` +
      (dropped > 0 ? ` (${dropped.toLocaleString('en-GB')} dropped by the broker)` : '') +
      ` in ${r.seconds.toFixed(1)} s → ${rate} messages/s received and stored; publish → stored ` +
      `p50 ${s2(pct(r.delays, 0.5))}, p99 ${s2(pct(r.delays, 0.99))} (${r.delays.length.toLocaleString('en-GB')} minute readings)`,
  );
  console.log(
    `    ${r.readings.toLocaleString('en-GB')} readings, ${r.uses.toLocaleString('en-GB')} uses stored; ` +
      `${r.flushes} flushes (${s2(r.flushMs / Math.max(1, r.flushes))} on average, longest ${s2(r.flushMsMax)}; ${r.statements.toLocaleString('en-GB')} statements); everything stored ${r.drainS.toFixed(2)} s after the last publish` +
      (r.lateDelays.length > 0 ? `; p99 of the last 10 s of publishing ${s2(pct(r.lateDelays, 0.99))}` : '') +
      `; tariff books: ${r.tariffHits.toLocaleString('en-GB')} cached, ${r.tariffMisses.toLocaleString('en-GB')} read; ` +
      `RSS ${mib(r.rss0)} → max ${mib(r.rssMax)} (this process: consumer and publishers)`,
  );
  console.log(`    CPU per 1,000 messages: ${cpuPer1000(r)}`);
  if (process.env.BENCH_MQTT_STATEMENTS === '1')
    for (const [sql, [n, ms]] of [...r.times].sort((a, b) => b[1][1] - a[1][1]).slice(0, 15))
      console.log(`      ${n.toString().padStart(6)} × ${(ms / 1000).toFixed(2).padStart(7)} s  ${sql}`);
}

/**
 * Keeping up with an offered rate: everything it published arrived, and was stored within a few seconds of
 * the last publish, and the delay at its end is not far past the delay over the whole run (no backlog
 * that grows).
 */
const keepsUp = (r: PhaseResult) =>
  r.received === r.published && r.drainS < 5 && pct(r.lateDelays, 0.99) < 2 * pct(r.delays, 0.99) + 1000;

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
  try {
    await migrate(db);
    console.log(
      `  each load on ${HOMES.toLocaleString('en-GB')} homes of its own (a Glow every 10 s, ${PLUGS.toLocaleString('en-GB')} Shelly plugs on change, a tariff per home); ` +
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    const results: PhaseResult[] = [];
    const loads = LOADS.filter((l) => PHASES === undefined || PHASES.includes(l.kind));
    for (const load of loads) {
      const r = await phase(db, load);
      report(r);
      results.push(r);
    }
    console.log(`  load average after: ${loadavg()[0]?.toFixed(1)}`);
    console.log(
      '  | load | msg/s stored | publish → stored p50 | p99 | keeps up | CPU per 1,000 msg | RSS max |',
    );
    console.log('  |---|---|---|---|---|---|---|');
    for (const [i, r] of results.entries()) {
      const load = loads[i] as Load;
      console.log(
        `  | ${r.label} | ${Math.round(r.received / r.seconds).toLocaleString('en-GB')} | ${s2(pct(r.delays, 0.5))} | ` +
          `${s2(pct(r.delays, 0.99))} | ${load.kind === 'saturation' ? '—' : keepsUp(r) ? 'yes' : 'no'} | ${cpuPer1000(r)} | ${mib(r.rssMax)} |`,
      );
    }
    console.log(`  ${await storage(db)}`);
  } finally {
    await db.close();
    await scratch?.drop();
    if (dir !== null) await rm(dir, { recursive: true, force: true });
  }
}
