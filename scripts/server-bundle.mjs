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

// Memory (issue 10), measured RSS 10 s after a fresh demo seeding, one run each under varying load:
// tsx 406–440 MiB; with a 1 MB young generation 309, plus two malloc arenas 283, as a bundle on plain
// node 260. The young generation's default 16 MB semi-spaces stay resident after the seeding's burst;
// glibc gives each thread a 64 MB arena. An idle restart on a seeded directory: bundle 262–276 vs tsx 273–303.
// Source maps: stack traces name the TypeScript sources. The map holds our own sources only
// (own-source-map.mjs): node keeps 1.8 MiB of it from the start, 17 MiB more once a stack is first formatted.
// Old generation: V8 lets it grow by a large factor before a full collection, so when the seeding ends
// 60–120 MiB of its garbage (promoted through the small young generation) stayed mapped until V8's memory
// reducer ran, 10 s to over 30 s later. `npm run bench first-start`, load 6–7, RSS at the end / 30 s later:
// default 374 / 354 MiB (dashboard p95 121 ms, max 236); --heap-growing-percent=20 270–277 / the same
// (p95 122–311, max 664–1258: collections too often); 50: 291 / 291 (p95 126, max 321). Server CPU for
// the whole demo 73–78 s in all of them (one to two runs each: within their spread).
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=1',
  '--heap-growing-percent=50',
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
  }
}
