import { localDate } from '@homeview/domain';
import type { Db } from '../../db/types';
import { turnOfTheLoop } from '../../http/in-flight';
import { DemoDevices } from './devices';
import { type Home, HomeFill } from './home-fill';
import { DEMO_USERNAME, demoSpecs, MUM_USERNAME, neighbourIndex } from './homes';
import { listDemoHouses } from './repository';
import { type SeedLog, type SeedReport, seedingSteps } from './seeding-steps';
import { warmSeedingWrites } from './warm-up';

// The demo's readings, simulated in the background once the server listens, so the first start stays fast:
// the seeding's steps (seeding-steps.ts) one at a time, each after requests that came meanwhile; then,
// every minute (live mode), the minutes since each demo home's newest reading; neighbours get today
// rewritten at each completed half-hour. The simulator is deterministic, so a restart fills exactly the
// gap, from each home's span of data (home-fill.ts).

export interface DemoSimulationOptions {
  /** Days of history; null = 13 calendar months. */
  historyDays: number | null;
  /** Days back from today the demo's own homes get as 1-minute readings (older: half-hourly); default 35. */
  minuteDays?: number;
  /** Current time, epoch seconds (tests pass a fixed one). */
  now?: () => number;
  log: SeedLog;
  liveIntervalMs?: number;
  /**
   * Waited for before each seeding transaction: the server's InFlight.turn, so a request's queries never
   * queue behind seeding transactions (PGlite has one connection). Default: a turn of the event loop.
   */
  pause?: () => Promise<void>;
  /**
   * The broker (MQTT_URL) and this server's client id: the demo's own home is then fed by its simulated
   * Glow and kettle plug through the broker (devices.ts), from the minute they start publishing.
   */
  devices?: { url: string; clientId: string };
}

export class DemoSimulation {
  readonly #db: Db;
  readonly #options: DemoSimulationOptions;
  readonly #now: () => number;
  readonly #fill: HomeFill;
  #homes: Home[] = [];
  #homesRead = false;
  /** The seeding steps, made once: after the last one, the loop only runs live ticks. */
  #jobs: Iterator<() => Promise<void>> | undefined;
  #neighboursLive = false;
  #ownDone: (() => void) | undefined;
  /** Resolves when the demo's own home and Mum's have their whole history (before Dad's). */
  readonly ownSeeded: Promise<void>;
  #meterOnlyDone: (() => void) | undefined;
  /** Resolves when the meter-only home (Dad's) has its whole history too (before the neighbours'). */
  readonly meterOnlySeeded: Promise<void>;
  #stopped = false;
  #liveDue = false;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #started = 0;
  #finished: ((report: SeedReport) => void) | undefined;
  /** Resolves when the history is complete (tests and logs). */
  readonly seeded: Promise<SeedReport>;

  constructor(db: Db, options: DemoSimulationOptions) {
    this.#db = db;
    this.#options = options;
    this.#now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.#fill = new HomeFill(db, {
      now: this.#now,
      historyDays: options.historyDays,
      ...(options.minuteDays === undefined ? {} : { minuteDays: options.minuteDays }),
      pause: () => this.#pause(),
    });
    this.seeded = new Promise((resolve) => {
      this.#finished = resolve;
    });
    this.ownSeeded = new Promise((resolve) => {
      this.#ownDone = resolve;
    });
    this.meterOnlySeeded = new Promise((resolve) => {
      this.#meterOnlyDone = resolve;
    });
  }

  /**
   * Before the server listens: each kind of seeding write once, rolled back (warm-up.ts), so no request
   * waits for a first, cold transaction. Returns how many kinds ran.
   */
  async warmUp(): Promise<number> {
    await this.#load();
    const own = this.#homes.find((h) => h.interval === 60);
    const neighbour = this.#homes.find((h) => h.interval === 1800);
    return warmSeedingWrites(this.#db, { own, neighbour }, (error) =>
      this.#options.log.error({ err: error }, 'demo: a warm-up write failed (the seeding goes on)'),
    );
  }

  /** Starts seeding, then live mode. Returns at once. */
  start(): void {
    this.#started = performance.now();
    this.#timer = setInterval(() => {
      this.#liveDue = true;
      this.#kick();
    }, this.#options.liveIntervalMs ?? 60_000);
    this.#kick();
  }

  /** Stops live mode and waits for the current day's transaction to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
    for (const home of this.#homes) await home.devices?.stop();
  }

  /**
   * Starts the demo home's simulated devices publishing (with `devices` set), once the server's consumer
   * is subscribed; the minutes from their `from` on reach the home through the broker only.
   */
  async startDevices(): Promise<void> {
    await this.#load();
    if (this.#stopped) return;
    for (const home of this.#homes) home.devices?.start();
  }

  #kick(): void {
    if (this.#running || this.#stopped) return;
    this.#running = this.#loop()
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'demo simulation failed'))
      .finally(() => {
        this.#running = null;
      });
  }

  /** The seeding's next step, or a live tick when one is due: one at a time, requests first. */
  async #loop(): Promise<void> {
    if (this.#jobs === undefined) {
      await this.#load();
      this.#jobs = seedingSteps(this.#homes, this.#fill, {
        log: this.#options.log,
        elapsed: () => Math.round(performance.now() - this.#started),
        ownSeeded: () => this.#ownDone?.(),
        meterOnlySeeded: () => {
          this.#neighboursLive = true;
          this.#meterOnlyDone?.();
        },
        seeded: (report) => this.#finished?.(report),
      });
    }
    for (;;) {
      if (this.#stopped) return;
      if (this.#liveDue) {
        this.#liveDue = false;
        await this.#live();
        continue;
      }
      await this.#pause();
      const job = this.#jobs.next();
      if (job.done) return;
      await job.value();
    }
  }

  /** Before each transaction: requests that came meanwhile are read, and answered first. */
  #pause(): Promise<void> {
    return (this.#options.pause ?? turnOfTheLoop)();
  }

  /** Reads the demo homes once: in the warm-up before the server listens, else as the seeding starts. */
  async #load(): Promise<void> {
    if (this.#homesRead) return;
    const rows = await listDemoHouses(this.#db);
    // The neighbourhood's specs depend on its size: use the number of neighbour homes that exist.
    const mum = rows.find((r) => r.username === MUM_USERNAME);
    const specs = demoSpecs(
      rows.filter((r) => neighbourIndex(r.username) !== null).length,
      mum && localDate(Number(mum.created_at), mum.time_zone),
    );
    this.#homes = rows.flatMap((r) => {
      const spec = specs.get(r.username);
      if (!spec) return [];
      return [{ ...spec, houseId: r.house_id, zone: r.time_zone, first: r.first, latestEnd: r.latest_end }];
    });
    const demo = this.#homes.find((h) => h.username === DEMO_USERNAME);
    if (this.#options.devices && demo !== undefined) {
      const devices = new DemoDevices(demo, {
        ...this.#options.devices,
        now: this.#now,
        log: this.#options.log,
      });
      await devices.register(this.#db);
      demo.devices = devices;
    }
    this.#homesRead = true;
  }

  async #live(): Promise<void> {
    for (const home of this.#homes) {
      if (home.interval === 1800 && !this.#neighboursLive) continue;
      if (this.#stopped) return;
      // At each half-hour the 200 neighbours' today is rewritten: requests go first between two homes.
      await this.#pause();
      try {
        await this.#fill.catchUp(home);
      } catch (error) {
        this.#options.log.error({ err: error, houseId: home.houseId }, 'demo: live readings failed');
      }
    }
  }
}
