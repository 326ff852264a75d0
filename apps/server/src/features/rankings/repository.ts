import type { Queryable } from '../../db/types';
import type { GroupRow, Profile, Sums } from './groups';

// Rankings read only the daily and monthly rollups (ARCHITECTURE "Daily and monthly rollups"): every
// home's rows of one local period through the (day, house_id) / (month, house_id) indexes, summed per
// home, filtered on coverage and summed again per (property type, occupants) in SQL, so a handful of
// rows cross the wire even at 1,000 homes.

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
