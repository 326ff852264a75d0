import { APPLIANCE_CATALOGUE, addDays, localDate, startOfLocalDate } from '@homeview/domain';
import type { HomeSpec, SimulatedDay } from '@homeview/simulator';
import { simulateDays } from '@homeview/simulator';
import type { MqttClient } from 'mqtt';
import { connectBroker } from '../../shared/broker';
import type { Queryable } from '../../db/types';
import { ensureDevice } from '../devices/registry';
import { glowPayload, shellyPayload } from '../devices/simulated';

// With MQTT_URL set, the demo's own home is fed through the broker like a real one: its simulated Glow
// publishes the meter's registers every 10 s and a Shelly plug on the kettle its power on change and its
// counter every minute; the server's device consumer stores them through the one way in. The seeder
// stores the home's readings only up to `from`, and its kettle uses only those starting before it:
// everything after comes from these messages. The registers follow the seeder's deterministic simulation,
// so the minutes stored are the simulated ones exactly (a Glow measures import and export, not the
// panels' generation: minutes it reports have none).
// After a restart within MAX_REPLAY_S of the Glow's last stored sample, the devices publish again from
// that sample on (their registers going on from the stored values), so the downtime comes through the
// broker too and the counters never step back; after a longer one they start from the current minute,
// their registers where they were, and the seeder fills the time between.

const TICK_S = 10;
const MAX_REPLAY_S = 6 * 3600;
const KETTLE = APPLIANCE_CATALOGUE.find((a) => a.key === 'kettle') as { id: number };

/** The kettle's catalogue id: its uses from `from` on come from the plug, not the seeder. */
export const DEMO_PLUG_APPLIANCE_ID = KETTLE.id;

export interface DemoDeviceIds {
  glow: string;
  plug: string;
}

/** The demo home's device ids, per server (its MQTT client id), so two demos on one broker stay apart. */
export function demoDeviceIds(houseId: number, clientId: string): DemoDeviceIds {
  const tag = clientId.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 60);
  return { glow: `hvdemo-${tag}-${houseId}-glow`, plug: `hvdemo-${tag}-${houseId}-kettle` };
}

type Use = { start: number; end: number; energy_wh: number };
/** A counter's last stored sample: epoch s and whole mWh. */
type Sample = { t: number; mwh: number };

export class DemoDevices {
  readonly ids: DemoDeviceIds;
  /** The first tick published (known once registered): the seeder's readings and kettle uses stop here. */
  from: number;
  #client: MqttClient | null = null;
  #timer: NodeJS.Timeout | null = null;
  #days = new Map<string, SimulatedDay>();
  /** The next tick to publish; registers (Wh) at the start of minute #minute. */
  #t = 0;
  #minute = 0;
  #importWh = 1_000_000;
  #exportWh = 100_000;
  /** The plug's counter (Wh) at `from`, and at the start of the day #plugDay with that day's uses before. */
  #plugWh = 10_000;
  #plugDay = '';
  #lastW: number | null = null;

  constructor(
    readonly house: { houseId: number; spec: HomeSpec; zone: string },
    readonly options: {
      url: string;
      clientId: string;
      now: () => number;
      log: { error(fields: object, message: string): void };
      /** Put before every topic (tests). */
      topicPrefix?: string;
    },
  ) {
    const now = Math.floor(options.now());
    this.from = now - (now % 60);
    this.ids = demoDeviceIds(house.houseId, options.clientId);
  }

  /** Registers the Glow and the kettle plug (once), then resumes from their stored samples. */
  async register(db: Queryable): Promise<void> {
    const { houseId } = this.house;
    const glow = await ensureDevice(db, { houseId, kind: 'glow', deviceId: this.ids.glow }, this.from);
    const plug = await ensureDevice(
      db,
      { houseId, kind: 'shelly', deviceId: this.ids.plug, appliance: 'kettle' },
      this.from,
    );
    this.resume(glow, plug.import);
  }

  /**
   * Sets where publishing starts: at the Glow's last stored sample when it is recent (its register then
   * goes on from the stored value), else this minute. A sample within the current minute counts as recent
   * too: starting at the minute's start with the stored register would send the ticks up to it again, each
   * higher than what was sent for that time before.
   */
  resume(glow: { import: Sample | null; export: Sample | null }, plug: Sample | null): void {
    const now = Math.floor(this.options.now());
    const last = glow.import ?? null;
    const replay =
      last !== null && last.t % TICK_S === 0 && last.t <= now && this.from - last.t <= MAX_REPLAY_S;
    if (replay) this.from = last.t;
    // Registers at `from`: the stored values (a replay starts at the stored sample itself).
    this.#minute = this.from - (this.from % 60);
    const minuteDay = this.#dayOf(this.#minute);
    const i = (this.#minute - minuteDay.start) / 60;
    const before = (wh: number) => Math.floor((wh * (this.from - this.#minute)) / 60);
    if (glow.import) this.#importWh = Math.round(glow.import.mwh / 1000);
    if (glow.export) this.#exportWh = Math.round(glow.export.mwh / 1000);
    this.#importWh -= before(minuteDay.importWh[i] ?? 0);
    this.#exportWh -= before(minuteDay.exportWh[i] ?? 0);
    if (plug) this.#plugWh = plug.mwh / 1000;
    this.#plugDay = minuteDay.date;
    this.#t = this.from;
  }

  /** Connects and publishes every tick from `from` up to now, then every 10 s. */
  start(): void {
    const client = connectBroker(this.options.url, {
      clientId: `${this.options.clientId}-demo-devices`.slice(0, 200),
      reconnectPeriod: 5000,
    });
    client.on('error', (error) => this.options.log.error({ err: error }, 'demo devices: mqtt error'));
    this.#client = client;
    this.#publishDue();
    this.#timer = setInterval(() => this.#publishDue(), TICK_S * 1000);
  }

  async stop(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    const client = this.#client;
    this.#client = null;
    if (client !== null) await client.endAsync();
  }

  /** Every tick up to now not yet published (MQTT.js holds them while the broker is away). */
  #publishDue(): void {
    const client = this.#client;
    if (client === null) return;
    const now = Math.floor(this.options.now());
    const prefix = this.options.topicPrefix ?? '';
    try {
      for (; this.#t <= now; this.#t += TICK_S)
        for (const { topic, payload } of this.messagesAt(this.#t))
          client.publish(`${prefix}${topic}`, payload, { qos: 1 });
    } catch (error) {
      this.options.log.error({ err: error }, 'demo devices: a tick failed');
    }
  }

  /** The simulated local day holding `t` (the last two kept). */
  #dayOf(t: number): SimulatedDay {
    const { zone, spec } = this.house;
    const date = localDate(t, zone);
    let day = this.#days.get(date);
    if (day === undefined) {
      const from = startOfLocalDate(date, zone);
      const to = startOfLocalDate(addDays(date, 1), zone);
      day = simulateDays(spec, { from, to, zone }).next().value as SimulatedDay;
      this.#days.set(date, day);
      if (this.#days.size > 2) this.#days.delete(this.#days.keys().next().value as string);
    }
    return day;
  }

  #kettleUses(day: SimulatedDay): Use[] {
    return day.events.filter((e) => e.appliance_type_id === KETTLE.id && e.start >= this.from);
  }

  /** The messages of tick `t` (called for ticks in order, each once). */
  messagesAt(t: number): { topic: string; payload: string }[] {
    // Registers: the whole minutes before t, then the current minute pro rata, so at each whole minute
    // they have moved by exactly that minute's simulated Wh.
    while (this.#minute + 60 <= t) {
      const day = this.#dayOf(this.#minute);
      const i = (this.#minute - day.start) / 60;
      this.#importWh += day.importWh[i] ?? 0;
      this.#exportWh += day.exportWh[i] ?? 0;
      this.#minute += 60;
    }
    const day = this.#dayOf(this.#minute);
    const i = (this.#minute - day.start) / 60;
    const soFar = (wh: number) => Math.floor((wh * (t - this.#minute)) / 60);
    const importMinute = day.importWh[i] ?? 0;
    const exportMinute = day.exportWh[i] ?? 0;
    const messages = [
      {
        topic: `glow/${this.ids.glow}/SENSOR/electricitymeter`,
        payload: glowPayload(
          t,
          this.#importWh + soFar(importMinute),
          this.#exportWh + soFar(exportMinute),
          (importMinute - exportMinute) * 60,
        ),
      },
    ];
    // The kettle plug: the uses from `from` on, each drawn at its mean power (uses never pass midnight).
    if (day.date !== this.#plugDay) {
      const previous = this.#days.get(this.#plugDay);
      if (previous !== undefined)
        this.#plugWh += plugWh(this.#kettleUses(previous), Number.POSITIVE_INFINITY);
      this.#plugDay = day.date;
    }
    const uses = this.#kettleUses(day);
    const on = uses.find((u) => u.start <= t && t < u.end);
    const w = on === undefined ? 0 : Math.round((on.energy_wh * 3600) / (on.end - on.start));
    if (w !== this.#lastW || t % 60 === 0) {
      messages.push({
        topic: `${this.ids.plug}/events/rpc`,
        payload: shellyPayload(this.ids.plug, t, { w, totalWh: this.#plugWh + plugWh(uses, t) }),
      });
      this.#lastW = w;
    }
    return messages;
  }
}

/** Wh of these uses up to `t` (pro rata for one under way), to the Shelly's 3 decimals. */
function plugWh(uses: readonly Use[], t: number): number {
  let wh = 0;
  for (const u of uses) {
    if (u.start >= t) continue;
    wh += u.end <= t ? u.energy_wh : (u.energy_wh * (t - u.start)) / (u.end - u.start);
  }
  return Math.round(wh * 1000) / 1000;
}
