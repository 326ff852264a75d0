import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { unsupportedEngines } from '../../../scripts/check-engines.mjs';
import { REPO_ROOT } from './support/spawn';

// Issue 32/33: `npm ci` on the Node the machine ships (20) printed five EBADENGINE warnings, although the
// project runs on the Node it brings (24). The install is quiet, and the engines are still checked, against
// the Node the project's scripts run on (scripts/check-engines.mjs).

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'homeview-npm-ci-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The machine's npm and node, as a person's shell has them: no node_modules/.bin, no npm_* settings. */
function machineEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  env.PATH = (process.env.PATH ?? '')
    .split(':')
    .filter((d) => !d.endsWith('node_modules/.bin'))
    .join(':');
  return env;
}

describe('npm ci on the machine’s npm', () => {
  it('prints no warning: the resolved tree as `npm ci` plans it, without fetching anything', async () => {
    const { stdout: files } = await run(
      'git',
      ['ls-files', 'package.json', '*/package.json', 'package-lock.json', '.npmrc'],
      {
        cwd: REPO_ROOT,
      },
    );
    for (const file of files.trim().split('\n')) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(join(REPO_ROOT, file), join(dir, file));
    }
    const { stdout: machineNode } = await run('node', ['--version'], { env: machineEnv() });
    const ci = await run('npm', ['ci', '--dry-run', '--ignore-scripts', '--offline'], {
      cwd: dir,
      env: machineEnv(),
    });
    const output = `${ci.stdout}${ci.stderr}`;
    expect(output, `npm on Node ${machineNode.trim()}`).not.toMatch(/EBADENGINE|npm warn/i);
    expect(ci.stdout).toMatch(/added \d+ packages/);
  });
});

describe('check-engines', () => {
  const lock = {
    name: 'homeview-infocare',
    packages: {
      '': { engines: { node: '>=24.21' } },
      'node_modules/vitest': { version: '5.1.2', engines: { node: '^22.12.0 || ^24.0.0 || >=26.0.0' } },
      'node_modules/future': { version: '1.0.0', engines: { node: '>=26' } },
      'node_modules/a/node_modules/nested': { version: '2.0.0', engines: { node: '>=25' } },
      'node_modules/platform-only': { version: '1.0.0', optional: true, engines: { node: '>=99' } },
      'node_modules/no-engines': { version: '1.0.0' },
    },
  };

  it('names each package whose engines do not accept the Node the project runs on', () => {
    expect(unsupportedEngines(lock, 'v24.21.0')).toEqual([
      { name: 'future', version: '1.0.0', wants: '>=26' },
      { name: 'nested', version: '2.0.0', wants: '>=25' },
    ]);
  });

  it('names the project itself when it runs on an older Node than it declares', () => {
    expect(unsupportedEngines(lock, 'v20.20.2').map((p) => p.name)).toEqual([
      'homeview-infocare',
      'vitest',
      'future',
      'nested',
    ]);
  });

  it('finds nothing in this repository’s lock on the Node the project brings', async () => {
    const lockfile = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8'));
    expect(unsupportedEngines(lockfile, process.version)).toEqual([]);
  });
});
