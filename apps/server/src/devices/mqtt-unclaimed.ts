import type { MqttClient } from 'mqtt';
import { connectBroker } from '../shared/broker';
import type { DeviceConsumer } from './consumer';
import { DEVICE_KINDS, KIND_INFO } from '../features/devices/kinds';
import { type ConnectionOptions, withoutPrefix } from './mqtt-connection';
import { topicDevice } from './parse';

// Devices nobody registered still need the wildcard filters: one server (main.ts decides which) connects
// as `<clientId>` without a session and subscribes every kind's filters at QoS 0, only to count the
// messages of unregistered ids as unclaimed; topics of registered devices are skipped unread.

export function deviceFilters(prefix = ''): string[] {
  return DEVICE_KINDS.flatMap((kind) => KIND_INFO[kind].filters.map((f) => `${prefix}${f}`));
}

export interface UnclaimedWatch {
  client: MqttClient;
  /** Resolves at the first connect's SUBACK (or its failure, logged). */
  subscribed: Promise<void>;
}

export function watchUnclaimedDevices(options: ConnectionOptions, consumer: DeviceConsumer): UnclaimedWatch {
  const prefix = options.topicPrefix ?? '';
  const client = connectBroker(options.url, {
    clientId: options.clientId,
    clean: true,
    protocolVersion: 5,
    reconnectPeriod: 5000,
    connectTimeout: 10_000,
    resubscribe: false,
  });
  const subscribed = new Promise<void>((resolve) => {
    client.on('connect', () => {
      client.subscribe(deviceFilters(prefix), { qos: 0 }, (error) => {
        if (error) options.log?.warn({ err: error }, 'mqtt subscribe failed (unclaimed devices)');
        resolve();
      });
    });
  });
  client.on('error', (error) => options.log?.warn({ err: error }, 'mqtt error (unclaimed devices)'));
  client.on('message', (topic, payload) => {
    const own = withoutPrefix(topic, prefix);
    const device = topicDevice(own);
    if (device !== null && consumer.isRegistered(device.kind, device.deviceId)) return;
    consumer.receive(own, payload);
  });
  return { client, subscribed };
}
