import type { Db } from '../db/types';
import type { ApplianceEventInput, Reading } from '../features/readings/ingest';
import { expireGaps, type HistoryRequest, historyRequests, placeHistory } from './em-history';
import type { DeviceKind } from '../features/devices/kinds';
import { channelKey, key, type Live, pushTo } from './live';
import { loadDevices } from './load';
import { distrustPlug, type SampleSink, takePlugUses, takeSample } from './normalise';
import { type ParseOptions, parseDeviceMessage } from './parse';
import type { DeviceSample, Parsed } from './parsers/sample';
import { parseShellyReply } from './parsers/shelly';
import type { EmRecord } from './parsers/shelly-em-history';
import { DeviceRecords } from './records';
import { writeTaken } from './writer';

export { EM_GAP_S, HISTORY_WAIT_S, type HistoryRequest } from './em-history';
export { integratePower, MAX_POWER_GAP_S } from './normalise';

/**
 * Device messages → readings and appliance uses, buffered and written in batches across homes (at most
 * every `flush()`, which the MQTT client calls every FLUSH_MS). Per registered device it keeps the counter
 * normaliser's state and the open minutes (stored with the device in the transaction of the readings they
 * produced, so a restart differences against exactly what was stored) and, for a plug, the use detector.
 * Bad messages are counted per device and topic and logged at most once a minute per device; messages of
 * devices nobody registered are counted as unclaimed. Nothing here throws on input.
 */
export interface ConsumerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ConsumerStats {
  messages: number;
  ignored: number;
  rejected: number;
  unclaimed: number;
  readingsStored: number;
  /** Gas readings (half-hours of a Glow's gas register). */
  gasStored: number;
  usesStored: number;
  flushes: number;
  /** Time spent in flushes, and the longest one (ms). */
  flushMs: number;
  flushMsMax: number;
}

const LOG_EVERY_S = 60;
/** Registered devices are read again this often (a device added with the CLI starts being stored). */
const RELOAD_S = 10;

/**
 * A reason as stored: reasons quote the payload (`"…" is not a number`), and a control character there,
 * NUL above all, is no PostgreSQL text: one message with a NUL made every flush fail (the device's state
 * and the house's readings retried for ever) until the fuzz found it. What a terminal shows of it is the
 * log's and the CLI's job (http/logging.ts printable, the one terminal helper).
 */
const storable = (reason: string) =>
  Array.from(reason, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? '\ufffd' : c;
  }).join('');

/**
 * The device wing's one stateful part: it holds the registered channels (load.ts), takes messages into
 * them (parse.ts, normalise.ts, em-history.ts), keeps refused and unclaimed devices (records.ts), and
 * hands what it buffered to the writer (writer.ts) at each flush.
 */
export class DeviceConsumer {
  readonly stats: ConsumerStats = {
    messages: 0,
    ignored: 0,
    rejected: 0,
    unclaimed: 0,
    readingsStored: 0,
    gasStored: 0,
    usesStored: 0,
    flushes: 0,
    flushMs: 0,
    flushMsMax: 0,
  };
  /** By kind, device id and channel. */
  #live = new Map<string, Live>();
  /** Registered channels by kind and device id (a message names the device; its samples the channels). */
  #channels = new Map<string, Live[]>();
  #loadedAt = Number.NEGATIVE_INFINITY;
  #readings = new Map<number, Reading[]>();
  /** Gas readings by house (a Glow's gas register), written as gas with the electricity. */
  #gas = new Map<number, Reading[]>();
  #events = new Map<number, ApplianceEventInput[]>();
  /** Refused messages and unclaimed devices, as kept between flushes (records.ts). */
  #records: DeviceRecords;
  #loggedAt = new Map<string, number>();
  #flushing: Promise<void> = Promise.resolve();
  /** Every registered device by kind and id, this consumer's or not (a device of another partition). */
  #registered = new Set<string>();
  /**
   * Which registered devices this consumer reads (DeviceMqtt: those of the partitions this server holds);
   * the others are only known as registered, never counted unclaimed. A device no longer its own is
   * dropped at the next load, and read afresh from the database when it is again.
   */
  owns: (kind: DeviceKind, deviceId: string) => boolean = () => true;
  /** Counts loads (DeviceMqtt subscribes the topics of devices added since). */
  loads = 0;
  /** The flush waiting for the one in progress, if any (flush()). */
  #queued: Promise<void> | null = null;
  /** Whether the last flush wrote everything it took (a session is handed over only then: handover.ts). */
  lastFlushOk = true;

  constructor(
    readonly db: Db,
    readonly options: {
      now: () => number;
      log?: ConsumerLog;
      /** Told after each house's batch committed (the bench measures publish-to-stored with it). */
      onStored?: (houseId: number, readings: readonly Reading[]) => void;
      /** Most rows kept of unclaimed devices and of refused messages (records.ts CAP). */
      recordsCap?: number;
    },
  ) {
    this.#records = new DeviceRecords(options.recordsCap);
  }

  /** Reads the registered devices (and their stored state, for devices not yet live). */
  async load(): Promise<void> {
    const loaded = await loadDevices(this.db, this.#live, this.owns);
    this.#live = loaded.live;
    this.#registered = loaded.registered;
    this.loads++;
    this.#channels = loaded.channels;
    this.#loadedAt = Math.floor(this.options.now());
  }

  /**
   * The plugs `chosen` were read afresh from what a holder that died stored (handover.ts): their held
   * power and open uses are forgotten, their closed uses settled now. Returns how many plugs.
   */
  distrustPlugs(chosen: (kind: DeviceKind, deviceId: string) => boolean): number {
    let n = 0;
    for (const live of this.#live.values()) {
      if (live.plug === null || !chosen(live.device.kind, live.device.deviceId)) continue;
      n++;
      const uses = distrustPlug(live);
      if (uses.length > 0) pushTo(this.#events, live.device.houseId, uses);
    }
    return n;
  }

  /** Whether a device is registered to a home (this consumer's or another's: see `owns`). */
  isRegistered(kind: DeviceKind, deviceId: string): boolean {
    return this.#registered.has(key(kind, deviceId));
  }

  /** The devices this consumer reads (one entry per device, whatever its channels). */
  ownDevices(): { kind: DeviceKind; deviceId: string }[] {
    return [...this.#channels.values()].map((lives) => (lives[0] as Live).device);
  }

  /** The parser's options, made once (not a closure per message: bench/NOTES.md, devices at 10,000/s). */
  readonly #parseOptions: ParseOptions = {
    zoneOf: (kind, id) => this.#channels.get(key(kind, id))?.[0]?.device.zone,
  };

  /** One MQTT message. Never throws. */
  receive(topic: string, payload: Uint8Array | string): void {
    const now = Math.floor(this.options.now());
    let parsed: Parsed;
    try {
      parsed = parseDeviceMessage(topic, payload, now, this.#parseOptions);
    } catch (error) {
      this.#parserFailed(topic, error);
      return;
    }
    this.#take(topic, now, parsed);
  }

  /** A Shelly's answer to our Shelly.GetStatus (DeviceMqtt asks silent ones). Never throws. */
  receiveShellyReply(topic: string, payload: Uint8Array | string): void {
    const now = Math.floor(this.options.now());
    let parsed: Parsed;
    try {
      parsed = parseShellyReply(payload, now);
    } catch (error) {
      this.#parserFailed(topic, error);
      return;
    }
    this.#take(topic, now, parsed);
  }

  #parserFailed(topic: string, error: unknown): void {
    this.stats.messages++;
    this.options.log?.error({ err: error, topic }, 'device message parser failed');
    this.stats.rejected++;
  }

  /** A device refused whatever it sends (the broker refuses its topics: DeviceMqtt), on its card and counted. */
  refuseDevice(kind: DeviceKind, deviceId: string, reason: string): void {
    const now = Math.floor(this.options.now());
    this.#reject(this.#channels.get(key(kind, deviceId))?.[0], kind, deviceId, '', reason, now);
  }

  /** Registered Shelly Gen2+ devices silent for `silentS` or more (they do not repeat unchanged values). */
  silentShellies(silentS: number): string[] {
    const now = Math.floor(this.options.now());
    const ids: string[] = [];
    for (const [k, lives] of this.#channels) {
      if (!k.startsWith('shelly\u0000')) continue;
      if (lives.some((l) => l.lastMessage === null || now - l.lastMessage >= silentS))
        ids.push((lives[0] as Live).device.deviceId);
    }
    return ids;
  }

  /** Gaps of Shelly EMs not yet asked for (each is asked once; see receiveHistory and HISTORY_WAIT_S). */
  historyRequests(): HistoryRequest[] {
    return historyRequests(this.#live, Math.floor(this.options.now()));
  }

  /** A Shelly EM's records of a gap (em-history.ts placeHistory). */
  receiveHistory(key: string, records: readonly EmRecord[]): void {
    const live = this.#live.get(key);
    const readings = placeHistory(live, records);
    if (live !== undefined && readings.length > 0) pushTo(this.#readings, live.device.houseId, readings);
  }

  #take(topic: string, now: number, parsed: Parsed): void {
    this.stats.messages++;
    if (parsed === null) {
      this.stats.ignored++;
      return;
    }
    const device = parsed.ok ? (parsed.samples[0] as DeviceSample) : parsed;
    const channels = this.#channels.get(key(device.kind, device.deviceId));
    if (!parsed.ok) {
      // A bad message is the device's, whichever channel it was about.
      this.#reject(channels?.[0], parsed.kind, parsed.deviceId, topic, parsed.reason, now);
      return;
    }
    if (channels === undefined && this.#registered.has(key(device.kind, device.deviceId))) {
      this.stats.ignored++; // another server's partition (a message in flight as it was handed over)
      return;
    }
    if (channels === undefined) {
      // An id nobody could register (too long, a control character) is not counted: records.ts.
      // Its import counter is what its owner will type to prove it is theirs (features/devices/possession.ts).
      const counter = parsed.samples.find(
        (s) => s.channel === 0 && s.fuel === undefined && s.importMwh !== undefined,
      )?.importMwh;
      if (this.#records.unclaimed(device.kind, device.deviceId, now, counter)) this.stats.unclaimed++;
      else this.stats.ignored++;
      return;
    }
    for (const s of parsed.samples) {
      // A last will speaks for every channel of the device; other samples for their own channel (one
      // nobody registered measures nothing anyone asked for: ignored).
      if (s.online !== undefined && s.importMwh === undefined && s.powerW === undefined) {
        for (const live of channels) {
          live.lastMessage = now;
          live.online = s.online;
          live.dirty = true;
        }
        continue;
      }
      const live = this.#live.get(channelKey(s.kind, s.deviceId, s.channel));
      if (live === undefined) continue;
      this.#topic = topic;
      takeSample(live, s, now, this.#sink);
    }
  }

  /** The topic of the message being taken, for the sink's reasons. */
  #topic = '';
  /** Where takeSample tells back, made once (not two closures per sample). */
  readonly #sink: SampleSink = {
    reject: (live, s, reason, now) => this.#reject(live, s.kind, s.deviceId, this.#topic, reason, now),
    readings: (live, readings, fuel) =>
      pushTo(fuel === 'gas' ? this.#gas : this.#readings, live.device.houseId, readings),
  };

  #reject(
    live: Live | undefined,
    kind: string,
    deviceId: string,
    topic: string,
    reason: string,
    now: number,
  ): void {
    this.stats.rejected++;
    reason = storable(reason);
    // Kept per device and topic, unless the id could never be a device's (then only counted here).
    this.#records.reject(kind, deviceId, topic, reason, now);
    if (live !== undefined) {
      live.newRejects++;
      live.lastReject = { reason, at: now };
      live.dirty = true;
    }
    const logKey = key(kind, deviceId);
    const logged = this.#loggedAt.get(logKey);
    if (logged === undefined || now - logged >= LOG_EVERY_S) {
      this.#loggedAt.set(logKey, now);
      if (this.#loggedAt.size > 100_000) this.#loggedAt.clear();
      this.options.log?.warn(
        { kind, deviceId: deviceId.slice(0, 200), topic: topic.slice(0, 500), reason: reason.slice(0, 500) },
        'device message rejected',
      );
    }
  }

  /**
   * Writes everything buffered; flushes never overlap (one waits for the one before). A call while a flush
   * waits to start shares that one, which takes everything received until it starts: a flush slower than
   * the timer's tick is followed by one flush, not by a flush for every tick that passed meanwhile.
   */
  flush(): Promise<void> {
    if (this.#queued !== null) return this.#queued;
    const next = this.#flushing
      .then(async () => {
        this.#queued = null;
        const t0 = performance.now();
        try {
          await this.#flush();
        } catch (error) {
          this.lastFlushOk = false;
          throw error;
        }
        this.lastFlushOk = true;
        const ms = performance.now() - t0;
        this.stats.flushMs += ms;
        this.stats.flushMsMax = Math.max(this.stats.flushMsMax, ms);
      })
      .catch((error: unknown) => {
        this.options.log?.error({ err: error }, 'device flush failed');
      });
    this.#queued = next;
    this.#flushing = next;
    return next;
  }

  async #flush(): Promise<void> {
    const now = Math.floor(this.options.now());
    if (now - this.#loadedAt >= RELOAD_S) await this.load();
    expireGaps(this.#live.values(), now, (live, readings) =>
      pushTo(this.#readings, live.device.houseId, readings),
    );
    // Plugs' uses whose energy is known by now.
    for (const live of this.#live.values()) {
      const uses = takePlugUses(live, now);
      if (uses.length > 0) pushTo(this.#events, live.device.houseId, uses);
    }
    // Everything taken at once (synchronously), so the states written match the readings written.
    const readings = this.#readings;
    const gas = this.#gas;
    const events = this.#events;
    const records = this.#records.take();
    this.#readings = new Map();
    this.#gas = new Map();
    this.#events = new Map();
    const dirty = new Map<number, Live[]>();
    for (const live of this.#live.values()) {
      if (!live.dirty) continue;
      live.dirty = false;
      pushTo(dirty, live.device.houseId, [live]);
    }
    this.stats.flushes++;
    const failure = await writeTaken(this.db, { readings, gas, events, dirty }, now, {
      stored: (batch) => {
        this.stats.readingsStored += batch.readings.length;
        this.stats.gasStored += batch.gas.length;
        this.stats.usesStored += batch.events.length;
        this.options.onStored?.(batch.houseId, batch.readings);
      },
      putBack: ({ houseId, readings, gas, events }) => {
        this.#readings.set(houseId, [...readings, ...(this.#readings.get(houseId) ?? [])]);
        this.#gas.set(houseId, [...gas, ...(this.#gas.get(houseId) ?? [])]);
        this.#events.set(houseId, [...events, ...(this.#events.get(houseId) ?? [])]);
      },
      warn: (obj, msg) => this.options.log?.warn(obj, msg),
    });
    await this.#records.store(this.db, records, now);
    if (failure !== null) throw failure;
  }
}
