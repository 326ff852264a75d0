// The server as one ES module for `npm start` (issue 10): plain node on a bundle holds 10–25 MiB less RSS
// than tsx on the sources (its loader and transformed modules stay in memory). esbuild is a root
// devDependency (tsx uses it too); the build takes < 1 s, so it runs on every start and is never stale.
// Returns the bundle's path, or null when it cannot be built (then start.mjs runs the sources through
// tsx, as before).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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

export async function buildServerBundle(root) {
  const outfile = join(root, 'apps/server/dist/main.mjs');
  let esbuild;
  try {
    esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [join(root, 'apps/server/src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // PGlite loads its WebAssembly and data files next to its own module.
      external: ['@electric-sql/pglite', 'pg-native'],
      // CommonJS dependencies (fastify, pg) call require; an ES module has none of its own.
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
      },
      plugins: [ownUrl],
      logLevel: 'error',
    });
    return outfile;
  } catch (error) {
    console.warn(`Could not bundle the server (${error.message}); running it through tsx instead.`);
    return null;
  } finally {
    // esbuild's service process (~130 MiB RSS) would otherwise live as long as `npm start`.
    await esbuild?.stop();
  }
}
