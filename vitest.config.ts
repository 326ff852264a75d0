import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { reactAsPreact } from './apps/web/react-as-preact.ts';

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
      {
        plugins: [react()],
        resolve: { alias: reactAsPreact, conditions: ['module', 'browser', 'development|production'] },
        test: {
          name: 'web',
          // Libraries that import React are inlined, so their imports resolve through the aliases too.
          server: {
            deps: { inline: ['react-router', '@tanstack/react-query', '@testing-library/preact', 'preact'] },
          },
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          environment: 'happy-dom',
        },
      },
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
