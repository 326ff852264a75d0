import type { Queryable } from '../../db/types';

// The `carbon_intensity` table (migration 0037): Great Britain's recorded gCO₂/kWh per half-hour, written
// by the fill (recorded.ts); the days' and months' carbon_mg follow it (readings/carbon-days.ts, 0039).

export interface StoredSlot {
  slot: number;
  g: number;
  actual: boolean;
}

/**
 * Where the homes' electricity begins: the earliest stored day of any home (a per-house index probe, not a
 * scan of every day), or null when no home has any.
 */
export async function earliestElectricity(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ first: string | null }>(
    `select min((select r.day_start from rollup_days r where r.house_id = h.id and r.fuel = 0
                  order by r.day_start limit 1))::text as first
       from houses h`,
  );
  const first = rows[0]?.first;
  return first === null || first === undefined ? null : Number(first);
}

/**
 * Per window of `windowS` seconds (aligned on multiples of it) overlapping [from, to): the half-hours
 * stored there inside [from, to), and whether any of them is still a forecast fetched before `youngFrom`.
 */
export async function windowCounts(
  db: Queryable,
  from: number,
  to: number,
  windowS: number,
  youngFrom: number,
): Promise<Map<number, { stored: number; forecasts: number }>> {
  const { rows } = await db.query<{ w: string; stored: number; forecasts: number }>(
    `select (slot_start - slot_start % $3)::text as w, count(*)::int as stored,
            count(*) filter (where not actual and slot_start >= $4)::int as forecasts
       from carbon_intensity where slot_start >= $1 and slot_start < $2
      group by 1`,
    [from, to, windowS, youngFrom],
  );
  return new Map(rows.map((r) => [Number(r.w), { stored: r.stored, forecasts: r.forecasts }]));
}

/**
 * Stores the half-hours, never putting a forecast over a recorded actual; returns the span of those whose
 * figure is new or changed ([from, to), null when none: a re-asked window usually changes nothing), which
 * the days' carbon must follow (readings/carbon-days.ts).
 */
export async function storeSlots(
  db: Queryable,
  slots: readonly StoredSlot[],
  now: number,
): Promise<{ from: number; to: number } | null> {
  if (slots.length === 0) return null;
  const { rows } = await db.query<{ lo: string | null; hi: string | null }>(
    `with old as (select slot_start, g_per_kwh from carbon_intensity where slot_start = any($1::bigint[])),
          up as (insert into carbon_intensity (slot_start, g_per_kwh, actual, fetched_at)
                 select s, g, a, $4 from unnest($1::bigint[], $2::int[], $3::boolean[]) as u(s, g, a)
                 on conflict (slot_start) do update
                    set g_per_kwh = excluded.g_per_kwh, actual = excluded.actual, fetched_at = excluded.fetched_at
                  where excluded.actual or not carbon_intensity.actual
                 returning slot_start, g_per_kwh)
     select min(up.slot_start)::text as lo, (max(up.slot_start) + 1800)::text as hi
       from up left join old on old.slot_start = up.slot_start
      where old.g_per_kwh is distinct from up.g_per_kwh`,
    [slots.map((s) => s.slot), slots.map((s) => s.g), slots.map((s) => s.actual), now],
  );
  const { lo, hi } = rows[0] ?? { lo: null, hi: null };
  return lo === null || hi === null ? null : { from: Number(lo), to: Number(hi) };
}
