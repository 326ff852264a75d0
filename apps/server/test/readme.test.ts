import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { configTable } from '../src/config-settings';

// The README's configuration table is what people read: it must list every variable the server reads.
it('the README documents every environment variable with its default', () => {
  const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
  const missing = configTable.filter(
    (entry) => !readme.includes(`| \`${entry.name}\` | \`${entry.default}\` |`),
  );
  expect(missing.map((entry) => entry.name)).toEqual([]);
});
