import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildServerBundle, serverLaunch } from '../../../scripts/server-bundle.mjs';
import { REPO_ROOT } from './support/spawn';

// `npm start` runs the server as one esbuild bundle: a crash's stack must still name the TypeScript
// source and line (source map, node flags from serverLaunch), not a line of dist/main.mjs.

const out = mkdtempSync(join(tmpdir(), 'homeview-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('names the .ts source and line of an error thrown in the bundled server', async () => {
  const bundle = await buildServerBundle(REPO_ROOT, {
    entry: join(REPO_ROOT, 'apps/server/test/fixtures/bundled-failure.ts'),
    outfile: join(out, 'failure.mjs'),
  });
  expect(bundle).not.toBeNull();
  const { args, env } = serverLaunch(REPO_ROOT, bundle);
  const run = spawnSync(process.execPath, args, { cwd: REPO_ROOT, env, encoding: 'utf8' });

  const config = join(REPO_ROOT, 'apps/server/src/config-read.ts');
  const thrownAt =
    readFileSync(config, 'utf8')
      .split('\n')
      .findIndex((line) => line.includes('must be a whole number from')) + 1;
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain('PORT must be a whole number');
  // The first frame: the throw in config-read.ts (node prints the mapped path as a file URL or a path).
  const firstFrame = run.stderr.split('\n').find((line) => line.trimStart().startsWith('at '));
  expect(firstFrame?.replace('file://', '')).toContain(`${config}:${thrownAt}:`);
  expect(run.stderr).toContain('apps/server/test/fixtures/bundled-failure.ts:4:');
});
