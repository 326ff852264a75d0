import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { DEVICE_BALANCE, LED_JOBS, leadership } from '../db/led-jobs';
import { FairShare } from '../db/share';
import { onDevicesChanged } from '../features/devices/changes';
import { type ConsumerStats, DeviceConsumer } from './consumer';
import { DeviceMqtt } from './mqtt';

/** How often a server counts the live servers and keeps its fair share of the partitions (db/led-jobs.ts). */
export const BALANCE_MS = DEVICE_BALANCE.everyMs;

export interface RunningDevices {
  stop(): Promise<void>;
  /** Resolves once the partitions taken at start (and the unclaimed watch, when this server has it) subscribed. */
  subscribed: Promise<void>;
  /** The partitions this server holds now. */
  held(): number[];
  readonly stats: ConsumerStats;
}

/**
 * The device consumer as main.ts runs it: nothing without MQTT_URL; else this server's fair share of the
 * MQTT_PARTITIONS device partitions (devices/partitions.ts), each held under an advisory lock
 * (db/share.ts: at most ceil(partitions / live servers), handed over cleanly when a server joins, taken
 * within BALANCE_MS when one dies; PGlite holds them all), on the system clock, writing to the database
 * directly like the HTTP ingest (not as background work: its batches are the data's way in). One server
 * (the LED_JOBS.unclaimedDevices leader) also counts unclaimed devices on the wildcard topics. A broker that is down
 * at start does not stop the server: MQTT.js keeps reconnecting, and the start is not waited for
 * (`subscribed` says when it is).
 */
export async function startDevices(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Tests: a quicker balance, topics of their own, sessions the broker soon forgets, a pinned clock. */
  balanceMs?: number;
  topicPrefix?: string;
  sessionExpiryS?: number;
  now?: () => number;
}): Promise<RunningDevices | null> {
  const { config, db, log } = deps;
  if (config.mqttUrl === null) return null;
  const consumer = new DeviceConsumer(db, { now: deps.now ?? (() => Date.now() / 1000), log });
  const mqtt = new DeviceMqtt(consumer, {
    url: config.mqttUrl,
    clientId: config.mqttClientId,
    group: config.mqttShareGroup,
    partitions: config.mqttPartitions,
    ...(deps.topicPrefix ? { topicPrefix: deps.topicPrefix } : {}),
    ...(deps.sessionExpiryS ? { sessionExpiryS: deps.sessionExpiryS } : {}),
    log,
  });
  const share = new FairShare(db, {
    count: config.mqttPartitions,
    baseKey: DEVICE_BALANCE.baseKey,
    presenceKey: DEVICE_BALANCE.presenceKey,
    everyMs: deps.balanceMs ?? BALANCE_MS,
    onTake: (p) => mqtt.take(p),
    onGive: (p) => mqtt.give(p),
    onChange: (held) => log.info({ partitions: held, of: config.mqttPartitions }, 'device partitions held'),
    onError: (error) => log.error({ err: error }, 'device partitions failed'),
  });
  const unclaimed = leadership(db, LED_JOBS.unclaimedDevices, {
    ...(deps.balanceMs ? { retryMs: deps.balanceMs } : {}),
    onLead: () => {
      void mqtt.watchUnclaimed(true);
    },
    onLose: () => mqtt.watchUnclaimed(false),
    onError: (error) => log.error({ err: error }, 'unclaimed devices leadership failed'),
  });
  const unfollow = followDeviceChanges(db, mqtt, log);
  await share.start();
  await unclaimed.start();
  const subscribed = mqtt.subscribed();
  subscribed.catch((error: unknown) => log.error({ err: error }, 'devices failed to start'));
  return {
    stop: async () => {
      unfollow();
      await unclaimed.stop();
      await share.stop();
      await mqtt.stop();
    },
    subscribed,
    held: () => share.held,
    stats: consumer.stats,
  };
}

/**
 * Reads the registered devices again whenever the Devices screens add, claim or remove one (devicesChanged),
 * and subscribes or unsubscribes their topics in the partitions held here, so a new device's first
 * messages are stored, not counted as unclaimed. Reloads one at a time.
 */
export function followDeviceChanges(
  db: Db,
  consumer: Pick<DeviceMqtt, 'reload'>,
  log?: Pick<FastifyBaseLogger, 'error'>,
): () => void {
  let reloading: Promise<void> = Promise.resolve();
  return onDevicesChanged(db, () => {
    reloading = reloading
      .then(() => consumer.reload())
      .catch((error: unknown) => log?.error({ err: error }, 'devices reload failed'));
  });
}
