import { connect, type MqttClient } from 'mqtt';
import type { DeviceConsumer, HistoryRequest } from './consumer';
import { type EmRecord, parseEmHistory } from './parse';
import { DEVICE_KINDS, KIND_INFO } from './kinds';

/**
 * The MQTT side of the device consumer (MQTT_URL): MQTT 5 with a fixed client id and a persistent session
 * (clean: false, a week's session expiry), so the broker keeps QoS 1 messages while the server is down
 * and hands them over when it comes back. Every kind's topics are subscribed at QoS 1 on every connect
 * (a broker that lost the session must not leave us deaf: MQTT.js issue 895), as shared subscriptions
 * (`$share/homeview/…`) so several servers on one broker split the messages and none is stored twice.
 * Reconnects back off from 1 s to 30 s. Messages are acknowledged as they arrive (MQTT.js acknowledges
 * one at a time, so holding acks until a flush would stall it) and buffered for at most FLUSH_MS; a clean
 * stop ends the connection first, then flushes, so only a crash can lose the last second. Registered
 * Shelly Gen2+ devices silent for SHELLY_SILENT_S are asked `Shelly.GetStatus` on `<id>/rpc`; the answer
 * comes back on this server's own `homeview-<client id>/rpc`.
 */
export const FLUSH_MS = 250;
/** A registered Shelly Gen2+ silent this long is asked for its status (it does not repeat unchanged values). */
export const SHELLY_SILENT_S = 300;
const SESSION_EXPIRY_S = 7 * 24 * 3600;
const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

export interface MqttOptions {
  url: string;
  clientId: string;
  /** Put before every topic filter and taken off incoming topics (tests give each test its own). */
  topicPrefix?: string;
  /** The shared-subscription group; default `homeview`. */
  group?: string;
  /** How long the broker keeps the session (and queues) while we are away; default a week. */
  sessionExpiryS?: number;
  /** Seconds between looks for silent Shellies (default 60); their silence threshold is SHELLY_SILENT_S. */
  pollEveryS?: number;
  shellySilentS?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export function deviceFilters(prefix = ''): string[] {
  return DEVICE_KINDS.flatMap((kind) => KIND_INFO[kind].filters.map((f) => `${prefix}${f}`));
}

export class DeviceMqtt {
  #client: MqttClient | null = null;
  #timer: NodeJS.Timeout | null = null;
  #poller: NodeJS.Timeout | null = null;
  #rpcId = 0;
  /** When each silent Shelly was last asked (ms), so one that does not answer is asked every few minutes. */
  #asked = new Map<string, number>();
  /** History asks in flight by RPC id: the gap, and the records of its pages so far. */
  #history = new Map<number, { request: HistoryRequest; records: EmRecord[] }>();
  #backoff = MIN_BACKOFF_MS;
  #stopped = false;

  constructor(
    readonly consumer: DeviceConsumer,
    readonly options: MqttOptions,
  ) {}

  /** Loads the registered devices, connects and starts the flush timer. Resolves once subscribed. */
  async start(): Promise<void> {
    await this.consumer.load();
    if (this.#stopped) return;
    const { url, clientId, log } = this.options;
    const prefix = this.options.topicPrefix ?? '';
    const group = this.options.group ?? 'homeview';
    // Shelly answers a GetStatus on `<src>/rpc`: a topic of this server's own, not shared.
    const replySource = `homeview-${clientId}`.replace(/[/+#]/g, '_');
    const replyTopic = `${prefix}${replySource}/rpc`;
    const client = connect(url, {
      clientId,
      clean: false,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: this.options.sessionExpiryS ?? SESSION_EXPIRY_S },
      reconnectPeriod: MIN_BACKOFF_MS,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    this.#client = client;
    const subscribed = new Promise<void>((resolve) => {
      client.on('connect', (ack) => {
        this.#backoff = MIN_BACKOFF_MS;
        client.options.reconnectPeriod = MIN_BACKOFF_MS;
        const filters = [...deviceFilters(prefix).map((f) => `$share/${group}/${f}`), replyTopic];
        client.subscribe(filters, { qos: 1 }, (error) => {
          if (error) log?.warn({ err: error }, 'mqtt subscribe failed');
          else log?.info({ sessionPresent: ack.sessionPresent, filters: filters.length }, 'mqtt subscribed');
          resolve();
        });
      });
    });
    client.on('reconnect', () => {
      this.#backoff = Math.min(MAX_BACKOFF_MS, this.#backoff * 2);
      client.options.reconnectPeriod = this.#backoff;
    });
    client.on('error', (error) => log?.warn({ err: error }, 'mqtt error'));
    client.on('message', (topic, payload) => {
      const own = prefix !== '' && topic.startsWith(prefix) ? topic.slice(prefix.length) : topic;
      if (topic !== replyTopic) this.consumer.receive(own, payload);
      else if (!this.#historyAnswer(payload)) this.consumer.receiveShellyReply(own, payload);
    });
    const askHistory = (request: HistoryRequest, from: number, records: EmRecord[]) => {
      const id = ++this.#rpcId;
      this.#history.set(id, { request, records });
      const ask = {
        id,
        src: replySource,
        method: request.source.method,
        params: { id: request.source.id, ts: from, end_ts: request.to },
      };
      client.publish(`${prefix}${request.deviceId}/rpc`, JSON.stringify(ask), { qos: 1 });
    };
    this.#askPage = askHistory;
    this.#timer = setInterval(() => {
      // Shelly EMs back after a gap are asked for their records of it (EM1Data/EMData.GetData).
      if (client.connected) for (const r of this.consumer.historyRequests()) askHistory(r, r.from, []);
      void this.consumer.flush();
    }, FLUSH_MS);
    this.#poller = setInterval(
      () => {
        if (!client.connected) return;
        const silentS = this.options.shellySilentS ?? SHELLY_SILENT_S;
        for (const id of this.consumer.silentShellies(silentS)) {
          const asked = this.#asked.get(id);
          if (asked !== undefined && Date.now() - asked < silentS * 1000) continue;
          this.#asked.set(id, Date.now());
          const ask = { id: ++this.#rpcId, src: replySource, method: 'Shelly.GetStatus' };
          client.publish(`${prefix}${id}/rpc`, JSON.stringify(ask), { qos: 1 });
        }
      },
      (this.options.pollEveryS ?? 60) * 1000,
    );
    await subscribed;
  }

  #askPage: ((request: HistoryRequest, from: number, records: EmRecord[]) => void) | null = null;

  /**
   * An answer to one of our history asks (false: not one, e.g. a GetStatus answer): the next page is
   * asked while the device says there is more before the gap's end, then the records go to the consumer.
   */
  #historyAnswer(payload: Uint8Array): boolean {
    const text = Buffer.from(payload).toString('utf8');
    let id: unknown;
    try {
      id = (JSON.parse(text) as { id?: unknown } | null)?.id;
    } catch {
      return false;
    }
    const pending = typeof id === 'number' ? this.#history.get(id) : undefined;
    if (pending === undefined) return false;
    // An error answer (a device without the history) leaves the gap to be spread after HISTORY_WAIT_S.
    this.#history.delete(id as number);
    const answer = parseEmHistory(text);
    if (!answer.ok) {
      this.options.log?.warn(
        { deviceId: pending.request.deviceId, reason: answer.reason },
        'em history refused',
      );
      return true;
    }
    const records = [...pending.records, ...answer.records];
    if (answer.next !== null && answer.next < pending.request.to && answer.records.length > 0)
      this.#askPage?.(pending.request, answer.next, records);
    else this.consumer.receiveHistory(pending.request.key, records);
    return true;
  }

  /** Ends the connection (the broker keeps the session and queues), then stores what was received. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    if (this.#poller !== null) clearInterval(this.#poller);
    this.#timer = null;
    this.#poller = null;
    const client = this.#client;
    this.#client = null;
    if (client !== null) await client.endAsync();
    await this.consumer.flush();
  }
}
