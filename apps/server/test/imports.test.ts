import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The server's module boundaries, read from its source: a feature reaches another feature's data only
// through that feature's operations, never its repository (its SQL), and features that share a table
// read it through src/shared/; and no module imports itself round a cycle (readings ↔ tariffs was one).

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.includes('test-support')
      ? [path]
      : [];
  });
}

/** The relative imports of a file (static, re-exports and dynamic), resolved to source files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specs.map((spec) => {
    const path = resolve(dirname(file), spec);
    return path.endsWith('.ts') ? path : `${path}.ts`;
  });
}

const files = sources(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f).filter((i) => files.includes(i))]));
const rel = (f: string) => relative(SRC, f);
const featureOf = (f: string) => /^features\/([^/]+)\//.exec(rel(f))?.[1];
const isRepository = (f: string) => /(^|-)repository\.ts$/.test(f.slice(f.lastIndexOf('/') + 1));

it('reads the imports (the scan sees the files it judges)', () => {
  expect(files.length).toBeGreaterThan(100);
  expect(graph.get(join(SRC, 'features/readings/receive.ts'))).toContain(
    join(SRC, 'features/readings/ingest.ts'),
  );
});

it("no feature imports another feature's repository", () => {
  const crossings = files.flatMap((file) =>
    (graph.get(file) ?? [])
      .filter((to) => featureOf(file) !== undefined && isRepository(to) && featureOf(to) !== featureOf(file))
      .map((to) => `${rel(file)} → ${rel(to)}`),
  );
  expect(crossings).toEqual([]);
});

it('no import cycles between features', () => {
  const uses = new Map<string, Set<string>>();
  for (const [file, tos] of graph) {
    const from = featureOf(file);
    if (from === undefined) continue;
    for (const to of tos) {
      const target = featureOf(to);
      if (target !== undefined && target !== from) uses.set(from, (uses.get(from) ?? new Set()).add(target));
    }
  }
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    [...(uses.get(from) ?? [])].some(
      (n) => n === to || (!seen.has(n) && seen.add(n) && reaches(n, to, seen)),
    );
  const cycles = [...uses].flatMap(([from, tos]) =>
    [...tos].filter((to) => reaches(to, from)).map((to) => `${from} → ${to} → … → ${from}`),
  );
  expect(cycles).toEqual([]);
});

it('no import cycles between modules', () => {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const to of graph.get(file) ?? []) {
      if (state.get(to) === 'open') cycles.push([...stack.slice(stack.indexOf(to)), to].map(rel).join(' → '));
      else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  expect(cycles).toEqual([]);
});
