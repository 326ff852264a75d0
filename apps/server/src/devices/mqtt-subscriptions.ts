import type { DeviceConsumer } from './consumer';
import type { DeviceKind } from '../features/devices/kinds';
import type { MqttLog, Part } from './mqtt-connection';
import { deviceTopics, partitionOf } from './partitions';

// What each partition's client subscribes: as shared subscriptions (`$share/<group>/…`), the exact topics
// of the partition's registered devices, all at each connect and the difference after the devices change.
// A device whose filter the broker refuses is quarantined, so one id never blinds the rest of its
// partition (issue 34).

/** Topic filters per SUBSCRIBE packet. */
const FILTERS_PER_PACKET = 500;
/** A subscription change not acknowledged within this long is left to the next connect. */
const SYNC_WAIT_MS = 10_000;

/**
 * DISCONNECT and SUBACK reason codes that mean the broker refuses the filter itself (Mosquitto answers a
 * filter with a control character or a non-character with DISCONNECT 0x81 and drops the client), as
 * opposed to a broker going away: only these quarantine a device.
 */
const REFUSED_FILTER = new Set([0x81, 0x82, 0x8f]);

type Device = { kind: DeviceKind; deviceId: string };

export interface SubscriptionOptions {
  topicPrefix?: string;
  /** The shared-subscription group; default `homeview`. */
  group?: string;
  log?: MqttLog;
}

export class Subscriptions {
  /**
   * Devices whose topic filter the broker refused (by kind and id): never subscribed again by this
   * process, and marked on their card.
   */
  #quarantined = new Set<string>();

  constructor(
    readonly consumer: DeviceConsumer,
    readonly partitions: number,
    readonly options: SubscriptionOptions,
  ) {}

  /** At a connect: every filter of the partition's devices, and its own reply topic. Resolves with how many devices' filters. */
  async subscribeAll(part: Part): Promise<number> {
    const topics = this.#wanted(part.p);
    part.topics = new Set(topics.keys());
    await this.#subscribe(part, [...topics.keys(), part.replyTopic], topics);
    return topics.size;
  }

  /**
   * After the consumer read the devices again: the connected partitions subscribe their new devices'
   * topics and unsubscribe the removed ones' (a partition not connected subscribes all at its connect).
   */
  async sync(parts: Iterable<Part>): Promise<void> {
    const changes: Promise<unknown>[] = [];
    for (const part of parts) {
      if (!part.client.connected) continue;
      const wanted = this.#wanted(part.p);
      const added = [...wanted.keys()].filter((t) => !part.topics.has(t));
      const removed = [...part.topics].filter((t) => !wanted.has(t));
      part.topics = new Set(wanted.keys());
      if (added.length > 0) changes.push(this.#subscribe(part, added, wanted));
      if (removed.length > 0) changes.push(part.client.unsubscribeAsync(removed));
    }
    const settled = Promise.allSettled(changes);
    await Promise.race([settled, new Promise((r) => setTimeout(r, SYNC_WAIT_MS).unref())]);
  }

  /** The shared filters of partition p's registered devices (but the quarantined), each with its device. */
  #wanted(p: number): Map<string, Device> {
    const prefix = this.options.topicPrefix ?? '';
    const group = this.options.group ?? 'homeview';
    const topics = new Map<string, Device>();
    for (const d of this.consumer.ownDevices()) {
      if (partitionOf(d.kind, d.deviceId, this.partitions) !== p) continue;
      if (this.#quarantined.has(`${d.kind}\u0000${d.deviceId}`)) continue;
      const device = { kind: d.kind, deviceId: d.deviceId };
      for (const t of deviceTopics(d.kind, d.deviceId, prefix)) topics.set(`$share/${group}/${t}`, device);
    }
    return topics;
  }

  /**
   * Subscribes the filters, FILTERS_PER_PACKET to a SUBSCRIBE. When the broker refused a SUBSCRIBE (it
   * drops the client: MQTT.js reconnects), the next connect subscribes one filter at a time, and the one
   * refused has its device quarantined; a filter a SUBACK refuses is quarantined at once. A connection
   * lost for any other reason quarantines nothing.
   */
  async #subscribe(
    part: Part,
    filters: readonly string[],
    devices: ReadonlyMap<string, Device>,
  ): Promise<void> {
    const size = part.oneByOne ? 1 : FILTERS_PER_PACKET;
    for (let at = 0; at < filters.length; at += size) {
      const packet = filters.slice(at, at + size);
      try {
        await part.client.subscribeAsync(packet, { qos: 1 });
      } catch (error) {
        // A SUBACK that refuses some filters (the connection stays): those are quarantined.
        const granted = (error as { packet?: { granted?: unknown } }).packet?.granted;
        if (Array.isArray(granted) && granted.length === packet.length) {
          granted.forEach((code, i) => {
            if (typeof code === 'number' && (code & 0x80) !== 0)
              this.#quarantine(part, packet[i] as string, devices);
          });
          continue;
        }
        // A refused SUBSCRIBE: the broker's DISCONNECT reason came just before the socket closed.
        const refused = part.refusedWith !== null && REFUSED_FILTER.has(part.refusedWith);
        if (refused && packet.length === 1) this.#quarantine(part, packet[0] as string, devices);
        else if (refused) part.oneByOne = true;
        throw error;
      }
    }
    part.oneByOne = false;
  }

  #quarantine(part: Part, filter: string, devices: ReadonlyMap<string, Device>): void {
    part.topics.delete(filter);
    const device = devices.get(filter);
    if (device === undefined) return;
    this.#quarantined.add(`${device.kind}\u0000${device.deviceId}`);
    for (const t of [...part.topics]) if (devices.get(t) === device) part.topics.delete(t);
    this.options.log?.warn(
      { partition: part.p, kind: device.kind, deviceId: JSON.stringify(device.deviceId) },
      'mqtt broker refuses a device id: its device is not subscribed',
    );
    this.consumer.refuseDevice(
      device.kind,
      device.deviceId,
      'The MQTT broker refuses a subscription to this id (it holds characters MQTT does not allow in a topic): remove the device and add it under its real id.',
    );
  }
}
