import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
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
    group: config.mqttGroup,
    log,
  });
  const subscribed = mqtt.start();
  subscribed.catch((error: unknown) => log.error({ err: error }, 'devices failed to start'));
  return { stop: () => mqtt.stop(), subscribed };
}
