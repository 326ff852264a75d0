// `npm start`: build the web app when its build is missing or older than its sources, then serve the
// product (web + /api/v3) on one port. This process then becomes the server (exec, Node 23.11+): no
// launcher stays resident beside it (~90 MiB), and Ctrl-C reaches the server itself, which closes the
// database cleanly. Where exec is missing, the server is a child and signals are forwarded to it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle, serverLaunch } from './server-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const sources = ['apps/web/src', 'apps/web/index.html', 'packages/contract/src'].map((p) => join(root, p));
  const newestSource = Math.max(
    ...sources
      .filter(existsSync)
      .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
  return newestSource > statSync(builtIndex).mtimeMs;
}

// The web build's memory (issue 33.15), the first start's peak before the server: Vite's bundler
// (Rolldown, native) allocates with mimalloc, which commits each new arena eagerly and keeps freed pages
// for a while: 266–283 MiB RSS; with lazy commits and pages returned at once, and a 1 MB young generation
// for its JavaScript, 143–158 MiB, the same build. Variables already set win. Figures: bench/NOTES.md.
const WEB_BUILD_ENV = { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0' };
const WEB_BUILD_NODE_FLAGS = ['--max-semi-space-size=1'];

if (webBuildIsStale()) {
  console.log('Building the web app (first start, or its sources changed)…');
  // apps/web's `build` script (vite build), run by node itself: a nested npm would hold ~70 MiB more
  // beside the build, at the first start's peak.
  const web = join(root, 'apps/web');
  const vite = join(
    dirname(createRequire(join(web, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const build = spawnSync(process.execPath, [...WEB_BUILD_NODE_FLAGS, vite, 'build'], {
    cwd: web,
    stdio: 'inherit',
    env: { ...WEB_BUILD_ENV, ...process.env },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Bundled and run as scripts/server-bundle.mjs defines it (node flags and environment: see there). The
// bundle takes seconds on a small or busy machine, before the server can say anything (issue 33.14).
console.log('Preparing the server (bundling its code)…');
const { args, env } = serverLaunch(root, await buildServerBundle(root));
if (process.execve) {
  process.chdir(root);
  process.execve(process.execPath, [process.execPath, ...args], env);
}
const server = spawn(process.execPath, args, { env, cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
