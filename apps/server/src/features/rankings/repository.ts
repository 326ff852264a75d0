import { minuteCache } from '../../db/minute-cache';
import type { Queryable } from '../../db/types';
import { type GroupRow, NO_SUMS, type Profile, type Sums } from './groups';

// Rankings read only the daily and monthly rollups (ARCHITECTURE "Daily and monthly rollups"). The asking
// home's rows of the period are read fresh on every call (≤ 7 daily rows or 1 monthly row through the
// primary key); every other home's sums for the period come from one read per minute shared by every
// asker (`othersOf`), filtered on coverage and grouped per (property type, occupants) in memory.
// `rankingRows` is the same answer in one query over every home's rows, kept as the reference that a
// test holds the cached path equal to.

const OCCUPANTS = `(coalesce(h.under10, 0) + coalesce(h.range10_17, 0) + coalesce(h.range18_64, 0)
                    + coalesce(h.range65_74, 0) + coalesce(h.over74, 0))::int`;

export async function profileOf(db: Queryable, houseId: number): Promise<Profile> {
  const { rows } = await db.query<Profile>(
    `select h.property_type, ${OCCUPANTS} as occupants from houses h where h.id = $1`,
    [houseId],
  );
  return rows[0] ?? { property_type: null, occupants: 0 };
}

export interface PeriodRange {
  table: 'daily_rollups' | 'monthly_rollups';
  /** Local dates, [from, to). */
  from: string;
  to: string;
}

export interface RankingRows {
  mine: Sums;
  /** Other homes with at least `minCoveredS` seconds of data, per property type and occupants. */
  others: GroupRow[];
}

export async function rankingRows(
  db: Queryable,
  houseId: number,
  range: PeriodRange,
  minCoveredS: number,
): Promise<RankingRows> {
  const key = range.table === 'daily_rollups' ? 'day' : 'month';
  const { rows } = await db.query<GroupRow & { mine: boolean }>(
    `with per_house as (
       select house_id, sum(covered_s)::bigint as covered_s, sum(import_cost + standing_charge)::bigint as cost,
              sum(consumed_wh)::bigint as consumed_wh, sum(generation_wh)::bigint as generation_wh
         from ${range.table} where ${key} >= $1::date and ${key} < $2::date group by house_id)
     select h.property_type, ${OCCUPANTS} as occupants, p.house_id = $3 as mine, count(*)::int as homes,
            sum(p.cost)::bigint as cost, sum(p.consumed_wh)::bigint as consumed_wh,
            sum(p.generation_wh)::bigint as generation_wh
       from per_house p join houses h on h.id = p.house_id
      where p.covered_s >= $4 or p.house_id = $3
      group by 1, 2, 3`,
    [range.from, range.to, houseId, minCoveredS],
  );
  const mine = rows.find((r) => r.mine);
  return {
    mine: mine ?? { homes: 0, cost: 0, consumed_wh: 0, generation_wh: 0 },
    others: rows.filter((r) => !r.mine).map(({ mine: _m, ...row }) => row),
  };
}

/** One home's sums for the period and what it says it is. */
export interface HomePeriod extends Profile {
  house_id: number;
  covered_s: number;
  cost: number;
  consumed_wh: number;
  generation_wh: number;
}

function periodSums(range: PeriodRange, where: string): string {
  const key = range.table === 'daily_rollups' ? 'day' : 'month';
  return `select house_id, sum(covered_s)::bigint as covered_s, sum(import_cost + standing_charge)::bigint as cost,
                 sum(consumed_wh)::bigint as consumed_wh, sum(generation_wh)::bigint as generation_wh
            from ${range.table} where ${where} ${key} >= $1::date and ${key} < $2::date group by house_id`;
}

/** Every home with data in the period, summed: the other homes' side, shared for a minute. */
async function everyHome(db: Queryable, range: PeriodRange): Promise<HomePeriod[]> {
  const { rows } = await db.query<HomePeriod>(
    `select p.house_id, h.property_type, ${OCCUPANTS} as occupants, p.covered_s, p.cost, p.consumed_wh,
            p.generation_wh
       from (${periodSums(range, '')}) p join houses h on h.id = p.house_id`,
    [range.from, range.to],
  );
  return rows;
}

/** How long other homes' period sums are reused: their side of a ranking lags by at most this. */
export const OTHERS_TTL_S = 60;
const others = minuteCache<HomePeriod[]>(OTHERS_TTL_S);

export interface OwnRows {
  profile: Profile;
  rows: RankingRows;
}

/**
 * The same answer as `rankingRows` + `profileOf`: this home's profile and sums read now, the other
 * homes' from the minute's shared read (so their side is at most OTHERS_TTL_S old).
 */
export async function cachedRankingRows(
  db: Queryable,
  houseId: number,
  range: PeriodRange,
  minCoveredS: number,
  now: number,
): Promise<OwnRows> {
  const homes = others.get(db, `${range.table}|${range.from}|${range.to}`, now, () => everyHome(db, range));
  const { rows } = await db.query<Profile & Sums>(
    `select h.property_type, ${OCCUPANTS} as occupants, count(p.house_id)::int as homes,
            coalesce(sum(p.cost), 0)::bigint as cost, coalesce(sum(p.consumed_wh), 0)::bigint as consumed_wh,
            coalesce(sum(p.generation_wh), 0)::bigint as generation_wh
       from houses h left join (${periodSums(range, 'house_id = $3 and')}) p on true
      where h.id = $3 group by 1, 2`,
    [range.from, range.to, houseId],
  );
  const own = rows[0];
  const groups = new Map<string, GroupRow>();
  for (const h of await homes) {
    if (h.house_id === houseId || h.covered_s < minCoveredS) continue;
    const key = `${h.property_type}|${h.occupants}`;
    let g = groups.get(key);
    if (g === undefined) {
      g = { ...NO_SUMS, property_type: h.property_type, occupants: h.occupants };
      groups.set(key, g);
    }
    g.homes += 1;
    g.cost += h.cost;
    g.consumed_wh += h.consumed_wh;
    g.generation_wh += h.generation_wh;
  }
  return {
    profile: { property_type: own?.property_type ?? null, occupants: own?.occupants ?? 0 },
    rows: {
      mine: {
        homes: own?.homes ?? 0,
        cost: own?.cost ?? 0,
        consumed_wh: own?.consumed_wh ?? 0,
        generation_wh: own?.generation_wh ?? 0,
      },
      others: [...groups.values()],
    },
  };
}

/** The reference: `cachedRankingRows`' answer with every home read now. */
export async function freshRankingRows(
  db: Queryable,
  houseId: number,
  range: PeriodRange,
  minCoveredS: number,
): Promise<OwnRows> {
  return {
    profile: await profileOf(db, houseId),
    rows: await rankingRows(db, houseId, range, minCoveredS),
  };
}
