import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { childrenOf, type RunningProduct, startProduct } from './product';

// Issue 33.15: `npm start` kept a launcher (scripts/start.mjs, ~90 MiB) resident beside the server for as
// long as the server ran. It now becomes the server (exec): under npm the only node process is the
// server, and Ctrl-C (SIGINT to every process of the terminal's group) still closes the database.

/** pid → command line of `pid` and every process below it (Linux /proc). */
function tree(pid: number): Map<number, string> {
  const found = new Map<number, string>();
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    try {
      found.set(next, readFileSync(`/proc/${next}/cmdline`, 'utf8').split('\0').join(' ').trim());
    } catch {
      continue; // ended meanwhile
    }
    pending.push(...childrenOf(next));
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let product: RunningProduct;
beforeAll(async () => {
  product = await startProduct({
    npmStart: true,
    env: { DEMO: 'false', LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
  });
});
afterAll(() => product?.stop());

it('runs the server as the only node process under npm, and Ctrl-C stops it cleanly', async () => {
  const processes = tree(product.launcherPid);
  const nodes = [...processes].filter(([, command]) => /(^|\/)node /.test(command));
  expect(nodes.map(([, command]) => command.replace(/^.*?node /, 'node '))).toEqual([
    expect.stringMatching(/apps\/server\/dist\/main\.mjs$/),
  ]);
  expect(nodes[0]![0]).toBe(product.pid);

  // A terminal's Ctrl-C: SIGINT to npm and everything it started.
  for (const pid of processes.keys()) process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while ([...processes.keys()].some(alive) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect([...processes.keys()].filter(alive)).toEqual([]);
  // Issue 33.14: the seconds of bundling before the server's first line are said, in order.
  const said = (text: string) => product.output().indexOf(text);
  expect(said('Preparing the server (bundling its code)…')).toBeGreaterThanOrEqual(0);
  expect(said('Preparing the server')).toBeLessThan(
    said('Starting HomeView & InfoCare: opening the database'),
  );
  expect(product.output()).toContain('"msg":"shutting down"');
  expect(product.output()).not.toContain('Shutdown failed');
  // The database was closed: PGlite's one-process lock file is gone with it.
  expect(existsSync(join(product.dataDir, 'homeview.lock'))).toBe(false);
});
