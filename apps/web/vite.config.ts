import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { reactAsPreact } from './react-as-preact.ts';

const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };
// The server (apps/server) serves dist/ and /api/v3 on one port, 8080. In development Vite serves the app
// and forwards /api there, so cookies and the CSRF header behave as in production (same origin).
// The production CSP is `default-src 'self'` with `script-src 'self'`: nothing may be inlined, so assets
// are always emitted as files (no data: URIs) and the module-preload polyfill (not needed by the
// browsers we support) is left out. The app imports the contract through @homeview/contract/web, which
// holds no zod, so no schema reaches the bundle (a Biome rule keeps it that way).
export default defineConfig({
  plugins: [react()],
  resolve: { alias: reactAsPreact },
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rollupOptions: {
      // React Router looks for React 19's `use` and `useOptimistic` and does without them when absent, as
      // under preact/compat: not a fault, so not printed on every build.
      onwarn(warning, warn) {
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.id?.includes('/react-router/')) return;
        warn(warning);
      },
    },
  },
});
