// The server process: open the database, migrate, seed the demo on an empty database, serve. SIGINT and
// SIGTERM close the HTTP server first (in-flight requests finish), then the database.
import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDb, openReplica } from './db/open';
import { type RunningDevices, startDevices } from './devices/server';
import { describeDefaultSync, syncDefaultTariff } from './features/tariffs/default-sync';
import { resumeReprices } from './features/readings/reprice';
import type { Db } from './db/types';
import { PasswordHasher } from './features/accounts/password';
import { findUserId } from './features/accounts/repository';
import { DAD_USERNAME, MUM_USERNAME } from './features/demo/homes';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemoIfEmpty } from './features/demo/seed';
import { DemoSimulation } from './features/demo/seeder';
import {
  DEMO_OCTOPUS_CARER_PASSWORD,
  DEMO_OCTOPUS_CARER_USERNAME,
  DEMO_OCTOPUS_PASSWORD,
  DEMO_OCTOPUS_USERNAME,
  seedDemoOctopusIfAbsent,
  startDemoOctopus,
} from './features/demo/octopus-home';
import { startCarbonStandin } from './features/demo/standins/carbon-intensity';
import { startOctopusStandin } from './features/demo/standins/octopus';
import { prepareDemoInfocare } from './features/infocare/demo';
import { serverInfocareTimer } from './features/infocare/server-timer';
import { prettyDestination, prettyLogs } from './http/pretty-log';
import { InFlight } from './http/in-flight';
import type { Leadership } from './db/leader';
import { LED_JOBS, leadership } from './db/led-jobs';
import { systemClock } from './clock';
import { createMailer } from './mail/mailer';
import { SupplierFills } from './features/suppliers/job';
import { CarbonHistory } from './features/carbon/job';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const started = performance.now();
  const loaded = loadConfig(process.env);
  // DEMO_SUPPLIER: the demo's Octopus stand-in, on a loopback port; every Octopus request goes to it.
  const demoOctopus =
    loaded.demo && loaded.demoSupplier ? await startDemoOctopus(Math.floor(Date.now() / 1000)) : null;
  // And the carbon intensity forecast's stand-in (My Home's greenest times).
  const demoCarbon = demoOctopus ? await startCarbonStandin() : null;
  // DEMO alone: the stand-in too, for the demo homes' Compare tariffs only (published rates: energy/routes.ts),
  // so a demo never asks the real Octopus API and its made-up prices are kept apart from Octopus's; every
  // other home still asks OCTOPUS_API_URL.
  const demoRates = demoOctopus ?? (loaded.demo ? await startOctopusStandin({ replay: true }) : null);
  const config = demoOctopus
    ? {
        ...loaded,
        octopusApiUrl: demoOctopus.url,
        carbonIntensityUrl: demoCarbon?.url ?? loaded.carbonIntensityUrl,
      }
    : loaded;
  let db: Db | undefined;
  let replica: Db | null = null;
  const store = config.databaseUrl
    ? `PostgreSQL (DATABASE_URL${config.databaseReadUrl ? ', reads that may lag on DATABASE_READ_URL' : ''})`
    : `PGlite in ${config.dataDir}`;
  // A first start takes seconds before it answers (the database made, migrated, the demo created): say so.
  console.log(`Starting HomeView & InfoCare: opening the database (${store})…`);
  try {
    db = await openDb(config);
    const opened = db; // for the closures below
    replica = await openReplica(config);
    const applied = await migrate(db);
    if (applied.length > 0) console.log(`Database schema: ${applied.length} migrations applied.`);
    // Stored money follows the code's default (price-cap) series: repriced once when a release changes it.
    const defaults = await syncDefaultTariff(db);
    // A tariff's repricing runs a month per transaction: what a stopped process left is finished first.
    const resumed = await resumeReprices(db);
    // The demo's password is published: created only where asked (config.demo, see SECURITY.md).
    const seeded =
      config.demo &&
      (await seedDemoIfEmpty(db, new PasswordHasher(config.passwordIterations), new Date(), {
        neighbours: config.demoNeighbours,
      }));
    if (seeded)
      console.log('Demo accounts created; their homes’ readings follow in the background once it runs.');
    const octopusSeeded =
      demoOctopus !== null &&
      (await seedDemoOctopusIfAbsent(
        db,
        new PasswordHasher(config.passwordIterations),
        config,
        Math.floor(Date.now() / 1000),
      ));
    if (octopusSeeded) console.log('Demo Octopus home created and connected; its fill follows once it runs.');
    // Short human lines on a terminal, JSON lines otherwise (for log tooling); LOG_FORMAT forces either.
    const logStream = prettyLogs(config.logFormat, process.stdout.isTTY === true)
      ? prettyDestination(process.stdout)
      : undefined;
    const requests = new InFlight();
    const app = await buildApp({
      config,
      db,
      replica,
      requests,
      demoRates: demoRates?.url ?? null,
      ...(logStream ? { logStream } : {}),
    });
    let simulation: DemoSimulation | undefined;
    let demoLead: Leadership | undefined;
    let listening = false;
    let devices: RunningDevices | null = null;
    // The demo's own simulated devices publish once this server's partitions have subscribed (a shared
    // subscription with no subscriber drops messages), or 15 s after this server started its device
    // consumer when another server holds their partition (its broker session exists, so the broker
    // queues for it). The 15 s count from the consumer's start, not the simulation's: on a busy machine
    // the consumer's start alone can take longer, and ticks published before it are lost.
    let devicesSubscribed: () => void = () => undefined;
    const devicesReady = new Promise<void>((resolve) => {
      devicesSubscribed = resolve;
    });
    // Background work (the demo's seeding, InfoCare) runs one transaction at a time, each once no request
    // is in flight: a request waits for one of them at most.
    const background = requests.background(db);
    const infocare = serverInfocareTimer({ config, db: background, log: app.log });
    // Several servers on one PostgreSQL: one of them runs InfoCare (its runs, arrivals, notifications and
    // reports) and one the demo's simulation, at a time (the led jobs: db/led-jobs.ts); PGlite's one
    // process always does.
    const infocareLead = leadership(db, LED_JOBS.infocare, {
      onLead: async () => {
        infocare.start();
        // On PostgreSQL, data other processes write (the import CLI, other servers) is heard from here on.
        await infocare
          .listening()
          .catch((error: unknown) =>
            app.log.warn(
              { err: error },
              'arrivals from other processes are judged by the every-minute run only',
            ),
          );
        if (background.kind === 'postgres') app.log.info('this server runs InfoCare');
      },
      onLose: () => infocare.stop(),
      onError: (error) => app.log.error({ err: error }, 'InfoCare leadership failed'),
    });
    // Supplier accounts (issue 35): one server fetches every connection's half-hours (a led job).
    const supplierFills = new SupplierFills({
      db: background,
      config,
      mailer: createMailer({ config, db, clock: systemClock }),
      clock: systemClock,
      log: app.log,
    });
    const supplierLead = leadership(db, LED_JOBS.supplierFills, {
      onLead: () => supplierFills.start(),
      onLose: () => supplierFills.stop(),
      onError: (error) => app.log.error({ err: error }, 'supplier fills leadership failed'),
    });
    // The home's past use in gCO2 (issue 37): one server stores the recorded national intensity (a led job).
    const carbonHistory = new CarbonHistory({
      db: background,
      baseUrl: config.carbonIntensityUrl,
      clock: systemClock,
      log: app.log,
    });
    const carbonLead = leadership(db, LED_JOBS.carbonHistory, {
      onLead: () => carbonHistory.start(),
      onLose: () => carbonHistory.stop(),
      onError: (error) => app.log.error({ err: error }, 'carbon history leadership failed'),
    });
    const startSimulation = (running: DemoSimulation) => {
      running.start();
      if (config.mqttUrl)
        void devicesReady
          .then(() => running.startDevices())
          .catch((error: unknown) => app.log.error({ err: error }, 'demo devices failed to start'));
      // Once Mum's history is stored (before Dad's and the neighbours'), her past alerts are raised as the
      // engine would have raised them; Dad's (meter-only) once his is.
      const history = (seeded: Promise<void>, dependant: string) =>
        void seeded
          .then(() => prepareDemoInfocare(background, Math.floor(Date.now() / 1000), undefined, dependant))
          .then(
            (raised) => app.log.info({ raised, dependant }, 'demo infocare history ready'),
            (error: unknown) => app.log.error({ err: error, dependant }, 'demo infocare history failed'),
          );
      history(running.ownSeeded, MUM_USERNAME);
      history(running.meterOnlySeeded, DAD_USERNAME);
    };

    // Signal handlers go in before the ready line, so a stop sent the moment the server says it is ready
    // still closes the HTTP server and the database cleanly.
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      // Devices first: their partitions are handed over (the broker queues for their sessions meanwhile),
      // and what was received is stored.
      void (devices?.stop() ?? Promise.resolve())
        .then(() => demoLead?.stop())
        .then(() => infocareLead.stop())
        .then(() => supplierLead.stop())
        .then(() => carbonLead.stop())
        .then(() => app.close())
        .then(() => demoRates?.close())
        .then(() => demoCarbon?.close())
        .then(() => replica?.close())
        .then(() => db?.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('Shutdown failed:', error);
            process.exit(1);
          },
        );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);

    const demoPresent = (await findUserId(db, DEMO_USERNAME)) !== null;
    if (demoPresent && config.demoLive) {
      demoLead = leadership(db, LED_JOBS.demoSimulation, {
        onLead: async () => {
          const next = new DemoSimulation(background, {
            historyDays: config.demoHistoryDays,
            log: app.log,
            // With a broker, the demo's own home is fed by its simulated Glow and kettle plug through it.
            ...(config.mqttUrl ? { devices: { url: config.mqttUrl, clientId: config.mqttClientId } } : {}),
          });
          simulation = next;
          // The demo's readings are simulated after listen, so they never delay the start; only their
          // write paths are warmed before it (~0.15 s), so the first requests do not wait for a cold
          // transaction. A server that leads later (another one died) starts at once.
          await next.warmUp();
          if (listening) startSimulation(next);
        },
        onLose: () => simulation?.stop(),
        onError: (error) => app.log.error({ err: error }, 'demo simulation leadership failed'),
      });
      await demoLead.start();
    }

    await app.listen({ port: config.port, host: config.host });
    listening = true;

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicOriginExplicit ? config.publicOrigin : `http://localhost:${port}`;
    const readyMs = Math.round(performance.now() - started);
    app.log.info(
      {
        readyMs,
        migrationsApplied: applied,
        demoSeeded: seeded,
        defaultTariff: describeDefaultSync(defaults),
        repricingsResumed: resumed,
        store,
      },
      'ready',
    );
    const lines = [`HomeView & InfoCare is running at ${url} (ready in ${readyMs} ms; database: ${store})`];
    if (demoPresent) lines.push(`Demo login: username ${DEMO_USERNAME}, password ${DEMO_PASSWORD}`);
    if (demoOctopus && (await findUserId(db, DEMO_OCTOPUS_USERNAME)) !== null)
      lines.push(
        `Demo Octopus login: username ${DEMO_OCTOPUS_USERNAME}, password ${DEMO_OCTOPUS_PASSWORD} (its supplier is a local stand-in)`,
        `Its carer: username ${DEMO_OCTOPUS_CARER_USERNAME}, password ${DEMO_OCTOPUS_CARER_PASSWORD} (InfoCare from the supplier's half-hours, a day late)`,
      );
    if (simulation && demoLead?.leading) startSimulation(simulation);
    await infocareLead.start();
    await supplierLead.start();
    await carbonLead.start();
    if (config.mqttUrl) {
      // Devices: each server reads its fair share of the device partitions (a device's counters are
      // normalised by the one process holding its partition, against the state the last holder stored);
      // a partition whose server died is taken by another, which resumes its session and what the broker
      // queued meanwhile (devices/server.ts).
      devices = await startDevices({ config, db: opened, log: app.log });
      const consumerStarted = new Promise((resolve) => setTimeout(resolve, 15_000).unref());
      void Promise.race([devices?.subscribed ?? Promise.resolve(), consumerStarted]).then(
        devicesSubscribed,
        devicesSubscribed,
      );
      const held = devices?.held() ?? [];
      lines.push(
        `Devices: MQTT as ${config.mqttClientId} (partitions ${held.length > 0 ? held.join(',') : 'none yet'} of ${config.mqttPartitions})`,
      );
    }
    console.log(lines.join('\n'));
  } catch (error) {
    await demoRates?.close().catch(() => undefined);
    await demoCarbon?.close().catch(() => undefined);
    await replica?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`The server could not start: ${message}`);
  process.exit(1);
});
