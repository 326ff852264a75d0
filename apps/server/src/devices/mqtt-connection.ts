import type { IConnackPacket, MqttClient } from 'mqtt';
import { connectBroker } from '../shared/broker';

// One device partition's MQTT 5 client (mqtt.ts holds one per partition this server holds): client id
// `<clientId>-p<p>` with a persistent session (clean: false, a week's session expiry), so the broker keeps
// the partition's QoS 1 messages while no server holds it and hands them to the next holder. It subscribes
// again on every connect (a broker that lost the session must not leave us deaf: MQTT.js issue 895).
// Reconnects back off from 1 s to 30 s.

const SESSION_EXPIRY_S = 7 * 24 * 3600;
const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

export interface MqttLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** How this server reaches the broker, for its partitions' clients and its unclaimed watch alike. */
export interface ConnectionOptions {
  url: string;
  clientId: string;
  /** Put before every topic filter and taken off incoming topics (tests give each test its own). */
  topicPrefix?: string;
  /** How long the broker keeps the session (and queues) while we are away; default a week. */
  sessionExpiryS?: number;
  log?: MqttLog;
}

/** One partition's client: its reply topic, and the filters subscribed since it connected. */
export interface Part {
  p: number;
  client: MqttClient;
  /** The `src` our RPC asks name: Shelly answers on `<src>/rpc`, a topic of this client's own, not shared. */
  replySource: string;
  replyTopic: string;
  topics: Set<string>;
  subscribed: Promise<void>;
  /** A SUBSCRIBE of several filters was refused: the next connect subscribes them one at a time. */
  oneByOne: boolean;
  /** The reason code of the broker's last DISCONNECT (0x81 malformed packet: a filter it refuses). */
  refusedWith: number | null;
}

export interface PartHandlers {
  /** At every connect: subscribes the partition's filters; resolves with how many. */
  subscribeAll(part: Part): Promise<number>;
  message(part: Part, topic: string, payload: Buffer): void;
}

/** Connects partition p's client; `subscribed` resolves at the first connect whose subscriptions all held. */
export function connectPart(p: number, options: ConnectionOptions, on: PartHandlers): Part {
  const { url, log } = options;
  const clientId = sessionId(options.clientId, p);
  const replySource = `homeview-${clientId}`.replace(/[/+#]/g, '_');
  const client = connectBroker(url, {
    clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: options.sessionExpiryS ?? SESSION_EXPIRY_S },
    reconnectPeriod: MIN_BACKOFF_MS,
    connectTimeout: 10_000,
    resubscribe: false,
  });
  let backoff = MIN_BACKOFF_MS;
  const part: Part = {
    p,
    client,
    replySource,
    replyTopic: `${options.topicPrefix ?? ''}${replySource}/rpc`,
    topics: new Set(),
    subscribed: Promise.resolve(),
    oneByOne: false,
    refusedWith: null,
  };
  client.on('disconnect', (packet) => {
    part.refusedWith = packet.reasonCode ?? null;
  });
  part.subscribed = new Promise<void>((resolve) => {
    client.on('connect', (ack: IConnackPacket) => {
      backoff = MIN_BACKOFF_MS;
      client.options.reconnectPeriod = MIN_BACKOFF_MS;
      part.refusedWith = null;
      on.subscribeAll(part).then(
        (filters) => {
          log?.info({ partition: p, sessionPresent: ack.sessionPresent, filters }, 'mqtt subscribed');
          resolve();
        },
        (error: unknown) => {
          // The client reconnects and subscribes again (one filter at a time, when one was refused).
          log?.warn({ partition: p, reason: messageOf(error) }, 'mqtt subscribe failed');
        },
      );
    });
  });
  client.on('reconnect', () => {
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
    client.options.reconnectPeriod = backoff;
  });
  client.on('error', (error) => log?.warn({ err: error, partition: p }, 'mqtt error'));
  client.on('message', (topic, payload) => on.message(part, topic, payload));
  return part;
}

/** Partition p's client id: its MQTT session, which the broker keeps for the next holder (handover.ts). */
export const sessionId = (clientId: string, p: number): string => `${clientId}-p${p}`;

/** An incoming topic as the parser reads it: without this server's topic prefix. */
export function withoutPrefix(topic: string, prefix: string): string {
  return prefix !== '' && topic.startsWith(prefix) ? topic.slice(prefix.length) : topic;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
