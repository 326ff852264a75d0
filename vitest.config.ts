import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reactAsPreact } from './apps/web/react-as-preact.ts';

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
];

// One runner, one project per workspace. The server and e2e suites talk to real databases and a real
// browser, so they run file-by-file with generous timeouts; the pure packages run fully in parallel.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      { test: { name: 'simulator', root: 'packages/simulator', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
