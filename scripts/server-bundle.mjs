// The server as one ES module for `npm start` (issue 10): plain node on a bundle holds 10–25 MiB less RSS
// than tsx on the sources (its loader and transformed modules stay in memory). esbuild is a root
// devDependency (tsx uses it too); the build takes < 1 s, so it runs on every start and is never stale.
// Returns the bundle's path, or null when it cannot be built (then start.mjs runs the sources through
// tsx, as before). `serverLaunch` is the one definition of how the server process is started (node flags,
// environment): start.mjs and the first-start bench use it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { keepSources } from './own-source-map.mjs';

// npm start's node flags (issue 10), for the server's memory: a 1 MB young generation (its default 16 MB
// semi-spaces stay resident after the seeding's burst), the old generation collected at 50 % growth (the
// seeding's garbage is not left mapped for half a minute when it ends), source maps (stacks name the .ts
// files), two malloc arenas (glibc gives each thread a 64 MB one), and PGlite's WebAssembly run by V8's
// baseline compiler only (Liftoff): its optimising compiler, tiering PostgreSQL's hot functions up in the
// background, held 500+ MiB for half a minute on every start (the server's RSS peaked at 840 MiB; 240 MiB
// without it), and its compiling cost more CPU than the faster code saved over the first start. What each
// measured, on Node 20 and on Node 24: bench/NOTES.md ("npm start's node flags").
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=1',
  '--heap-growing-percent=50',
  '--liftoff-only',
  '--enable-source-maps',
];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

/**
 * The server's command line and environment: node with SERVER_NODE_FLAGS on `bundle`, or on the sources
 * through tsx when there is no bundle. Variables already set in `env` win over SERVER_ENV.
 */
export function serverLaunch(root, bundle, env = process.env) {
  const entry = bundle ? [bundle] : ['--import', 'tsx', join(root, 'apps/server/src/main.ts')];
  return { args: [...SERVER_NODE_FLAGS, ...entry], env: { ...SERVER_ENV, ...env } };
}

/**
 * Each module keeps its own import.meta.url (config.ts finds the repository from it, migrate.ts its
 * migrations), as under tsx: in one bundle they would all see the bundle's URL.
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Bundles `entry` (default the server's main.ts) into `outfile` (default apps/server/dist/main.mjs), with a
 * source map beside it.
 */
export async function buildServerBundle(root, options = {}) {
  const outfile = options.outfile ?? join(root, 'apps/server/dist/main.mjs');
  let esbuild;
  // esbuild's service (Go) starts with this process' environment: a soft memory limit makes Go collect
  // sooner, 186–207 → 148–159 MiB RSS while bundling, in no more time (issue 33.15: bench/NOTES.md). A
  // limit soft, so a larger bundle only collects more often. One set by the person wins.
  const goMemLimit = process.env.GOMEMLIMIT;
  process.env.GOMEMLIMIT ??= '96MiB';
  try {
    esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [options.entry ?? join(root, 'apps/server/src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      // PGlite loads its WebAssembly and data files next to its own module.
      external: ['@electric-sql/pglite', 'pg-native'],
      // CommonJS dependencies (fastify, pg) call require; an ES module has none of its own.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
      },
      plugins: [ownUrl],
      // main.mjs.map, named at the bundle's end for --enable-source-maps. Without the sources' text
      // (7.0 MB → 2.3 MB): a stack trace needs only the mappings.
      sourcemap: 'linked',
      sourcesContent: false,
      logLevel: 'error',
    });
    // Its service (~190 MiB RSS while bundling) is stopped before the map is rewritten below (~15 MiB of
    // this process' heap), so the two never add up at the first start's peak.
    await esbuild.stop();
    const mapFile = `${outfile}.map`;
    const map = keepSources(JSON.parse(await readFile(mapFile, 'utf8')), (s) => !s.includes('node_modules/'));
    await writeFile(mapFile, JSON.stringify(map));
    return outfile;
  } catch (error) {
    console.warn(`Could not bundle the server (${error.message}); running it through tsx instead.`);
    return null;
  } finally {
    // esbuild's service process (~130 MiB RSS) would otherwise live as long as `npm start`.
    await esbuild?.stop();
    if (goMemLimit === undefined) delete process.env.GOMEMLIMIT;
  }
}
