import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The tests run on the Node.js the project pins (package.json's devDependency `node`, whose binary npm's
// scripts find first on their path), not on whatever the machine ships: a fresh machine has Node 20.
it('runs on the pinned Node.js 24 LTS', () => {
  const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  expect(root.devDependencies.node).toBe('24.21.0');
  expect(process.version).toBe('v24.21.0');
});
