import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../apps/server/src/db/migrate';
import { openPglite } from '../../apps/server/src/db/pglite';
import { openPostgres } from '../../apps/server/src/db/postgres';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { findHouseOf } from '../../apps/server/src/features/energy/repository';
import { energyView, summarise } from '../../apps/server/src/features/energy/service';
import { createScratchDatabase } from './postgres';
const store = process.argv[2] as 'pglite'|'postgres';
const n = Number(process.argv[3]);
let db; let drop = async () => {};
if (store === 'postgres') { const s = (await createScratchDatabase('scratch'))!; db = await openPostgres(s.url, 4); drop = s.drop; }
else db = await openPglite(await mkdtemp(join(tmpdir(), 'hv-scratch-')));
await migrate(db);
const now = Math.floor(Date.now()/1000); const to = now - now % 1800; const from = to - 365*86400;
const homes = await insertHomes(db, Array.from({length: n}, (_, i) => ({username: `b${i}`, name: `B${i}`, propertyType: 'Flat', occupants: {}, demo: false})));
const ids = [...homes.values()];
let t0 = performance.now();
for (let i = 0; i < ids.length; i += 10) {
  await db.query(`insert into rollups (house_id, slot_start, covered_s, import_wh, export_wh, generation_wh, import_cost, export_income, generation_income)
       select h, s, 1800, iw, ew, gw, iw * 246700, ew * 150000, 0
         from (select h, s, (random() * 600)::int as iw, (random() * 150)::int as ew, (random() * 300)::int as gw
                 from unnest($1::int[]) as h, generate_series($2::bigint, $3::bigint - 1800, 1800) as s) x`, [ids.slice(i, i+10), from, to]);
  if (i % 100 === 0) console.log(i, ((performance.now()-t0)/1000).toFixed(1));
}
console.log('fill', ((performance.now()-t0)/1000).toFixed(1), 's');
const size = await db.query<{mb:number}>('select (pg_database_size(current_database()) / 1048576)::int as mb'); console.log(size.rows);
const house = (await findHouseOf(db, 1))!;
for (const unit of ['day','week','month','year'] as const) {
  const ms: number[] = [];
  for (let i = 0; i < 50; i++) { const t = performance.now(); unit === 'year' ? await summarise(db, house, unit, now - 40*86400, now) : await energyView(db, house, unit, now - 40*86400, now); ms.push(performance.now()-t); }
  ms.sort((a,b)=>a-b); console.log(unit, ms[25]!.toFixed(1), ms[47]!.toFixed(1));
}
await db.close(); await drop();
