import type { Db, Queryable } from '../db/types';
import { IngestError } from '../features/readings/ingest';
import type { ApplianceEventInput, Reading } from '../features/readings/ingest';
import { type CounterState, stepCounter } from './counter';
import { type DeviceKind, MAX_HOUSE_W, MAX_PLUG_W } from './kinds';
import { addEnergy, closeMinutes, emptyMinutes, type MinuteState } from './minutes';
import {
  type DeviceSample,
  type EmHistorySource,
  type EmRecord,
  type Parsed,
  parseDeviceMessage,
  parseShellyReply,
} from './parse';
import { type PlugState, PlugUses } from './plug-uses';
import { applianceKeyOf } from './repository';
import { type HouseBatch, storeHouseBatch, storeHousesBatch } from './write';

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

interface Registered {
  rowId: number;
  houseId: number;
  kind: DeviceKind;
  deviceId: string;
  channel: number;
  zone: string;
  applianceTypeId: number | null;
}

interface StoredCounter {
  import: CounterState | null;
  export: CounterState | null;
  minutes: MinuteState;
  /** The last power sample of a device that reports power and no counter (an emon power-only node). */
  power?: { t: number; w: number } | null;
  /** A gap of a Shelly EM whose energy waits for the device's own records of it (EMData history). */
  gap?: PendingGap | null;
  /** A plug's use detection (held power, the use in progress, uses waiting for the counter): PlugUses. */
  plug?: PlugState | null;
}

interface PendingGap {
  from: number;
  to: number;
  importMwh: number;
  exportMwh: number;
  /** When it was found, and when the device was asked for its records (null: not yet). */
  since: number;
  askedAt: number | null;
}

/** A request for a Shelly EM's records of a gap (DeviceMqtt sends it over RPC, see historyRequests). */
export interface HistoryRequest {
  /** Names the channel when the answer is handed back (receiveHistory). */
  key: string;
  deviceId: string;
  source: EmHistorySource;
  from: number;
  to: number;
}

interface Live {
  device: Registered;
  counter: StoredCounter;
  plug: PlugUses | null;
  /** Where the device keeps records of this channel (a Shelly EM), once a sample said so. */
  history: EmHistorySource | null;
  lastMessage: number | null;
  online: boolean | null;
  newRejects: number;
  lastReject: { reason: string; at: number } | null;
  dirty: boolean;
}

export interface ConsumerStats {
  messages: number;
  ignored: number;
  rejected: number;
  unclaimed: number;
  readingsStored: number;
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
 * A flush writes its houses in transactions of up to HOUSES_PER_TRANSACTION (locks taken at once, one
 * context read, one write statement per house: a transaction and four round trips per house cost twice
 * as much, see bench/NOTES.md), WRITERS of them at once on PostgreSQL (PGlite has one connection).
 */
const HOUSES_PER_TRANSACTION = 100;
const WRITERS = 4;

const key = (kind: string, id: string) => `${kind}\u0000${id}`;
const channelKey = (kind: string, id: string, channel: number) => `${key(kind, id)}\u0000${channel}`;
/**
 * Power-only devices (emon nodes with P and no E): energy is the power held until the next sample, over
 * gaps up to this long; a longer silence has no energy (when in it the power changed is unknown).
 */
export const MAX_POWER_GAP_S = 120;
/**
 * A Shelly EM channel silent longer than this has its gap's energy placed by its own 1- or 5-minute
 * records (EM1Data/EMData.GetData) instead of spread evenly; if the records do not come within
 * HISTORY_WAIT_S, it is spread as any counter's.
 */
export const EM_GAP_S = 300;
export const HISTORY_WAIT_S = 30;

/**
 * A reason as stored and logged: reasons quote the payload (`"…" is not a number`), and a control
 * character there, NUL above all, is no PostgreSQL text: one message with a NUL made every flush fail
 * (the device's state and the house's readings retried for ever) until the fuzz found it.
 */
const printable = (reason: string) =>
  Array.from(reason, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? '\ufffd' : c;
  }).join('');

export class DeviceConsumer {
  readonly stats: ConsumerStats = {
    messages: 0,
    ignored: 0,
    rejected: 0,
    unclaimed: 0,
    readingsStored: 0,
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
  #events = new Map<number, ApplianceEventInput[]>();
  #rejects = new Map<
    string,
    { kind: string; deviceId: string; topic: string; count: number; reason: string; at: number }
  >();
  #unclaimed = new Map<
    string,
    { kind: string; deviceId: string; first: number; last: number; count: number }
  >();
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

  constructor(
    readonly db: Db,
    readonly options: {
      now: () => number;
      log?: ConsumerLog;
      /** Told after each house's batch committed (the bench measures publish-to-stored with it). */
      onStored?: (houseId: number, readings: readonly Reading[]) => void;
    },
  ) {}

  /** Reads the registered devices (and their stored state, for devices not yet live). */
  async load(): Promise<void> {
    const { rows } = await this.db.query<{
      id: number;
      house_id: number;
      kind: DeviceKind;
      device_id: string;
      channel: number;
      appliance_type_id: number | null;
      time_zone: string;
      counter: StoredCounter | string | null;
      last_message_at: number | null;
      online: boolean | null;
    }>(
      `select d.id, d.house_id, d.kind, d.device_id, d.channel, d.appliance_type_id, h.time_zone, d.counter,
              d.last_message_at::float8 as last_message_at, d.online
       from devices d join houses h on h.id = d.house_id`,
    );
    const next = new Map<string, Live>();
    const registered = new Set<string>();
    for (const r of rows) {
      registered.add(key(r.kind, r.device_id));
      if (!this.owns(r.kind, r.device_id)) continue;
      const k = channelKey(r.kind, r.device_id, r.channel);
      const device: Registered = {
        rowId: r.id,
        houseId: r.house_id,
        kind: r.kind,
        deviceId: r.device_id,
        channel: r.channel,
        zone: r.time_zone,
        applianceTypeId: r.appliance_type_id,
      };
      const live = this.#live.get(k);
      if (live !== undefined && live.device.rowId === r.id) {
        live.device = device;
        next.set(k, live);
        continue;
      }
      const stored = typeof r.counter === 'string' ? (JSON.parse(r.counter) as StoredCounter) : r.counter;
      const { plug: plugState, ...counter } = stored ?? {
        import: null,
        export: null,
        minutes: emptyMinutes(),
      };
      const applianceKey = r.appliance_type_id === null ? null : applianceKeyOf(r.appliance_type_id);
      next.set(k, {
        device,
        counter,
        // A plug goes on from its stored state: a use running when the server stopped is carried over.
        plug: applianceKey === null ? null : new PlugUses(r.device_id, applianceKey, plugState ?? null),
        history: null,
        lastMessage: r.last_message_at,
        online: r.online,
        newRejects: 0,
        lastReject: null,
        dirty: false,
      });
    }
    this.#live = next;
    this.#registered = registered;
    this.loads++;
    this.#channels = new Map();
    for (const live of next.values()) {
      const k = key(live.device.kind, live.device.deviceId);
      const list = this.#channels.get(k);
      if (list === undefined) this.#channels.set(k, [live]);
      else list.push(live);
    }
    this.#loadedAt = Math.floor(this.options.now());
  }

  /** Whether a device is registered to a home (this consumer's or another's: see `owns`). */
  isRegistered(kind: DeviceKind, deviceId: string): boolean {
    return this.#registered.has(key(kind, deviceId));
  }

  /** The devices this consumer reads (one entry per device, whatever its channels). */
  ownDevices(): { kind: DeviceKind; deviceId: string }[] {
    return [...this.#channels.values()].map((lives) => (lives[0] as Live).device);
  }

  /** One MQTT message. Never throws. */
  receive(topic: string, payload: Uint8Array | string): void {
    const now = Math.floor(this.options.now());
    this.#take(topic, now, () =>
      parseDeviceMessage(topic, payload, now, {
        zoneOf: (kind, id) => this.#channels.get(key(kind, id))?.[0]?.device.zone,
      }),
    );
  }

  /** A Shelly's answer to our Shelly.GetStatus (DeviceMqtt asks silent ones). Never throws. */
  receiveShellyReply(topic: string, payload: Uint8Array | string): void {
    const now = Math.floor(this.options.now());
    this.#take(topic, now, () => parseShellyReply(payload, now));
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

  #take(topic: string, now: number, parse: () => Parsed): void {
    this.stats.messages++;
    let parsed: Parsed;
    try {
      parsed = parse();
    } catch (error) {
      this.options.log?.error({ err: error, topic }, 'device message parser failed');
      this.stats.rejected++;
      return;
    }
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
      this.stats.unclaimed++;
      const k = key(device.kind, device.deviceId);
      const u = this.#unclaimed.get(k);
      if (u === undefined)
        this.#unclaimed.set(k, {
          kind: device.kind,
          deviceId: device.deviceId,
          first: now,
          last: now,
          count: 1,
        });
      else {
        u.last = now;
        u.count++;
      }
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
      this.#sample(live, s, topic, now);
    }
  }

  #sample(live: Live, s: DeviceSample, topic: string, now: number): void {
    if (s.history !== undefined) live.history = s.history;
    live.lastMessage = now;
    live.online = s.online ?? true;
    live.dirty = true;
    const maxW = live.plug === null ? MAX_HOUSE_W : MAX_PLUG_W;
    const energy = (from: number, to: number, mwh: number, direction: 'import' | 'export') => {
      if (live.plug !== null) {
        if (direction === 'import') live.plug.energy(from, to, mwh);
      } else addEnergy(live.counter.minutes, from, to, mwh, direction);
    };
    for (const direction of ['import', 'export'] as const) {
      const mwh = direction === 'import' ? s.importMwh : s.exportMwh;
      if (mwh === undefined) continue;
      const { state, step } = stepCounter(live.counter[direction], s.t, mwh, maxW);
      live.counter[direction] = state;
      if (step.kind === 'rejected') this.#reject(live, s.kind, s.deviceId, topic, step.reason, now);
      else if (step.kind === 'energy') {
        if (live.history !== null && live.plug === null && step.to - step.from > EM_GAP_S) {
          // A Shelly EM back after a gap: its records of the gap say when the energy was used.
          live.counter.gap ??= {
            from: step.from,
            to: step.to,
            importMwh: 0,
            exportMwh: 0,
            since: now,
            askedAt: null,
          };
          const gap = live.counter.gap;
          gap[direction === 'import' ? 'importMwh' : 'exportMwh'] += step.mwh;
        } else energy(step.from, step.to, step.mwh, direction);
      }
    }
    let integrated = false;
    if (s.powerW !== undefined) {
      live.plug?.power(s.t, s.powerW, now);
      // An emon node that reports power and no counter: the energy is its power over time.
      if (live.device.kind === 'emon' && live.counter.import === null && s.importMwh === undefined) {
        const previous = live.counter.power ?? null;
        const step = integratePower(previous, s.t, s.powerW, maxW);
        if (step.kind === 'rejected') this.#reject(live, s.kind, s.deviceId, topic, step.reason, now);
        else if (previous === null || s.t > previous.t) {
          live.counter.power = { t: s.t, w: s.powerW };
          if (step.kind === 'energy') {
            energy(step.from, step.to, step.mwh, step.direction);
            integrated = true;
          }
        }
      }
    }
    if (live.plug === null && (s.importMwh !== undefined || s.exportMwh !== undefined || integrated)) {
      // While a gap waits for its records, minutes from the gap's first on stay open (it adds to them).
      const gap = live.counter.gap;
      const upTo = gap ? Math.min(s.t, gap.from - (gap.from % 60)) : s.t;
      const readings = closeMinutes(live.counter.minutes, upTo);
      if (readings.length > 0) this.#push(this.#readings, live.device.houseId, readings);
    }
  }

  /** Gaps of Shelly EMs not yet asked for (each is asked once; see receiveHistory and HISTORY_WAIT_S). */
  historyRequests(): HistoryRequest[] {
    const now = Math.floor(this.options.now());
    const requests: HistoryRequest[] = [];
    for (const [key, live] of this.#live) {
      const gap = live.counter.gap;
      if (!gap || gap.askedAt !== null || live.history === null) continue;
      gap.askedAt = now;
      const { deviceId } = live.device;
      requests.push({ key, deviceId, source: live.history, from: gap.from, to: gap.to });
    }
    return requests;
  }

  /**
   * A Shelly EM's records of a gap: each record wholly inside the gap gets its own energy, the rest of the
   * counter's difference over the gap (the parts no record covers) is spread over those parts, so the
   * gap's readings still add up to the counter exactly. Records that do not fit are ignored.
   */
  receiveHistory(key: string, records: readonly EmRecord[]): void {
    const live = this.#live.get(key);
    const gap = live?.counter.gap;
    if (live === undefined || !gap) return;
    live.counter.gap = null;
    live.dirty = true;
    const inside = records
      .filter((r) => r.ts >= gap.from && r.ts + r.period <= gap.to)
      .sort((a, b) => a.ts - b.ts)
      .filter(
        (r, i, all) => i === 0 || r.ts >= (all[i - 1] as EmRecord).ts + (all[i - 1] as EmRecord).period,
      );
    const minutes = live.counter.minutes;
    const uncovered: [number, number][] = [];
    let at = gap.from;
    for (const r of inside) {
      if (r.ts > at) uncovered.push([at, r.ts]);
      at = r.ts + r.period;
    }
    if (gap.to > at) uncovered.push([at, gap.to]);
    for (const direction of ['import', 'export'] as const) {
      const total = direction === 'import' ? gap.importMwh : gap.exportMwh;
      let recorded = 0;
      for (const r of inside) {
        const mwh = direction === 'import' ? r.importMwh : r.exportMwh;
        // Never more than the counter says was used over the whole gap.
        const take = Math.min(mwh, total - recorded);
        addEnergy(minutes, r.ts, r.ts + r.period, take, direction);
        recorded += take;
      }
      spread(
        minutes,
        uncovered.length > 0 ? uncovered : inside.map((r) => [r.ts, r.ts + r.period]),
        total - recorded,
        direction,
      );
    }
    this.#closeGap(live, gap);
  }

  /** Gaps whose records did not come in time: their energy spread evenly, as any counter's. */
  #expireGaps(now: number): void {
    for (const live of this.#live.values()) {
      const gap = live.counter.gap;
      if (!gap || now - gap.since < HISTORY_WAIT_S) continue;
      live.counter.gap = null;
      live.dirty = true;
      spread(live.counter.minutes, [[gap.from, gap.to]], gap.importMwh, 'import');
      spread(live.counter.minutes, [[gap.from, gap.to]], gap.exportMwh, 'export');
      this.#closeGap(live, gap);
    }
  }

  #closeGap(live: Live, gap: PendingGap): void {
    const upTo = Math.max(gap.to, live.counter.import?.t ?? 0, live.counter.export?.t ?? 0);
    const readings = closeMinutes(live.counter.minutes, upTo);
    if (readings.length > 0) this.#push(this.#readings, live.device.houseId, readings);
  }

  #push<T>(map: Map<number, T[]>, houseId: number, items: T[]): void {
    const list = map.get(houseId);
    if (list === undefined) map.set(houseId, items);
    else list.push(...items);
  }

  #reject(
    live: Live | undefined,
    kind: string,
    deviceId: string,
    topic: string,
    reason: string,
    now: number,
  ): void {
    this.stats.rejected++;
    reason = printable(reason);
    const k = `${key(kind, deviceId)}\u0000${topic}`;
    const r = this.#rejects.get(k);
    if (r === undefined) this.#rejects.set(k, { kind, deviceId, topic, count: 1, reason, at: now });
    else {
      r.count++;
      r.reason = reason;
      r.at = now;
    }
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
      this.options.log?.warn({ kind, deviceId, topic, reason }, 'device message rejected');
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
        await this.#flush();
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
    this.#expireGaps(now);
    // Plugs' uses whose energy is known by now.
    for (const live of this.#live.values()) {
      if (live.plug === null || live.device.applianceTypeId === null) continue;
      const uses = live.plug.take(now);
      if (uses.length === 0) continue;
      live.dirty = true; // its state, without these uses, is stored with them
      const typeId = live.device.applianceTypeId;
      this.#push(
        this.#events,
        live.device.houseId,
        uses.map((u) => ({ appliance_type_id: typeId, start: u.start, end: u.end, energy_wh: u.energy_wh })),
      );
    }
    // Everything taken at once (synchronously), so the states written match the readings written.
    const readings = this.#readings;
    const events = this.#events;
    const rejects = [...this.#rejects.values()];
    const unclaimed = [...this.#unclaimed.values()];
    this.#readings = new Map();
    this.#events = new Map();
    this.#rejects.clear();
    this.#unclaimed.clear();
    const dirty = new Map<number, Live[]>();
    for (const live of this.#live.values()) {
      if (!live.dirty) continue;
      live.dirty = false;
      this.#push(dirty, live.device.houseId, [live]);
    }
    const snapshots = new Map<number, DeviceUpdate[]>();
    for (const [houseId, lives] of dirty) snapshots.set(houseId, lives.map(snapshot));
    this.stats.flushes++;

    const houses = [...new Set([...readings.keys(), ...events.keys()])].sort((a, b) => a - b);
    // The devices' state of the houses with data goes with their data; the others' after, on its own.
    const houseUpdates = new Map<number, DeviceUpdate[]>();
    for (const houseId of houses) {
      houseUpdates.set(houseId, snapshots.get(houseId) ?? []);
      snapshots.delete(houseId);
    }
    let failure: unknown = null;
    const batchOf = (houseId: number): HouseBatch => ({
      houseId,
      readings: readings.get(houseId) ?? [],
      events: events.get(houseId) ?? [],
    });
    const stored = (batch: HouseBatch) => {
      this.stats.readingsStored += batch.readings.length;
      this.stats.usesStored += batch.events.length;
      this.options.onStored?.(batch.houseId, batch.readings);
    };
    // The database failed (not the data): the house's batch goes back in the buffer, its devices' newer
    // state with it, and the next flush tries again.
    const putBack = (batch: HouseBatch, error: unknown) => {
      const { houseId } = batch;
      this.#readings.set(houseId, [...batch.readings, ...(this.#readings.get(houseId) ?? [])]);
      this.#events.set(houseId, [...batch.events, ...(this.#events.get(houseId) ?? [])]);
      for (const live of dirty.get(houseId) ?? []) live.dirty = true;
      failure ??= error;
    };
    const storeHouse = async (houseId: number): Promise<void> => {
      const batch = batchOf(houseId);
      const updates = houseUpdates.get(houseId) ?? [];
      try {
        await storeHouseBatch(this.db, batch, now, (tx) => updateDevices(tx, updates));
        stored(batch);
      } catch (error) {
        if (!(error instanceof IngestError)) return putBack(batch, error);
        // Readings the write path refuses (they overlap a file import with other starts…) are dropped
        // and reported on the device; its state still moves on, so they are not retried forever.
        this.options.log?.warn({ houseId, reason: error.message }, 'device readings refused');
        for (const u of updates) {
          u.rejects++;
          u.reason = `readings refused: ${error.message}`;
          u.rejectAt = now;
        }
        await updateDevices(this.db, updates);
      }
    };
    const storeGroup = async (group: readonly number[]): Promise<void> => {
      const batches = group.map(batchOf);
      const updates = group.flatMap((houseId) => houseUpdates.get(houseId) ?? []);
      try {
        await storeHousesBatch(this.db, batches, now, (tx) => updateDevices(tx, updates));
        for (const batch of batches) stored(batch);
      } catch (error) {
        if (!(error instanceof IngestError)) {
          for (const batch of batches) putBack(batch, error);
          return;
        }
        // One house's data was refused and took the others with it: each house on its own, so only its
        // own readings are dropped.
        for (const houseId of group) await storeHouse(houseId);
      }
    };
    const groups: number[][] = [];
    for (let at = 0; at < houses.length; at += HOUSES_PER_TRANSACTION)
      groups.push(houses.slice(at, at + HOUSES_PER_TRANSACTION));
    let next = 0;
    const worker = async () => {
      while (next < groups.length) await storeGroup(groups[next++] as number[]);
    };
    await Promise.all(Array.from({ length: this.db.kind === 'postgres' ? WRITERS : 1 }, worker));
    const rest = [...snapshots.values()].flat();
    if (rest.length > 0) await updateDevices(this.db, rest);
    if (rejects.length > 0) await storeRejects(this.db, rejects);
    if (unclaimed.length > 0) await storeUnclaimed(this.db, unclaimed);
    if (failure !== null) throw failure;
  }
}

interface DeviceUpdate {
  rowId: number;
  counter: string;
  lastMessage: number | null;
  online: boolean | null;
  rejects: number;
  reason: string | null;
  rejectAt: number | null;
}

function snapshot(live: Live): DeviceUpdate {
  const update: DeviceUpdate = {
    rowId: live.device.rowId,
    counter: JSON.stringify(live.plug === null ? live.counter : { ...live.counter, plug: live.plug.state() }),
    lastMessage: live.lastMessage,
    online: live.online,
    rejects: live.newRejects,
    reason: live.lastReject?.reason ?? null,
    rejectAt: live.lastReject?.at ?? null,
  };
  live.newRejects = 0;
  live.lastReject = null;
  return update;
}

/** One statement for any number of devices. */
async function updateDevices(db: Queryable, updates: readonly DeviceUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await db.query(
    `update devices d set counter = u.counter::jsonb,
            last_message_at = coalesce(u.last_message, d.last_message_at),
            online = coalesce(u.online, d.online),
            rejects = d.rejects + u.rejects,
            last_reject_reason = coalesce(u.reason, d.last_reject_reason),
            last_reject_at = coalesce(u.reject_at, d.last_reject_at)
     from unnest($1::int[], $2::text[], $3::bigint[], $4::boolean[], $5::int[], $6::text[], $7::bigint[])
       as u(id, counter, last_message, online, rejects, reason, reject_at)
     where d.id = u.id`,
    [
      updates.map((u) => u.rowId),
      updates.map((u) => u.counter),
      updates.map((u) => u.lastMessage),
      updates.map((u) => u.online),
      updates.map((u) => u.rejects),
      updates.map((u) => u.reason),
      updates.map((u) => u.rejectAt),
    ],
  );
}

async function storeRejects(
  db: Queryable,
  rows: readonly {
    kind: string;
    deviceId: string;
    topic: string;
    count: number;
    reason: string;
    at: number;
  }[],
): Promise<void> {
  await db.query(
    `insert into device_rejects (kind, device_id, topic, count, last_reason, last_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::bigint[])
     on conflict (kind, device_id, topic) do update
       set count = device_rejects.count + excluded.count, last_reason = excluded.last_reason,
           last_at = excluded.last_at`,
    [
      rows.map((r) => r.kind),
      rows.map((r) => r.deviceId.slice(0, 200)),
      rows.map((r) => r.topic.slice(0, 500)),
      rows.map((r) => r.count),
      rows.map((r) => r.reason.slice(0, 500)),
      rows.map((r) => r.at),
    ],
  );
}

async function storeUnclaimed(
  db: Queryable,
  rows: readonly { kind: string; deviceId: string; first: number; last: number; count: number }[],
): Promise<void> {
  await db.query(
    `insert into unclaimed_devices (kind, device_id, first_seen, last_seen, messages)
     select * from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::int[])
     on conflict (kind, device_id) do update
       set last_seen = excluded.last_seen, messages = unclaimed_devices.messages + excluded.messages`,
    [
      rows.map((r) => r.kind),
      rows.map((r) => r.deviceId.slice(0, 200)),
      rows.map((r) => r.first),
      rows.map((r) => r.last),
      rows.map((r) => r.count),
    ],
  );
}

/**
 * A power-only device's energy between two power samples: the earlier power held until the later one
 * (a sample's power is what it drew until the next), over gaps up to MAX_POWER_GAP_S; import for power
 * drawn, export for negative power (a CT clamp on a solar home's meter tails). A power beyond what the
 * device could carry is rejected, and the sample is not taken.
 */
export function integratePower(
  previous: { t: number; w: number } | null,
  t: number,
  w: number,
  maxW: number,
):
  | { kind: 'energy'; from: number; to: number; mwh: number; direction: 'import' | 'export' }
  | { kind: 'none' }
  | { kind: 'rejected'; reason: string } {
  if (Math.abs(w) > maxW)
    return { kind: 'rejected', reason: `power ${w} W is more than ${maxW / 1000} kW could carry` };
  if (previous === null || t <= previous.t || t - previous.t > MAX_POWER_GAP_S || previous.w === 0)
    return { kind: 'none' };
  const mwh = Math.round((Math.abs(previous.w) * (t - previous.t)) / 3.6);
  return { kind: 'energy', from: previous.t, to: t, mwh, direction: previous.w > 0 ? 'import' : 'export' };
}

/** `mwh` spread over these intervals in proportion to their lengths, exactly (integer mWh). */
function spread(
  minutes: MinuteState,
  intervals: readonly (readonly [number, number])[],
  mwh: number,
  direction: 'import' | 'export',
): void {
  const length = intervals.reduce((sum, [a, b]) => sum + (b - a), 0);
  if (mwh <= 0 || length <= 0) return;
  let seen = 0;
  let given = 0;
  for (const [a, b] of intervals) {
    seen += b - a;
    const share = Math.round((mwh * seen) / length) - given;
    given += share;
    addEnergy(minutes, a, b, share, direction);
  }
}
