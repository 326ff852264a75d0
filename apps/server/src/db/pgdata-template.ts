import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

// A new PGlite data directory is a copy of the empty database made once for the installed PGlite version
// at install (scripts/pglite-template.mjs, into node_modules/.cache): PGlite's own initdb runs a second WebAssembly
// PostgreSQL, ~1 GiB of RSS and 15+ s of CPU, for a result that is the same every time.

/** The installed PGlite version's template (a gzipped tar), or null when there is none (after an upgrade). */
export function pgdataTemplate(): string | null {
  const pglite = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  const { version } = JSON.parse(readFileSync(pglite, 'utf8')) as { version: string };
  const template = fileURLToPath(
    new URL(`../../../../node_modules/.cache/homeview-pglite/pgdata-${version}.tar.gz`, import.meta.url),
  );
  return existsSync(template) ? template : null;
}

const BLOCK = 512;

/**
 * Writes the template's files into `dataDir`, PG_VERSION last: a directory is a database once that file
 * exists, so a copy cut short is made again at the next start. (Node's file system directly: through
 * PGlite's loadDataDir, its emulated file system, the same copy took several seconds longer.)
 */
export function copyTemplate(template: string, dataDir: string): void {
  const tar = gunzipSync(readFileSync(template));
  let version: Buffer | undefined;
  for (let at = 0; at + BLOCK <= tar.length && tar[at] !== 0; ) {
    const field = (start: number, length: number) =>
      tar.toString('latin1', at + start, at + start + length).replace(/\0.*$/s, '');
    const name = `${field(345, 155)}/${field(0, 100)}`.replace(/^(\.?\/)+/, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const content = tar.subarray(at + BLOCK, at + BLOCK + size);
    const path = join(dataDir, name);
    if (relative(dataDir, path).startsWith('..')) throw new Error(`the PGlite template names ${name}`);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '0' || type === '') {
      mkdirSync(dirname(path), { recursive: true });
      if (name === 'PG_VERSION') version = content;
      else writeFileSync(path, content);
    }
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (version === undefined) throw new Error(`${template} holds no PG_VERSION`);
  writeFileSync(join(dataDir, 'PG_VERSION'), version);
}
