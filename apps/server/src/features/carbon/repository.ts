import { prepared, type Queryable } from '../../db/types';

// The `carbon_intensity` table (migration 0037): Great Britain's recorded gCO₂/kWh per half-hour, written
// by the fill (recorded.ts), read by the usage reads joined with the home's half-hours.

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

/** Stores the half-hours, never putting a forecast over a recorded actual. */
export async function storeSlots(db: Queryable, slots: readonly StoredSlot[], now: number): Promise<void> {
  if (slots.length === 0) return;
  await db.query(
    `insert into carbon_intensity (slot_start, g_per_kwh, actual, fetched_at)
     select s, g, a, $4 from unnest($1::bigint[], $2::int[], $3::boolean[]) as u(s, g, a)
     on conflict (slot_start) do update
        set g_per_kwh = excluded.g_per_kwh, actual = excluded.actual, fetched_at = excluded.fetched_at
      where excluded.actual or not carbon_intensity.actual`,
    [slots.map((s) => s.slot), slots.map((s) => s.g), slots.map((s) => s.actual), now],
  );
}

/** Per bucket of [edges[i], edges[i+1]): the electricity half-hours with data, and with a stored figure. */
export interface CarbonBucket {
  /** Σ import Wh × g/kWh (mg CO₂) over the half-hours with a stored figure. */
  mg: bigint;
  dataSlots: number;
  covered: number;
}

const CARBON_SUMS = prepared(
  `select width_bucket(h.slot_start, $4::bigint[]) as bucket, count(*)::int as data_slots,
          count(c.slot_start)::int as covered, coalesce(sum(h.import_wh * c.g_per_kwh), 0)::text as mg
     from half_hours($1, 0, $2, $3) h
     left join carbon_intensity c on c.slot_start = h.slot_start
    group by 1`,
);

/**
 * The home's electricity import over each of the buckets starting at `starts` (ascending, the last ending
 * at `end`), joined half-hour by half-hour with the stored intensity.
 */
export async function carbonBuckets(
  db: Queryable,
  houseId: number,
  starts: readonly number[],
  end: number,
): Promise<CarbonBucket[]> {
  const out: CarbonBucket[] = starts.map(() => ({ mg: 0n, dataSlots: 0, covered: 0 }));
  if (starts.length === 0) return out;
  const { rows } = await db.query<{ bucket: number; data_slots: number; covered: number; mg: string }>(
    CARBON_SUMS,
    [houseId, starts[0] as number, end, [...starts]],
  );
  for (const r of rows) {
    const i = r.bucket - 1;
    if (i < 0 || i >= out.length) continue;
    out[i] = { mg: BigInt(r.mg), dataSlots: r.data_slots, covered: r.covered };
  }
  return out;
}
