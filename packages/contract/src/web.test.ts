import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as web from './web';

// web.ts is what the browser bundle gets: follow its value imports (type-only ones are erased) through
// the contract's own modules and make sure none of them reaches zod.
const here = dirname(fileURLToPath(import.meta.url));
const valueImport = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function valueImportsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(valueImport)].map((m) => m[1] as string);
}

function reachableFrom(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const imports = valueImportsOf(file);
    seen.set(file, imports);
    for (const spec of imports) if (spec.startsWith('.')) visit(`${resolve(dirname(file), spec)}.ts`);
  };
  visit(entry);
  return seen;
}

describe('the web entry', () => {
  const graph = reachableFrom(resolve(here, 'web.ts'));

  it('reaches only modules free of zod and of any other package', () => {
    const outside = [...graph].flatMap(([file, imports]) =>
      imports.filter((spec) => !spec.startsWith('.')).map((spec) => `${file}: ${spec}`),
    );
    expect(outside).toEqual([]);
    expect([...graph.keys()].map((file) => file.slice(here.length + 1)).sort()).toEqual([
      'calendar.ts',
      'clock.ts',
      'codes.ts',
      'deviceKinds.ts',
      'limits.ts',
      'messages.ts',
      'outcome.ts',
      'password.ts',
      'paths.ts',
      'phone.ts',
      'postcode.ts',
      'supplierKinds.ts',
      'tariffRows.ts',
      'web.ts',
    ]);
  });

  it('sees through type-only imports', () => {
    expect(valueImportsOf(resolve(here, 'tariffRows.ts'))).toEqual(['./clock']);
  });

  it('exports the paths and helpers, and no schema', () => {
    expect(web.endpointPaths.appliance.path).toBe('/api/v3/common/appliances/:id/');
    expect(typeof web.pathFor).toBe('function');
    expect(
      Object.values(web).some((value) => typeof value === 'object' && value !== null && 'safeParse' in value),
    ).toBe(false);
  });
});
