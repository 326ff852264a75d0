import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { onDevicesChanged } from './changes';
import { DeviceConsumer } from './consumer';
import { DeviceMqtt } from './mqtt';

/**
 * The device consumer as main.ts runs it: nothing without MQTT_URL; else connected as MQTT_CLIENT_ID on
 * the system clock, writing to the database directly like the HTTP ingest (not as background work: its
 * batches are the data's way in). A broker that is down at start does not stop the server: MQTT.js keeps
 * reconnecting, and the start is not waited for (`subscribed` says when it is).
 */
export async function startDevices(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<{ stop(): Promise<void>; subscribed: Promise<void> } | null> {
  const { config, db, log } = deps;
  if (config.mqttUrl === null) return null;
  const consumer = new DeviceConsumer(db, { now: () => Date.now() / 1000, log });
  const mqtt = new DeviceMqtt(consumer, {
    url: config.mqttUrl,
    clientId: config.mqttClientId,
    group: config.mqttShareGroup,
    log,
  });
  const unfollow = followDeviceChanges(db, consumer, log);
  const subscribed = mqtt.start();
  subscribed.catch((error: unknown) => log.error({ err: error }, 'devices failed to start'));
  return {
    stop: async () => {
      unfollow();
      await mqtt.stop();
    },
    subscribed,
  };
}

/**
 * Reads the registered devices again whenever the Devices screens add, claim or remove one (devicesChanged),
 * so a new device's first messages are stored, not counted as unclaimed. Reloads one at a time.
 */
export function followDeviceChanges(
  db: Db,
  consumer: Pick<DeviceConsumer, 'load'>,
  log?: Pick<FastifyBaseLogger, 'error'>,
): () => void {
  let reloading: Promise<void> = Promise.resolve();
  return onDevicesChanged(db, () => {
    reloading = reloading
      .then(() => consumer.load())
      .catch((error: unknown) => log?.error({ err: error }, 'devices reload failed'));
  });
}
