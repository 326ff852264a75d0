// The empty database that a first start on PGlite copies instead of running initdb
// (apps/server/src/db/pgdata-template.ts). PGlite's initdb runs a second WebAssembly PostgreSQL: ~1 GiB
// of RSS and 15+ s of CPU on every first start (issue 33.15), for a result that is the same each time for
// one PGlite version. So it is made once per install (the root `postinstall`, ~9 s; `npm run db:template`
// by hand), shut down cleanly (a copy opens without recovery), as a gzipped tar with that version in its
// name, in node_modules/.cache: it belongs to the install, like the packages it was made from, and is
// never committed. A PGlite without its template falls back to initdb.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

const templates = fileURLToPath(new URL('../node_modules/.cache/homeview-pglite/', import.meta.url));
const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8'),
);
const name = `pgdata-${version}.tar.gz`;

/** A ustar header block: what pgdata-template.ts reads (name, size, type). */
function header(path, size, type) {
  if (Buffer.byteLength(path) > 100) throw new Error(`${path}: longer than a tar name`);
  const block = Buffer.alloc(512);
  const put = (text, at) => block.write(text, at, 'latin1');
  put(path, 0);
  put(type === '5' ? '0000755\0' : '0000644\0', 100);
  put('0000000\0', 108);
  put('0000000\0', 116);
  put(`${size.toString(8).padStart(11, '0')}\0`, 124);
  put('00000000000\0', 136);
  put(type, 156);
  put('ustar\0' + '00', 257);
  put('        ', 148);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** The directory's entries as tar blocks, in a stable order. */
function* entries(root, dir = '') {
  for (const entry of readdirSync(join(root, dir)).sort()) {
    const path = dir === '' ? entry : `${dir}/${entry}`;
    if (statSync(join(root, path)).isDirectory()) {
      yield header(path, 0, '5');
      yield* entries(root, path);
    } else {
      const content = readFileSync(join(root, path));
      yield header(path, content.length, '0');
      yield content;
      yield Buffer.alloc((512 - (content.length % 512)) % 512);
    }
  }
}

mkdirSync(templates, { recursive: true });
if (readdirSync(templates).includes(name)) process.exit(0); // made by an earlier install
const scratch = mkdtempSync(join(tmpdir(), 'homeview-pgdata-'));
try {
  const pgdata = join(scratch, 'pgdata');
  const pg = new PGlite(pgdata);
  await pg.waitReady;
  await pg.close();
  const tarball = gzipSync(Buffer.concat([...entries(pgdata), Buffer.alloc(1024)]), { level: 9 });
  for (const old of readdirSync(templates).filter((f) => f.startsWith('pgdata-') && f !== name))
    rmSync(join(templates, old));
  writeFileSync(join(templates, name), tarball);
  console.log(`node_modules/.cache/homeview-pglite/${name}: ${(tarball.length / 2 ** 20).toFixed(1)} MiB`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
