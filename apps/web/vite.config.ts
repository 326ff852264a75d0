import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } };
const contractSource = /[\\/]packages[\\/]contract[\\/]src[\\/]/;

/**
 * The web checks requests and answers against the contract's zod schemas in development and tests only
 * (src/shared/api.ts); production needs just each endpoint's method and path. In a production build this
 * blanks the schema references of the contract's `endpoints` map, so the schemas, and zod with them, are
 * left out of the bundle (about 30 kB gzip). Entries it does not recognise are kept as they are: the
 * worst case is a larger bundle, never a different behaviour.
 */
function contractSchemasInDevOnly(): Plugin {
  return {
    name: 'homeview:contract-schemas-dev-only',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/]endpoints\.ts$/.test(id)) return null;
      const blanked = code.replace(
        /\b(request|response|params): [A-Za-z_$][\w$]*(?=,|\s*\})/g,
        '$1: undefined',
      );
      return blanked === code ? null : { code: blanked, map: null };
    },
  };
}

// The server (apps/server) serves dist/ and /api/v3 on one port, 8080. In development Vite serves the app
// and forwards /api there, so cookies and the CSRF header behave as in production (same origin).
// The production CSP is `default-src 'self'` with `script-src 'self'`: nothing may be inlined, so assets
// are always emitted as files (no data: URIs) and the module-preload polyfill (not needed by the
// browsers we support) is left out.
export default defineConfig({
  plugins: [react(), contractSchemasInDevOnly()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's modules only build schemas and constants: declaring them free of side effects lets
      // the bundler drop what the app does not use.
      treeshake: { moduleSideEffects: (id: string) => !contractSource.test(id) },
    },
  },
});
