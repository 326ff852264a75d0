import type { DeviceConsumer } from './consumer';
import { type Holding, handSessionOver, holdSession } from './handover';
import { type ConnectionOptions, connectPart, type Part, sessionId, withoutPrefix } from './mqtt-connection';
import { Subscriptions } from './mqtt-subscriptions';
import { type UnclaimedWatch, watchUnclaimedDevices } from './mqtt-unclaimed';
import { topicDevice } from './parse';
import { allPartitions, partitionOf } from './partitions';
import { ShellyRpc } from './shelly-rpc';

// The MQTT side of the device consumer (MQTT_URL): which device partitions this server holds
// (partitions.ts), each read by its own client (mqtt-connection.ts) subscribed to its devices' exact topics
// (mqtt-subscriptions.ts), and added or removed as soon as a device is (`reload`). A partition is handed
// over cleanly (`give`): its client ends (the session stays), what it buffered is flushed, and only then
// does the caller let its lock go. With `watchUnclaimed` this server also counts unregistered devices
// (mqtt-unclaimed.ts).
//
// Messages are acknowledged as they arrive (MQTT.js acknowledges one at a time, so holding acks until a
// flush would stall it) and buffered until the next flush; a clean stop ends the connections first, then
// flushes. A crash loses what was taken and not yet stored (a tick and a flush: seconds under load);
// cumulative counters get that energy back from their next message, power-only feeds do not, and a plug's
// open use is forgotten by the next holder (handover.ts), never joined across the gap. Registered Shelly
// Gen2+ devices silent for SHELLY_SILENT_S, and Shelly EMs back after a gap, are asked over RPC by their
// partition's client (shelly-rpc.ts).

/** How often what was received is written, and the subscriptions follow the devices read since. */
export const FLUSH_MS = 250;
/** A registered Shelly Gen2+ silent this long is asked for its status (it does not repeat unchanged values). */
export const SHELLY_SILENT_S = 300;

export interface MqttOptions extends ConnectionOptions {
  /** The shared-subscription group; default `homeview`. */
  group?: string;
  /** Device partitions (MQTT_PARTITIONS), the same on every server; default 8. */
  partitions?: number;
  /** Seconds between looks for silent Shellies (default 60); their silence threshold is SHELLY_SILENT_S. */
  pollEveryS?: number;
  shellySilentS?: number;
}

export class DeviceMqtt {
  #parts = new Map<number, Part>();
  /** This server's holding of each partition's session (handover.ts). */
  #holdings = new Map<number, Holding>();
  #watcher: UnclaimedWatch | null = null;
  #held = new Set<number>();
  #opened = false;
  #timer: NodeJS.Timeout | null = null;
  #poller: NodeJS.Timeout | null = null;
  readonly #subscriptions: Subscriptions;
  readonly #rpc: ShellyRpc;
  /** take, give and stop one at a time. */
  #work: Promise<void> = Promise.resolve();
  #syncedLoads = -1;
  #watchWanted = false;
  #stopped = false;
  readonly partitions: number;

  constructor(
    readonly consumer: DeviceConsumer,
    readonly options: MqttOptions,
  ) {
    this.partitions = options.partitions ?? 8;
    consumer.owns = (kind, deviceId) => this.#held.has(partitionOf(kind, deviceId, this.partitions));
    this.#subscriptions = new Subscriptions(consumer, this.partitions, options);
    this.#rpc = new ShellyRpc(consumer, options);
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
    this.#timer = setInterval(() => {
      // Shelly EMs back after a gap are asked for their records of it (EM1Data/EMData.GetData).
      for (const r of this.consumer.historyRequests()) {
        const part = this.#shellyPart(r.deviceId);
        if (part !== undefined) this.#rpc.askHistory(part, r);
      }
      void this.consumer.flush().then(() => this.#sync());
    }, FLUSH_MS);
    this.#poller = setInterval(
      () => {
        const silentS = this.options.shellySilentS ?? SHELLY_SILENT_S;
        for (const id of this.consumer.silentShellies(silentS)) {
          const part = this.#shellyPart(id);
          if (part !== undefined) this.#rpc.askStatus(part, id, silentS);
        }
      },
      (this.options.pollEveryS ?? 60) * 1000,
    );
  }

  /** The connected client of a Shelly's partition, if this server holds it. */
  #shellyPart(deviceId: string): Part | undefined {
    const part = this.#parts.get(partitionOf('shelly', deviceId, this.partitions));
    return part?.client.connected ? part : undefined;
  }

  #queue(step: () => Promise<void>): Promise<void> {
    const next = this.#work.then(step);
    this.#work = next.catch(() => undefined);
    return next;
  }

  /**
   * Partition p is this server's now: its devices are read afresh (the state the last holder stored with
   * its last batch; a plug's open use forgotten if that holder died: handover.ts) and its client connects,
   * resuming the partition's session. Resolves once connecting (`subscribed()` says when it is
   * subscribed): a broker that is down does not hold the caller up.
   */
  take(p: number): Promise<void> {
    return this.#queue(async () => {
      if (this.#stopped || this.#parts.has(p)) return;
      const holding = await holdSession(this.consumer.db, sessionId(this.options.clientId, p));
      this.#holdings.set(p, holding);
      this.#held.add(p);
      this.#open();
      await this.consumer.load();
      this.#syncedLoads = this.consumer.loads;
      if (!holding.handedOver) {
        const plugs = this.consumer.distrustPlugs((kind, id) => partitionOf(kind, id, this.partitions) === p);
        this.options.log?.warn(
          { partition: p, plugs },
          'device partition taken from a server that died: open plug uses forgotten',
        );
      }
      const part = connectPart(p, this.options, {
        subscribeAll: (part) => this.#subscriptions.subscribeAll(part),
        message: (part, topic, payload) => this.#receive(part, topic, payload),
      });
      this.#parts.set(p, part);
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
      await this.#handOver([p]);
      this.#held.delete(p);
      // Its devices leave the consumer: another server reads them from here on.
      await this.consumer.load();
      this.#syncedLoads = this.consumer.loads;
    });
  }

  /** After a flush that wrote everything: the next holders of these sessions may believe what is stored. */
  async #handOver(ps: number[]): Promise<void> {
    const holdings = ps.map((p) => [p, this.#holdings.get(p)] as const);
    for (const p of ps) this.#holdings.delete(p);
    if (!this.consumer.lastFlushOk) return;
    for (const [p, holding] of holdings) {
      if (holding === undefined) continue;
      try {
        await handSessionOver(this.consumer.db, sessionId(this.options.clientId, p), holding);
      } catch (error) {
        this.options.log?.warn(
          { partition: p, reason: String(error) },
          'device partition not marked handed over',
        );
      }
    }
  }

  #receive(part: Part, topic: string, payload: Buffer): void {
    const own = withoutPrefix(topic, this.options.topicPrefix ?? '');
    if (topic === part.replyTopic) {
      this.#rpc.receive(part, own, payload);
      return;
    }
    // A device removed while nobody held the partition is still in its session: the watcher counts it.
    const device = topicDevice(own);
    if (device !== null && !this.consumer.isRegistered(device.kind, device.deviceId)) return;
    this.consumer.receive(own, payload);
  }

  /** After the consumer read the devices again (a flush may have): the held partitions follow. */
  async #sync(): Promise<void> {
    if (this.consumer.loads === this.#syncedLoads) return;
    this.#syncedLoads = this.consumer.loads;
    await this.#subscriptions.sync(this.#parts.values());
  }

  /** Reads the registered devices again (a device added, claimed or removed) and (un)subscribes at once. */
  async reload(): Promise<void> {
    await this.consumer.load();
    await this.#sync();
  }

  /** Turns this server's count of unregistered devices' messages on or off (one server does: main.ts). */
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
    this.#watcher = watchUnclaimedDevices(this.options, this.consumer);
    await this.#watcher.subscribed;
  }

  #watching(): boolean {
    return this.#watcher !== null;
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
      await this.#handOver(parts.map((part) => part.p));
    });
  }
}
