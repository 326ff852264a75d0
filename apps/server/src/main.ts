// The server process: open the database, migrate, seed the demo on an empty database, serve. SIGINT and
// SIGTERM close the HTTP server first (in-flight requests finish), then the database.
import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { openDb } from './db/open';
import { startDevices } from './devices/server';
import { syncDefaultTariff } from './features/tariffs/default-sync';
import type { Db } from './db/types';
import { PasswordHasher } from './features/accounts/password';
import { findUserId } from './features/accounts/repository';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemoIfEmpty } from './features/demo/seed';
import { DemoSimulation } from './features/demo/seeder';
import { prepareDemoInfocare } from './features/infocare/demo';
import { serverInfocareTimer } from './features/infocare/server-timer';
import { prettyDestination, prettyLogs } from './http/pretty-log';
import { InFlight } from './http/in-flight';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig(process.env);
  let db: Db | undefined;
  try {
    db = await openDb(config);
    const applied = await migrate(db);
    // Stored money follows the code's default (price-cap) series: repriced once when a release changes it.
    const defaults = await syncDefaultTariff(db);
    // The demo's password is published: created only where asked (config.demo, see SECURITY.md).
    const seeded =
      config.demo &&
      (await seedDemoIfEmpty(db, new PasswordHasher(config.passwordIterations), new Date(), {
        neighbours: config.demoNeighbours,
      }));
    // Short human lines on a terminal, JSON lines otherwise (for log tooling); LOG_FORMAT forces either.
    const logStream = prettyLogs(config.logFormat, process.stdout.isTTY === true)
      ? prettyDestination(process.stdout)
      : undefined;
    const requests = new InFlight();
    const app = await buildApp({ config, db, requests, ...(logStream ? { logStream } : {}) });
    let simulation: DemoSimulation | undefined;
    let devices: { stop(): Promise<void>; subscribed: Promise<void> } | null = null;
    // Background work (the demo's seeding, InfoCare) runs one transaction at a time, each once no request
    // is in flight: a request waits for one of them at most.
    const background = requests.background(db);
    const infocare = serverInfocareTimer({ config, db: background, log: app.log });

    // Signal handlers go in before the ready line, so a stop sent the moment the server says it is ready
    // still closes the HTTP server and the database cleanly.
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      // Devices first: the broker keeps queueing for our session, and what was received is stored.
      void (devices?.stop() ?? Promise.resolve())
        .then(() => simulation?.stop())
        .then(() => infocare.stop())
        .then(() => app.close())
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
      simulation = new DemoSimulation(background, {
        historyDays: config.demoHistoryDays,
        log: app.log,
        // With a broker, the demo's own home is fed by its simulated Glow and kettle plug through it.
        ...(config.mqttUrl ? { devices: { url: config.mqttUrl, clientId: config.mqttClientId } } : {}),
      });
      // The demo's readings are simulated after listen, so they never delay the start; only their write
      // paths are warmed before it (~0.15 s), so the first requests do not wait for a cold transaction.
      await simulation.warmUp();
    }

    await app.listen({ port: config.port, host: config.host });

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicOriginExplicit ? config.publicOrigin : `http://localhost:${port}`;
    const readyMs = Math.round(performance.now() - started);
    const store = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    app.log.info(
      { readyMs, migrationsApplied: applied, demoSeeded: seeded, defaultTariffRepriced: defaults, store },
      'ready',
    );
    const lines = [`HomeView & InfoCare is running at ${url} (ready in ${readyMs} ms; database: ${store})`];
    if (demoPresent) {
      lines.push(`Demo login: username ${DEMO_USERNAME}, password ${DEMO_PASSWORD}`);
      if (simulation) {
        simulation.start();
        // Once Mum's history is stored (before the neighbours'), her past alerts are raised as the engine
        // would have raised them.
        void simulation.ownSeeded
          .then(() => prepareDemoInfocare(background, Math.floor(Date.now() / 1000)))
          .then(
            (raised) => app.log.info({ raised }, 'demo infocare history ready'),
            (error: unknown) => app.log.error({ err: error }, 'demo infocare history failed'),
          );
      }
    }
    infocare.start();
    devices = await startDevices({ config, db, log: app.log });
    const demoDevices = simulation;
    if (devices !== null && demoDevices !== undefined)
      void devices.subscribed
        .then(() => demoDevices.startDevices())
        .catch((error: unknown) => app.log.error({ err: error }, 'demo devices failed to start'));
    if (config.mqttUrl) lines.push(`Devices: MQTT as ${config.mqttClientId}`);
    console.log(lines.join('\n'));
  } catch (error) {
    await db?.close().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`The server could not start: ${message}`);
  process.exit(1);
});
