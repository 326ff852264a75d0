// `npm run bench storage` (issue 38): the bytes one home-year takes, measured on REFIT House 20's real
// 1-minute whole-house aggregate (CC BY 4.0, attribution in ../shared/data/real/*/SOURCE.md; read in
// place, never copied). Every month of House 20 the shared folders hold (2014-03 to 2014-12: April, May
// and October in refit-house20-1min, the rest in nilm-1min) is cut to `Time,Aggregate` and imported whole
// through the import CLI's code (`npm run import -- appliances`: receive(), the one write path), so the
// home is meter-only and gets its estimated uses as a live one would. Then: pg_database_size before and
// after a VACUUM FULL, less the same database empty (after its own VACUUM FULL), and every table's
// pg_total_relation_size (table, TOAST, indexes), each scaled to 365 days by the UTC days stored.
// MB here is 10^6 bytes, as Emoncms's figure is (4.2 MB: two 4-byte feeds of 525,600 minutes).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { instantOfLocal, localParts } from '@homeview/domain';
import { runImport } from '../../apps/server/src/cli/run-import';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { openBenchStore } from './store';

const REAL = join(import.meta.dirname, '../../../shared/data/real');
const ZONE = 'Europe/London';
const EMONCMS_MB = 4.2;
const TARGET_MB = 1.5;
const MONTHS = ['03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
const fileOf = (m: string) =>
  ['04', '05', '10'].includes(m)
    ? `refit-house20-1min/REFIT_House20_2014-${m}.csv`
    : `nilm-1min/REFIT_House20_2014-${m}.csv.gz`;
/** The tables a home's energy lives in: readings, the summaries of every period, estimated uses (use_days,
 *  0038; appliance_events is its view). */
const ENERGY = [
  'reading_blocks',
  'rollup_days',
  'rollups',
  'daily_rollups',
  'monthly_rollups',
  'use_days',
  'appliance_daily',
  'day_arrivals',
];

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

/** House 20's months as one `Time,Aggregate` CSV, leaving out the spring hour the clocks skip. */
async function aggregateCsv(): Promise<{ text: string; rows: number }> {
  const out = ['Time,Aggregate'];
  for (const m of MONTHS) {
    const raw = await readFile(join(REAL, fileOf(m)));
    const lines = (fileOf(m).endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8').trim().split('\n');
    for (const line of lines.slice(1)) {
      const [time, agg] = line.split(',') as [string, string];
      const [d, t] = time.split(' ') as [string, string];
      const [h, min] = t.split(':').map(Number) as [number, number];
      const p = localParts(instantOfLocal(d, h * 3600 + min * 60, ZONE), ZONE);
      if (p.date !== d || p.hour !== h || p.minute !== min) continue;
      out.push(`${time},${agg}`);
    }
  }
  return { text: `${out.join('\n')}\n`, rows: out.length - 1 };
}

async function databaseSize(db: Db): Promise<number> {
  const r = await db.query<{ b: string }>('select pg_database_size(current_database())::text as b');
  return Number(r.rows[0]?.b);
}

async function tableSizes(db: Db): Promise<Map<string, number>> {
  const r = await db.query<{ name: string; b: string }>(
    `select c.relname as name, pg_total_relation_size(c.oid)::text as b
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'm')`,
  );
  return new Map(r.rows.map((row) => [row.name, Number(row.b)]));
}

/** Each table's heap (with its TOAST) and each of its indexes, in bytes. */
async function partsOf(db: Db, tables: readonly string[]): Promise<Map<string, [string, number][]>> {
  const r = await db.query<{ t: string; part: string; b: string }>(
    `select c.relname as t, 'heap' as part,
            (pg_relation_size(c.oid) + coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0))::text as b
       from pg_class c where c.relname = any($1::text[]) and c.relkind = 'r'
     union all
     select c.relname, i.relname, pg_relation_size(i.oid)::text
       from pg_class c join pg_index x on x.indrelid = c.oid join pg_class i on i.oid = x.indexrelid
      where c.relname = any($1::text[]) and c.relkind = 'r'`,
    [tables.join(',').split(',')],
  );
  const out = new Map<string, [string, number][]>();
  for (const row of r.rows) out.set(row.t, [...(out.get(row.t) ?? []), [row.part, Number(row.b)]]);
  return out;
}

export async function benchStorage(store: 'pglite' | 'postgres'): Promise<void> {
  const opened = await openBenchStore(store, 'storage');
  if (!opened) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: skipped.');
    return;
  }
  const { db } = opened;
  const dir = await mkdtemp(join(tmpdir(), 'homeview-bench-storage-'));
  try {
    await migrate(db);
    const ids = await insertHomes(db, [
      {
        username: 'refit-20',
        name: 'REFIT house 20',
        propertyType: 'Detached',
        occupants: { range18_64: 2 },
        demo: false,
      },
    ]);
    const house = ids.get('refit-20') as number;
    await db.query('vacuum full');
    const empty = await databaseSize(db);
    const emptyTables = await tableSizes(db);

    const { text, rows } = await aggregateCsv();
    const file = join(dir, 'house20-aggregate.csv');
    await writeFile(file, text);
    const t0 = performance.now();
    let importLine = '';
    const code = await runImport(['appliances', '--house', String(house), '--naive-zone', ZONE, file], {
      env: process.env,
      out: (line) => {
        importLine = line;
      },
      err: (line) => console.error(line),
      open: async () => ({ ...db, close: async () => {} }) as Db,
      now: () => new Date('2030-01-01T00:00:00Z'),
    });
    if (code !== 0) throw new Error('the import failed');
    console.log(
      `  REFIT House 20, 2014-03..2014-12 aggregate (${rows.toLocaleString('en-GB')} rows) imported in ` +
        `${((performance.now() - t0) / 1000).toFixed(1)} s: ${importLine}`,
    );
    const blocks = await db.query<{ days: number }>(
      'select count(*)::int as days from reading_blocks where house_id = $1',
      [house],
    );
    const days = blocks.rows[0]?.days ?? 0;
    const year = 365 / days;
    console.log(`  ${days} UTC days stored; figures below are scaled ×${year.toFixed(3)} to a home-year`);

    const before = await databaseSize(db);
    await db.query('vacuum full');
    const after = await databaseSize(db);
    console.log(
      `  pg_database_size less the empty database's (${mb(empty)}): ${mb((before - empty) * year)} per ` +
        `home-year before VACUUM FULL, ${mb((after - empty) * year)} after ` +
        `(${(((after - empty) * year) / 1e6 / EMONCMS_MB).toFixed(2)}× Emoncms's ${EMONCMS_MB} MB; target ≤ ${TARGET_MB} MB)`,
    );
    const sizes = await tableSizes(db);
    const grown = [...sizes]
      .map(([name, b]) => [name, b - (emptyTables.get(name) ?? 0)] as const)
      .filter(([name, b]) => b > 0 || ENERGY.includes(name))
      .sort((a, b) => b[1] - a[1]);
    let energy = 0;
    console.log('  per table after VACUUM FULL (table + TOAST + indexes, growth over empty, per home-year):');
    for (const [name, b] of grown) {
      if (ENERGY.includes(name)) energy += b;
      console.log(
        `    ${name.padEnd(22)} ${mb(b * year).padStart(9)}${ENERGY.includes(name) ? '' : '  (not energy)'}`,
      );
    }
    // Where the largest tables' bytes are: the heap (TOAST included) and each index.
    for (const [name, parts] of await partsOf(
      db,
      grown.slice(0, 3).map(([table]) => table),
    ))
      console.log(
        `      ${name}: ${parts.map(([part, b]) => `${part} ${mb((b - (part === 'heap' ? 0 : 8192)) * year)}`).join(', ')} (indexes less their empty page)`,
      );
    console.log(
      `    ${'energy tables'.padEnd(22)} ${mb(energy * year).padStart(9)}: ` +
        `${((energy * year) / 1e6 / EMONCMS_MB).toFixed(2)}× Emoncms's ${EMONCMS_MB} MB (target ≤ ${TARGET_MB} MB)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
    await opened.drop();
  }
}
