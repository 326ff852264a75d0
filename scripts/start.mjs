// `npm start`: build the web app when its build is missing or older than its sources, then serve the
// product (web + /api/v3) on one port. Signals are forwarded so Ctrl-C closes the database cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle } from './server-bundle.mjs';

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

if (webBuildIsStale()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@homeview/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Memory (issue 10), measured RSS 10 s after a fresh demo seeding, one run each under varying load:
// tsx 406–440 MiB; with a 1 MB young generation 309, plus two malloc arenas 283, as a bundle on plain
// node 260. The young generation's default 16 MB semi-spaces stay resident after the seeding's burst;
// glibc gives each thread a 64 MB arena. An idle restart on a seeded directory: bundle 262–276 vs tsx 273–303.
const bundle = await buildServerBundle(root);
const entry = bundle ? [bundle] : ['--import', 'tsx', join(root, 'apps/server/src/main.ts')];
const server = spawn(process.execPath, ['--max-semi-space-size=1', ...entry], {
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
