import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reactAsPreact } from './apps/web/react-as-preact.ts';

/** Property tests run thousands of cases: 30 s, not 5 s, on a loaded two-core machine. */
const SHARED_CPU = { testTimeout: 30_000 };

/**
 * The web's tests never run in the machine's zone: each project names the browser's (TZ), so a test that
 * only passes in UTC, or only when the browser's zone is the home's, fails everywhere. Both are far from
 * the homes' zones in the tests (London, Sydney, Tokyo) and on opposite sides of UTC; the files about
 * times on screens run in both.
 */
function web(name: string, timeZone: string, include: string[]) {
  return {
    plugins: [react()],
    resolve: { alias: reactAsPreact, conditions: ['module', 'browser', 'development|production'] },
    test: {
      name,
      env: { TZ: timeZone },
      // Libraries that import React are inlined, so their imports resolve through the aliases too.
      server: {
        deps: { inline: ['react-router', '@tanstack/react-query', '@testing-library/preact', 'preact'] },
      },
      root: 'apps/web',
      include,
      setupFiles: ['src/test/setup.ts'],
      environment: 'happy-dom' as const,
      // Each file in a fresh VM context of a kept process, not a fresh process with its own happy-dom
      // and imports: web and web-west 129 → 31 s alone, CPU 160 → 40 s. Not for the node projects: the
      // domain's property tests ran 2.4× slower in a VM context.
      pool: 'vmForks' as const,
      ...SHARED_CPU,
    },
  };
}

const TIMES_ON_SCREENS = [
  'src/test/zone.test.ts',
  'src/shared/*.test.ts',
  'src/features/my-home/**/*.test.{ts,tsx}',
  'src/features/parents-home/**/*.test.{ts,tsx}',
  'src/features/chooser/**/*.test.{ts,tsx}',
  'src/features/account/devices.test.tsx',
  'src/features/account/supplier.test.tsx',
  'src/features/account/supplier-gas.test.tsx',
  'src/features/account/holiday-zone.test.tsx',
];

// One runner, one project per workspace. The server and e2e suites talk to real databases and a real
// browser, so they run file-by-file with generous timeouts; the pure packages run in parallel where
// the machine has the cores. Two files at a time on two cores was measured (CI 2 December: suites
// 1,459 s against 1,560 s one at a time): the suites are CPU-bound there, each file took twice as long
// and a browser file's setup came within 27 s of its timeout, so they stay one at a time.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], ...SHARED_CPU } },
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          ...SHARED_CPU,
        },
      },
      {
        test: { name: 'simulator', root: 'packages/simulator', include: ['src/**/*.test.ts'], ...SHARED_CPU },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/cluster/**'],
          globalSetup: ['test/support/bundles.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker runs every file, its modules imported once: a fresh worker per file re-imported the
          // server (Fastify, PGlite, the domain) 160 times, ~30–60% of the project's wall time (bench/NOTES.md,
          // "CI in 15 minutes"). The files share no module state they change: each opens its own database
          // and app, and the one file with fake timers restores the real ones.
          isolate: false,
        },
      },
      {
        // The product as a cluster of real processes (npm run cluster): PostgreSQL primary and replica,
        // Mosquitto, two servers, HAProxy. Needs Debian's postgresql, mosquitto and haproxy packages.
        test: {
          name: 'cluster',
          root: 'apps/server',
          include: ['test/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      web('web', 'Australia/Sydney', ['src/**/*.test.{ts,tsx}']),
      web('web-west', 'America/Los_Angeles', TIMES_ON_SCREENS),
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['src/**/*.test.ts'],
          testTimeout: 120_000, // a page while the product seeds its demo on the same two cores
          hookTimeout: 180_000,
          fileParallelism: false,
          // As the server suite: one worker imports playwright-core, axe and the product's bundle once, not
          // per file (six files: 120 → 107 s, CPU 129 → 106 s); each file still starts its own product.
          isolate: false,
        },
      },
    ],
  },
});
