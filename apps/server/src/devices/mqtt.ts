import type { MqttClient } from 'mqtt';
import { connectBroker } from '../shared/broker';
import type { DeviceConsumer, HistoryRequest } from './consumer';
import { DEVICE_KINDS, type DeviceKind, KIND_INFO } from './kinds';
import { type EmRecord, parseEmHistory, topicDevice } from './parse';
import { allPartitions, deviceTopics, partitionOf } from './partitions';

/**
 * The MQTT side of the device consumer (MQTT_URL), one MQTT 5 client per device partition this server
 * holds (partitions.ts): client id `<clientId>-p<p>` with a persistent session (clean: false, a week's
 * session expiry), so the broker keeps the partition's QoS 1 messages while no server holds it and hands
 * them to the next holder. It subscribes, as shared subscriptions (`$share/<group>/…`), the exact topics
 * of the partition's registered devices, again on every connect (a broker that lost the session must not
 * leave us deaf: MQTT.js issue 895), and subscribes or unsubscribes a device's topics as soon as it is
 * added or removed (`reload`). A partition is handed over cleanly (`give`): its client ends (the session
 * stays), what it buffered is flushed, and only then does the caller let its lock go.
 *
 * Devices nobody registered still need the wildcard filters: with `watchUnclaimed` this server (one of
 * them: main.ts) also connects as `<clientId>` without a session and subscribes every kind's filters at
 * QoS 0, only to count the messages of unregistered ids as unclaimed (skipped by topic when registered).
 *
 * Reconnects back off from 1 s to 30 s. Messages are acknowledged as they arrive (MQTT.js acknowledges
 * one at a time, so holding acks until a flush would stall it) and buffered until the next flush; a clean
 * stop ends the connections first, then flushes. A crash loses what was taken and not yet stored (a tick
 * and a flush: seconds under load); cumulative counters get that energy back from their next message,
 * power-only feeds and a plug's open use do not (ARCHITECTURE "Several servers"). Registered
 * Shelly Gen2+ devices silent for SHELLY_SILENT_S are asked `Shelly.GetStatus` on `<id>/rpc` by their
 * partition's client; the answer comes back on that client's own `homeview-<client id>/rpc`.
 */
export const FLUSH_MS = 250;
/** A registered Shelly Gen2+ silent this long is asked for its status (it does not repeat unchanged values). */
export const SHELLY_SILENT_S = 300;
const SESSION_EXPIRY_S = 7 * 24 * 3600;
const MIN_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** Topic filters per SUBSCRIBE packet. */
const FILTERS_PER_PACKET = 500;
/** A subscription change not acknowledged within this long is left to the next connect. */
const SYNC_WAIT_MS = 10_000;

export interface MqttOptions {
  url: string;
  clientId: string;
  /** Put before every topic filter and taken off incoming topics (tests give each test its own). */
  topicPrefix?: string;
  /** The shared-subscription group; default `homeview`. */
  group?: string;
  /** Device partitions (MQTT_PARTITIONS), the same on every server; default 8. */
  partitions?: number;
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

/** One partition's client: its reply topic, and the filters subscribed since it connected. */
interface Part {
  p: number;
  client: MqttClient;
  replySource: string;
  replyTopic: string;
  topics: Set<string>;
  subscribed: Promise<void>;
  /** A SUBSCRIBE of several filters was refused: the next connect subscribes them one at a time. */
  oneByOne: boolean;
  /** The reason code of the broker's last DISCONNECT (0x81 malformed packet: a filter it refuses). */
  refusedWith: number | null;
}

/**
 * DISCONNECT and SUBACK reason codes that mean the broker refuses the filter itself (Mosquitto answers a
 * filter with a control character or a non-character with DISCONNECT 0x81 and drops the client), as
 * opposed to a broker going away: only these quarantine a device.
 */
const REFUSED_FILTER = new Set([0x81, 0x82, 0x8f]);

export class DeviceMqtt {
  #parts = new Map<number, Part>();
  #watcher: { client: MqttClient; subscribed: Promise<void> } | null = null;
  #held = new Set<number>();
  #opened = false;
  #timer: NodeJS.Timeout | null = null;
  #poller: NodeJS.Timeout | null = null;
  #rpcId = 0;
  /** When each silent Shelly was last asked (ms), so one that does not answer is asked every few minutes. */
  #asked = new Map<string, number>();
  /** History asks in flight by RPC id: the gap, the client asking, and the records of its pages so far. */
  #history = new Map<number, { request: HistoryRequest; part: Part; records: EmRecord[] }>();
  /**
   * Status questions in flight by RPC id: the device asked, the partition's client that asked, when. A
   * reply is taken only when its id names a question this client sent to the device its `src` names
   * (issue 34 item 4: anyone can publish on the reply topic, and a forged reply wrote into any home's
   * Shelly); once, and within ASK_TTL_MS.
   */
  #questions = new Map<number, { deviceId: string; part: Part; at: number }>();
  /** take, give and stop one at a time. */
  #work: Promise<void> = Promise.resolve();
  #syncedLoads = -1;
  #unaskedLoggedAt = Number.NEGATIVE_INFINITY;
  /**
   * Devices whose topic filter the broker refused (by kind and id): never subscribed again by this
   * process, and marked on their card, so one id never blinds the rest of its partition (issue 34).
   */
  #quarantined = new Set<string>();
  #watchWanted = false;
  #stopped = false;
  readonly partitions: number;

  constructor(
    readonly consumer: DeviceConsumer,
    readonly options: MqttOptions,
  ) {
    this.partitions = options.partitions ?? 8;
    consumer.owns = (kind, deviceId) => this.#held.has(partitionOf(kind, deviceId, this.partitions));
  }

  /** The partitions this client holds, in order. */
  get held(): number[] {
    return [...this.#held].sort((a, b) => a - b);
  }

  /**
   * One process alone (PGlite, the tests, the bench): every partition and the unclaimed devices. Resolves
   * once all are subscribed.
   */
  async start(): Promise<void> {
    for (const p of allPartitions(this.partitions)) await this.take(p);
    await this.watchUnclaimed(true);
    await this.subscribed();
  }

  /** Resolves once every partition held now (and the unclaimed watch, when on) has subscribed. */
  async subscribed(): Promise<void> {
    await Promise.all([...[...this.#parts.values()].map((p) => p.subscribed), this.#watcher?.subscribed]);
  }

  /** Starts the flush timer and the Shelly poller (once). */
  #open(): void {
    if (this.#opened) return;
    this.#opened = true;
    const prefix = this.options.topicPrefix ?? '';
    this.#timer = setInterval(() => {
      // Shelly EMs back after a gap are asked for their records of it (EM1Data/EMData.GetData).
      for (const r of this.consumer.historyRequests()) {
        const part = this.#parts.get(partitionOf('shelly', r.deviceId, this.partitions));
        if (part?.client.connected) this.#askHistory(part, r, r.from, []);
      }
      void this.consumer.flush().then(() => this.#sync());
    }, FLUSH_MS);
    this.#poller = setInterval(
      () => {
        const silentS = this.options.shellySilentS ?? SHELLY_SILENT_S;
        for (const id of this.consumer.silentShellies(silentS)) {
          const part = this.#parts.get(partitionOf('shelly', id, this.partitions));
          if (!part?.client.connected) continue;
          const asked = this.#asked.get(id);
          if (asked !== undefined && Date.now() - asked < silentS * 1000) continue;
          this.#asked.set(id, Date.now());
          const ask = { id: ++this.#rpcId, src: part.replySource, method: 'Shelly.GetStatus' };
          this.#forgetOldQuestions();
          this.#questions.set(ask.id, { deviceId: id, part, at: Date.now() });
          part.client.publish(`${prefix}${id}/rpc`, JSON.stringify(ask), { qos: 1 });
        }
      },
      (this.options.pollEveryS ?? 60) * 1000,
    );
  }

  #queue(step: () => Promise<void>): Promise<void> {
    const next = this.#work.then(step);
    this.#work = next.catch(() => undefined);
    return next;
  }

  /**
   * Partition p is this server's now: its devices are read afresh (the state the last holder stored with
   * its last batch) and its client connects, resuming the partition's session. Resolves once connecting
   * (`subscribed()` says when it is subscribed): a broker that is down does not hold the caller up.
   */
  take(p: number): Promise<void> {
    return this.#queue(async () => {
      if (this.#stopped || this.#parts.has(p)) return;
      this.#held.add(p);
      this.#open();
      await this.consumer.load();
      this.#syncedLoads = this.consumer.loads;
      this.#parts.set(p, this.#connect(p));
    });
  }

  /** Hands partition p over: its client ends (the broker keeps its session), then what it buffered is written. */
  give(p: number): Promise<void> {
    return this.#queue(async () => {
      const part = this.#parts.get(p);
      if (part === undefined) return;
      this.#parts.delete(p);
      await part.client.endAsync();
      await this.consumer.flush();
      this.#held.delete(p);
      // Its devices leave the consumer: another server reads them from here on.
      await this.consumer.load();
      this.#syncedLoads = this.consumer.loads;
    });
  }

  #connect(p: number): Part {
    const { url, log } = this.options;
    const prefix = this.options.topicPrefix ?? '';
    const clientId = `${this.options.clientId}-p${p}`;
    // Shelly answers a GetStatus on `<src>/rpc`: a topic of this client's own, not shared.
    const replySource = `homeview-${clientId}`.replace(/[/+#]/g, '_');
    const replyTopic = `${prefix}${replySource}/rpc`;
    const client = connectBroker(url, {
      clientId,
      clean: false,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: this.options.sessionExpiryS ?? SESSION_EXPIRY_S },
      reconnectPeriod: MIN_BACKOFF_MS,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    let backoff = MIN_BACKOFF_MS;
    const part: Part = {
      p,
      client,
      replySource,
      replyTopic,
      topics: new Set(),
      subscribed: Promise.resolve(),
      oneByOne: false,
      refusedWith: null,
    };
    client.on('disconnect', (packet) => {
      part.refusedWith = packet.reasonCode ?? null;
    });
    part.subscribed = new Promise<void>((resolve) => {
      client.on('connect', (ack) => {
        backoff = MIN_BACKOFF_MS;
        client.options.reconnectPeriod = MIN_BACKOFF_MS;
        part.refusedWith = null;
        const topics = this.#wanted(p);
        part.topics = new Set(topics.keys());
        this.#subscribe(part, [...topics.keys(), replyTopic], topics).then(
          () => {
            log?.info(
              { partition: p, sessionPresent: ack.sessionPresent, filters: topics.size },
              'mqtt subscribed',
            );
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
    client.on('message', (topic, payload) => {
      const own = prefix !== '' && topic.startsWith(prefix) ? topic.slice(prefix.length) : topic;
      if (topic === replyTopic) {
        const reply = replyOf(payload);
        if (reply === null) return;
        if (this.#historyAnswer(part, reply, payload)) return;
        const question = this.#questions.get(reply.id as number);
        if (question === undefined || question.part !== part || question.deviceId !== reply.src) {
          this.#unasked(part, reply);
          return;
        }
        this.#questions.delete(reply.id as number);
        this.consumer.receiveShellyReply(own, payload);
        return;
      }
      // A device removed while nobody held the partition is still in its session: the watcher counts it.
      const device = topicDevice(own);
      if (device !== null && !this.consumer.isRegistered(device.kind, device.deviceId)) return;
      this.consumer.receive(own, payload);
    });
    return part;
  }

  /** The shared filters of partition p's registered devices (but the quarantined), each with its device. */
  #wanted(p: number): Map<string, { kind: DeviceKind; deviceId: string }> {
    const prefix = this.options.topicPrefix ?? '';
    const group = this.options.group ?? 'homeview';
    const topics = new Map<string, { kind: DeviceKind; deviceId: string }>();
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
    devices: ReadonlyMap<string, { kind: DeviceKind; deviceId: string }>,
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

  #quarantine(
    part: Part,
    filter: string,
    devices: ReadonlyMap<string, { kind: DeviceKind; deviceId: string }>,
  ): void {
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

  /**
   * After the consumer read the devices again: the connected partitions subscribe their new devices'
   * topics and unsubscribe the removed ones' (a partition not connected subscribes all at its connect).
   */
  async #sync(): Promise<void> {
    if (this.consumer.loads === this.#syncedLoads) return;
    this.#syncedLoads = this.consumer.loads;
    const changes: Promise<unknown>[] = [];
    for (const part of this.#parts.values()) {
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

  /** Reads the registered devices again (a device added, claimed or removed) and (un)subscribes at once. */
  async reload(): Promise<void> {
    await this.consumer.load();
    await this.#sync();
  }

  /**
   * Counts the messages of devices nobody registered (one server does: main.ts), through the wildcard
   * filters at QoS 0 without a session; topics of registered devices are skipped unread.
   */
  async watchUnclaimed(on: boolean): Promise<void> {
    this.#watchWanted = on;
    if (!on || this.#stopped) {
      const watcher = this.#watcher;
      this.#watcher = null;
      await watcher?.client.endAsync();
      return;
    }
    if (this.#watcher !== null) return this.#watcher.subscribed;
    this.#open();
    if (this.consumer.loads === 0) await this.consumer.load();
    // Turned off, or on by another call, meanwhile.
    if (!this.#watchWanted || this.#stopped || this.#watching()) return;
    const prefix = this.options.topicPrefix ?? '';
    const client = connectBroker(this.options.url, {
      clientId: this.options.clientId,
      clean: true,
      protocolVersion: 5,
      reconnectPeriod: 5000,
      connectTimeout: 10_000,
      resubscribe: false,
    });
    const subscribed = new Promise<void>((resolve) => {
      client.on('connect', () => {
        client.subscribe(deviceFilters(prefix), { qos: 0 }, (error) => {
          if (error) this.options.log?.warn({ err: error }, 'mqtt subscribe failed (unclaimed devices)');
          resolve();
        });
      });
    });
    client.on('error', (error) => this.options.log?.warn({ err: error }, 'mqtt error (unclaimed devices)'));
    client.on('message', (topic, payload) => {
      const own = prefix !== '' && topic.startsWith(prefix) ? topic.slice(prefix.length) : topic;
      const device = topicDevice(own);
      if (device !== null && this.consumer.isRegistered(device.kind, device.deviceId)) return;
      this.consumer.receive(own, payload);
    });
    this.#watcher = { client, subscribed };
    await subscribed;
  }

  #watching(): boolean {
    return this.#watcher !== null;
  }

  #askHistory(part: Part, request: HistoryRequest, from: number, records: EmRecord[]): void {
    const prefix = this.options.topicPrefix ?? '';
    const id = ++this.#rpcId;
    this.#history.set(id, { request, part, records });
    const ask = {
      id,
      src: part.replySource,
      method: request.source.method,
      params: { id: request.source.id, ts: from, end_ts: request.to },
    };
    part.client.publish(`${prefix}${request.deviceId}/rpc`, JSON.stringify(ask), { qos: 1 });
  }

  /**
   * An answer to one of our history asks (false: not one, e.g. a GetStatus answer): the next page is
   * asked while the device says there is more before the gap's end, then the records go to the consumer.
   */
  #historyAnswer(part: Part, reply: RpcReply, payload: Uint8Array): boolean {
    const text = Buffer.from(payload).toString('utf8');
    const id = reply.id;
    const pending = typeof id === 'number' ? this.#history.get(id) : undefined;
    // Only from the device asked, to the client that asked (else it is no answer of ours: see #questions).
    if (pending === undefined || pending.part !== part || pending.request.deviceId !== reply.src)
      return false;
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
      this.#askHistory(pending.part, pending.request, answer.next, records);
    else this.consumer.receiveHistory(pending.request.key, records);
    return true;
  }

  #forgetOldQuestions(): void {
    const before = Date.now() - ASK_TTL_MS;
    for (const [id, q] of this.#questions) {
      if (q.at >= before && this.#questions.size <= MAX_QUESTIONS) break;
      this.#questions.delete(id);
    }
  }

  /** A reply to no question of ours (forged, or too late): dropped, and logged at most once a minute. */
  #unasked(part: Part, reply: RpcReply): void {
    const now = Date.now();
    if (now - this.#unaskedLoggedAt < 60_000) return;
    this.#unaskedLoggedAt = now;
    this.options.log?.warn(
      { partition: part.p, id: reply.id, src: String(reply.src).slice(0, 200) },
      'shelly reply to no question of ours dropped',
    );
  }

  /** Ends every connection (the broker keeps the sessions and queues), then stores what was received. */
  async stop(): Promise<void> {
    await this.#queue(async () => {
      this.#stopped = true;
      if (this.#timer !== null) clearInterval(this.#timer);
      if (this.#poller !== null) clearInterval(this.#poller);
      this.#timer = null;
      this.#poller = null;
      const parts = [...this.#parts.values()];
      this.#parts.clear();
      await Promise.all(parts.map((part) => part.client.endAsync()));
      await this.watchUnclaimed(false);
      await this.consumer.flush();
    });
  }
}

/** A status question is answered within this long, or its answer is dropped (the device is asked again). */
const ASK_TTL_MS = 60_000;
const MAX_QUESTIONS = 10_000;

interface RpcReply {
  id: unknown;
  src: unknown;
}

/** The id and src of an RPC reply, or null when it is no JSON object. */
function replyOf(payload: Uint8Array): RpcReply | null {
  try {
    const reply = JSON.parse(Buffer.from(payload).toString('utf8')) as unknown;
    if (typeof reply !== 'object' || reply === null) return null;
    return { id: (reply as RpcReply).id, src: (reply as RpcReply).src };
  } catch {
    return null;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
