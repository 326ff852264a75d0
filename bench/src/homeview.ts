import { PROPERTY_TYPES } from '@homeview/contract';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Db } from '../../apps/server/src/db/types';
import { PasswordHasher } from '../../apps/server/src/features/accounts/password';
import { createAccount, createHouse } from '../../apps/server/src/features/accounts/users';
import { insertHomes } from '../../apps/server/src/features/demo/repository';
import { houseOf } from '../../apps/server/src/shared/house';
import { userRanking } from '../../apps/server/src/features/rankings/service';
import { rebuildAllApplianceDays } from '../../apps/server/src/features/readings/appliance-days';
import { percentile } from './machine';
import { insertUses } from './seed-uses';
import { openBenchStore } from './store';
import { ELECTRICITY_CODE } from '../../apps/server/src/shared/fuel';

const RUNS = 200;
const DAYS = 365;
const EVENT_DAYS = 35;
const homesCount = (): number => Number(process.env.BENCH_HOMEVIEW_HOMES ?? 1000);
const f = (ms: number) => `${ms.toFixed(1)} ms`;
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** A year of daily rollups per home (5% of homes with patchy data), their months, and 5 weeks of uses. */
async function fill(db: Db, houseIds: readonly number[], today: string, now: number): Promise<void> {
  for (let i = 0; i < houseIds.length; i += 50) {
    const ids = houseIds.slice(i, i + 50);
    await db.query(
      `insert into daily_rollups (house_id, day, day_start, slots, data_slots, covered_s, first_ts, latest_end,
                                  import_wh, export_wh, generation_wh, consumed_wh, import_cost, export_income,
                                  generation_income, standing_charge)
       select h, d::date, extract(epoch from d)::bigint, 48, c / 1800, c, extract(epoch from d)::bigint,
              extract(epoch from d)::bigint + c, iw, ew, gw, iw + greatest(gw - ew, 0), iw::bigint * 246700,
              ew::bigint * 150000, 0, 572100000
         from (select h, d, case when h % 20 = 0 and random() < 0.3 then 43200 else 86400 end as c,
                      (4000 + random() * 12000)::int as iw, (random() * 3000)::int as ew,
                      case when h % 3 = 0 then (random() * 9000)::int else 0 end as gw
                 from unnest($1::int[]) as h,
                      generate_series($2::date - $3::int, $2::date - 1, interval '1 day') as d) x`,
      [ids, today, DAYS],
    );
    await db.query(
      insertUses(`select h as house_id, t as appliance_type_id, s as start_ts, s + dur as end_ts, wh as energy_wh,
              wh::bigint * 246700 as cost, false as estimated
         from (select h, t, $3::bigint - d * 86400 + 7 * 3600 + k * 9000 + t * 60 as s,
                      case t when 1 then 180 when 7 then 5400 else 7200 end as dur,
                      (case t when 1 then 100 when 7 then 900 else 150 end * (0.5 + random()))::int as wh
                 from unnest($1::int[]) as h, unnest(array[1, 7, 11]) as t,
                      generate_series(0, $2::int - 1) as d, generate_series(0, 3) as k
                where t = 1 or k = 0) x`),
      [ids, EVENT_DAYS, now - (now % 86400)],
    );
  }
  await db.query(
    `insert into monthly_rollups (house_id, month, days, data_slots, covered_s, first_ts, latest_end, import_wh,
                                  export_wh, generation_wh, consumed_wh, import_cost, export_income,
                                  generation_income, standing_charge)
     select house_id, date_trunc('month', day)::date, count(*), sum(data_slots), sum(covered_s), min(first_ts),
            max(latest_end), sum(import_wh), sum(export_wh), sum(generation_wh), sum(consumed_wh),
            sum(import_cost), sum(export_income), sum(generation_income), sum(standing_charge)
       from daily_rollups where fuel = ${ELECTRICITY_CODE} group by 1, 2`,
  );
  // Appliance days from the uses, as the write path keeps them (features/readings/appliance-days.ts).
  await rebuildAllApplianceDays(db);
  for (const table of ['daily_rollups', 'monthly_rollups', 'use_days', 'appliance_daily', 'houses'])
    await db.query(`analyze ${table}`);
}

/**
 * Times every call RUNS times, taking them in turn (one of each, then again), so a change in the
 * machine's load during the run weighs on every call alike and their figures stay comparable.
 */
async function timeInTurn(calls: ReadonlyArray<readonly [string, () => Promise<unknown>]>) {
  for (let i = 0; i < 5; i++) for (const [, fn] of calls) await fn();
  const out = calls.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [k, [, fn]] of calls.entries()) {
      const t0 = performance.now();
      await fn();
      out[k]!.push(performance.now() - t0);
    }
  }
  for (const [k, [label]] of calls.entries()) {
    const ms = out[k]!.sort((a, b) => a - b);
    console.log(
      `    ${label.padEnd(34)} p50 ${f(percentile(ms, 50))}, p95 ${f(percentile(ms, 95))}, max ${f(ms.at(-1)!)}`,
    );
  }
}

export async function benchHomeView(store: 'pglite' | 'postgres'): Promise<void> {
  const opened = await openBenchStore(store, 'homeview');
  if (!opened) {
    console.log('  PostgreSQL is not reachable on 127.0.0.1:5432: skipped.');
    return;
  }
  const { db } = opened;
  try {
    await migrate(db);
    const now = Math.floor(Date.now() / 1000);
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    const userId = await createAccount(db, new PasswordHasher(1000), {
      username: 'bench-user',
      email: null,
      password: 'Bench-Pass1!',
      setupDone: true,
    });
    await createHouse(db, {
      ownerUserId: userId,
      name: 'Bench',
      timeZone: 'Europe/London',
      propertyType: 'Semi_detached',
      occupants: { range18_64: 3 },
    });
    const count = homesCount() - 1;
    const homes = await insertHomes(
      db,
      Array.from({ length: count }, (_, i) => ({
        username: `bench-${String(i + 1).padStart(4, '0')}`,
        name: `Bench home ${i + 1}`,
        propertyType: PROPERTY_TYPES[i % PROPERTY_TYPES.length] as string,
        occupants: { range18_64: 1 + (i % 6) },
        demo: false,
      })),
    );
    const t0 = performance.now();
    const own = (await db.query<{ id: number }>('select id from houses where owner_user_id = $1', [userId]))
      .rows[0]!.id;
    await fill(db, [own, ...homes.values()], today, now);
    const size = await db.query<{ daily: number; events: number }>(
      `select (select count(*) from daily_rollups where fuel = ${ELECTRICITY_CODE})::int as daily,
              (select count(*) from appliance_events)::int as events`,
    );
    console.log(
      `  ${count + 1} homes: ${size.rows[0]?.daily} daily rollups (1 year), ${size.rows[0]?.events} appliance uses (5 weeks), generated in ${secs(t0)}`,
    );

    const app = await buildApp({
      config: loadConfig({ PASSWORD_ITERATIONS: '1000', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      db,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v3/accounts/login/',
      payload: { username: 'bench-user', password: 'Bench-Pass1!' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const lastWeek = now - 7 * 86_400;
    const lastMonth = now - 32 * 86_400;
    const urls: [string, string][] = [
      [
        'user_rankings week (last week)',
        `/api/v3/energy_info/user_rankings/?user_id=${userId}&timescale=week&timestamp=${lastWeek}`,
      ],
      [
        'user_rankings month (last month)',
        `/api/v3/energy_info/user_rankings/?user_id=${userId}&timescale=month&timestamp=${lastMonth}`,
      ],
      [
        'user_rankings week (this week)',
        `/api/v3/energy_info/user_rankings/?user_id=${userId}&timescale=week`,
      ],
      ['appliances most_used', `/api/v3/common/appliances/?user_id=${userId}&view_type=most_used`],
      ['appliances all', `/api/v3/common/appliances/?user_id=${userId}&view_type=all`],
      ['appliances/1 (kettle, 4 weeks)', `/api/v3/common/appliances/1/?user_id=${userId}`],
      ['appliances/timeline', `/api/v3/common/appliances/timeline/?user_id=${userId}&timestamp=${lastWeek}`],
      ['used_appliances week', `/api/v3/common/used_appliances/?timescale=week`],
      ['used_appliances month', `/api/v3/common/used_appliances/?timescale=month`],
    ];
    // The ranking's own work, without HTTP, the session and the house lookup: the rest of the HTTP
    // figure is the request path every call shares (compare appliances/timeline, the lightest call).
    const house = await houseOf(db, userId);
    if (house === null) throw new Error('the bench user has no house');
    const nowS = () => Math.floor(Date.now() / 1000);
    console.log(`  HTTP (inject), ${RUNS} runs each, taken in turn:`);
    await timeInTurn([
      ...urls.map(
        ([label, url]) =>
          [
            label,
            async () => {
              const res = await app.inject({ method: 'GET', url, headers: { cookie } });
              if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
            },
          ] as const,
      ),
      ['userRanking() alone, last week', () => userRanking(db, house, 'week', lastWeek, nowS())],
      ['userRanking() alone, this week', () => userRanking(db, house, 'week', undefined, nowS())],
    ]);
    await app.close();
  } finally {
    await opened.drop();
  }
}
