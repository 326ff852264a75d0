import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerBundle, serverLaunch } from '../../../scripts/server-bundle.mjs';
import { brokerOptions } from '../src/shared/broker';
import { REPO_ROOT } from './support/spawn';

// Issue 33.14: with MQTT the server printed Node's `DEP0169 url.parse()` deprecation warning: mqtt.js
// parses a broker URL string with the legacy url.parse(). The server and its command line connect through
// shared/broker.ts, which parses the URL itself and gives mqtt.js options only.

const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const SRC = join(import.meta.dirname, '../src');

describe('brokerOptions', () => {
  it('takes the parts mqtt.js needs from a URL, credentials decoded', () => {
    expect(brokerOptions('mqtt://ingest:p%40ss%3Aword@broker.example:1884')).toEqual({
      protocol: 'mqtt',
      hostname: 'broker.example',
      port: 1884,
      username: 'ingest',
      password: 'p@ss:word',
    });
    expect(brokerOptions('mqtts://[::1]')).toEqual({ protocol: 'mqtts', hostname: '::1' });
    expect(brokerOptions('ws://127.0.0.1:9001/mqtt?x=1')).toEqual({
      protocol: 'ws',
      hostname: '127.0.0.1',
      port: 9001,
      path: '/mqtt?x=1',
    });
  });
});

describe('connecting to the broker', () => {
  const out = mkdtempSync(join(tmpdir(), 'homeview-broker-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  // Node reports url.parse() (DEP0169) only when called from outside node_modules: as in the server's
  // bundle (npm start), where mqtt.js is bundled in.
  it('prints no DEP0169 warning from the bundled server, where a URL string handed to mqtt.js does', async () => {
    const bundle = await buildServerBundle(REPO_ROOT, {
      entry: join(REPO_ROOT, 'apps/server/test/fixtures/bundled-broker.ts'),
      outfile: join(out, 'broker.mjs'),
    });
    expect(bundle).not.toBeNull();
    const { args, env } = serverLaunch(REPO_ROOT, bundle);
    const run = (how: string) =>
      spawnSync(process.execPath, [...args, BROKER, how], { cwd: REPO_ROOT, env, encoding: 'utf8' });

    const through = run('broker');
    expect([through.status, through.stdout.trim()]).toEqual([0, new URL(BROKER).hostname]);
    expect(through.stderr).not.toContain('DEP0169');
    const direct = run('url-string');
    expect(direct.status).toBe(0);
    expect(direct.stderr).toContain('DEP0169');
  });

  it('is the only way the server connects: no other source imports connect from mqtt', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const direct = files(SRC).filter((file) =>
      /import\s*\{[^}]*\bconnect(Async)?\b[^}]*\}\s*from\s*'mqtt'/.test(readFileSync(file, 'utf8')),
    );
    expect(direct.map((file) => relative(SRC, file))).toEqual(['shared/broker.ts']);
  });
});
