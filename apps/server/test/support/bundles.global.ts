import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../../../../scripts/server-bundle.mjs';
import { REPO_ROOT, SPAWNED_ENTRIES } from './spawn';

// The server's entry points that tests run as child processes, bundled once for the whole run (as
// `npm start` bundles main.ts): a child then loads one file in a second or two instead of tsx
// transforming and loading hundreds of modules (~5–10 s of CPU per child under load; the server suite
// starts some fifty). Built fresh at every run, under a directory of this run's own, removed at its end.

declare module 'vitest' {
  export interface ProvidedContext {
    serverBundles: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = join(REPO_ROOT, 'apps/server/dist', `test-${process.pid}-${Date.now()}`);
  const bundles: Record<string, string> = {};
  for (const entry of SPAWNED_ENTRIES) {
    const outfile = join(dir, `${entry.replace(/[/.]/g, '-')}.mjs`);
    const built = await buildServerBundle(REPO_ROOT, {
      outfile,
      entry: join(REPO_ROOT, 'apps/server/src', entry),
    });
    if (built !== null) bundles[entry] = built;
  }
  project.provide('serverBundles', bundles);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    // The database the last file's worker made ahead for a next file (db.ts), now that it has ended.
    const { dropLeftoverDatabases } = await import('./db');
    await dropLeftoverDatabases();
  };
}
