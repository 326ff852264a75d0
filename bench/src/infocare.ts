import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { replayHouse } from '../../apps/server/src/features/infocare/backfill';
import { RoutineCache } from '../../apps/server/src/features/infocare/routine-cache';
import { runInfocare } from '../../apps/server/src/features/infocare/job';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { insertHalfHours } from './rollup-days';
import { insertUses } from './seed-uses';
import { openBenchStore } from './store';

const homesWanted = (): number => Number(process.env.BENCH_INFOCARE_HOMES ?? 500);
const DAYS = 28;
// 2024-11-20 08:30 UTC (London is on GMT): after the usual morning, before lunch.
const NOW = Date.UTC(2024, 10, 20, 8, 30) / 1000;
const DAY0 = Date.UTC(2024, 10, 20) / 1000 - DAYS * 86_400;

async function fill(db: Db, count: number): Promise<number[]> {
  const homes = await insertHomes(
    db,
    Array.from({ length: count }, (_, i) => ({
      username: `care-${String(i + 1).padStart(5, '0')}`,
      name: `Care home ${i + 1}`,
      propertyType: 'Bungalow',
      occupants: { over74: 1 },
      demo: false,
    })),
  );
  const ids = [...homes.values()];
  await db.query(
    `insert into carer_links (carer_user_id, dependant_user_id, accepted_at)
     select (select id from users where username = 'care-00001'), h.owner_user_id, now()
       from houses h where h.id = any($1::int[]) and h.owner_user_id <> (select id from users where username = 'care-00001')`,
    [ids],
  );
  // (type, seconds after midnight, minutes) of the routine; each day jittered by up to 20 minutes. Runs
  // after NOW are in the table but the engine reads only what started before the instant it judges.
  for (let i = 0; i < ids.length; i += 100) {
    await db.query(
      insertUses(`select h as house_id, r.t as appliance_type_id, s as start_ts, s + r.m * 60 as end_ts,
              100 as energy_wh, 0 as cost, false as estimated
         from unnest($1::int[]) as h, generate_series(0, $3 - 1) as d,
              (values (1, 25200, 3), (5, 25800, 3), (2, 45000, 4), (1, 55800, 3), (4, 63000, 25), (11, 66600, 150))
                as r (t, o, m),
              lateral (select $2::bigint + d * 86400 + r.o + ((h * 7 + d * 13) % 40 - 20) * 60 as s) x`),
      [ids.slice(i, i + 100), DAY0, DAYS + 1], // today too: its morning has happened
    );
  }
  // A meter on each home (1-minute readings), so silence is inactivity, not "no data": every past day
  // fully covered, and yesterday's and today's half-hours and raw readings up to NOW.
  const since = NOW - ((NOW - DAY0) % 86_400) - 86_400; // yesterday's midnight (UTC = London in November)
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.query(
      `insert into daily_rollups (house_id, day, day_start, slots, data_slots, covered_s, first_ts, latest_end,
         import_wh, export_wh, generation_wh, consumed_wh, import_cost, export_income, generation_income,
         standing_charge)
       select h, to_timestamp($2::bigint + d * 86400)::date, $2::bigint + d * 86400, 48, 48, 86400,
              $2::bigint + d * 86400, $2::bigint + (d + 1) * 86400, 8000, 0, 0, 8000, 0, 0, 0, 0
         from unnest($1::int[]) h, generate_series(0, $3 - 1) d`,
      [chunk, DAY0, DAYS],
    );
    await db.query(
      insertHalfHours(`select h as house_id, s as slot_start, 1800 as covered_s, 150 as import_wh, 0 as export_wh,
              0 as generation_wh, 0::bigint as import_cost, 0::bigint as export_income, 0::bigint as generation_income
         from unnest($1::int[]) h, generate_series($2::bigint, $3::bigint - 1800, 1800) s`),
      [chunk, since, NOW],
    );
    await db.query(
      `insert into reading_blocks (house_id, block_start, gaps, interval_s, import_wh, export_wh, generation_wh)
       select h, b, array_fill(60, array[n]::int[]), array_fill(60, array[n]::int[]), array_fill(2, array[n]::int[]),
              array_fill(0, array[n]::int[]), array_fill(0, array[n]::int[])
         from unnest($1::int[]) h,
              (values ($2::bigint, 1439), ($2::bigint + 86400, ($3::bigint - $2::bigint - 86400) / 60 - 1)) v(b, n)`,
      [chunk, since, NOW],
    );
  }
  return ids;
}

export async function benchInfocare(store: 'pglite' | 'postgres'): Promise<void> {
  const opened = await openBenchStore(store, 'infocare');
  if (!opened) {
    console.log('  (PostgreSQL not reachable: skipped)');
    return;
  }
  const { db, drop } = opened;
  try {
    await migrate(db);
    const count = homesWanted();
    let t0 = performance.now();
    const ids = await fill(db, count);
    console.log(
      `  ${count} homes × ${DAYS} days of routine stored in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const quiet = { transport: 'outbox' as const, send: async () => {}, close() {} };
    const sms = { transport: 'outbox' as const, send: async () => {} };
    // The first run of a day learns every home's routine; the runs after it (every minute) reuse it.
    const cache = new RoutineCache();
    for (const [label, at] of [
      ['first run of the day (learns routines)', NOW],
      ['next run, a minute later', NOW + 60],
    ] as const) {
      t0 = performance.now();
      const summary = await runInfocare(db, { mailer: quiet, sms }, at, cache);
      const ms = performance.now() - t0;
      const per10k = (ms / summary.houses) * (10_000 / 1000);
      console.log(
        `  ${label}: ${summary.houses} homes in ${(ms / 1000).toFixed(2)} s (${(ms / summary.houses).toFixed(2)} ms/home; ` +
          `10,000 homes ≈ ${per10k.toFixed(1)} s${summary.houses >= 10_000 ? ' measured' : ' extrapolated'}, target ≤ 30 s); alerts raised: ${summary.raised}`,
      );
    }
    const house = { id: ids[0] as number, owner_user_id: 0, time_zone: 'Europe/London' };
    const days = 2;
    t0 = performance.now();
    await replayHouse(db, house, NOW - days * 86_400, NOW, 60);
    const s = (performance.now() - t0) / 1000;
    console.log(
      `  replay at one evaluation a minute: ${days} home-days in ${s.toFixed(1)} s = ${(days / s).toFixed(3)} home-days/s`,
    );
  } finally {
    await drop();
  }
}
