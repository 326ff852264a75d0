import type { Comparison, Ranking } from '@homeview/contract';
import { localDate, periodContaining } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { badRequest } from '../../http/errors';
import { CURRENCY_UNIT, ENERGY_UNIT, kwh, pounds } from '../../shared/units';
import type { EnergyHouse } from '../../shared/house';
import { chooseSimilar, type Sums } from './groups';
import { cachedRankingRows, fuelsOfHouse, type OwnRows, type PeriodRange } from './repository';

// §3 Ranking: this home beside the average similar home and the average home over one local week or
// month. A home counts in an average only with data for ≥ 90% of the period's elapsed seconds (up to
// now for the current period), so a home that was offline does not drag the averages down. This home is
// shown whatever its coverage, and is not in its own averages. This home's figures are always read now;
// the other homes' come from a read shared for a minute (repository `cachedRankingRows`).

export const MIN_COVERAGE = 0.9;

export type RankingTimescale = 'week' | 'month';

function range(unit: RankingTimescale, start: number, end: number, zone: string): PeriodRange {
  return {
    table: unit === 'month' ? 'monthly_rollups' : 'daily_rollups',
    from: localDate(start, zone),
    to: localDate(end, zone),
  };
}

const average = (total: number, homes: number): number => (homes === 0 ? 0 : Math.round(total / homes));

function comparison(
  mine: number,
  similar: Sums,
  all: Sums,
  key: keyof Omit<Sums, 'homes'>,
  show: (v: number) => number,
): Comparison {
  return {
    you: show(mine),
    similar: show(average(similar[key], similar.homes)),
    all: show(average(all[key], all.homes)),
  };
}

/** "You used 12% less than similar homes": energy, the figure a person can change. */
export function summaryOf(
  you: number,
  similar: number,
  similarHomes: number,
  unit: RankingTimescale,
): string {
  if (similarHomes === 0) return `Not enough similar homes have data for this ${unit} yet.`;
  if (similar === 0) return 'Similar homes used no energy in this period.';
  const pct = Math.round(((you - similar) / similar) * 100);
  if (pct === 0) return 'You used about the same as similar homes';
  return `You used ${Math.abs(pct)}% ${pct < 0 ? 'less' : 'more'} than similar homes`;
}

/** Where a ranking's rows come from: the cached path, or in a test the one-query reference. */
export type RankingReader = (
  db: Queryable,
  houseId: number,
  range: PeriodRange,
  minCoveredS: number,
  now: number,
) => Promise<OwnRows>;

export async function userRanking(
  db: Queryable,
  house: EnergyHouse,
  unit: RankingTimescale,
  timestamp: number | undefined,
  now: number,
  read: RankingReader = cachedRankingRows,
): Promise<Ranking> {
  const zone = house.time_zone;
  const period = periodContaining(unit, timestamp ?? now, zone);
  if (period.start > now) throw badRequest('timestamp must not be in the future', 'timestamp');
  const elapsed = Math.min(period.end, now) - period.start;
  const { profile, rows } = await read(
    db,
    house.id,
    range(unit, period.start, period.end, zone),
    Math.ceil(elapsed * MIN_COVERAGE),
    now,
  );
  const { compared, sums: similar } = chooseSimilar(profile, rows.others);
  const all = rows.others.reduce<Sums>(
    (t, r) => ({
      homes: t.homes + r.homes,
      cost: t.cost + r.cost,
      consumed_wh: t.consumed_wh + r.consumed_wh,
      generation_wh: t.generation_wh + r.generation_wh,
    }),
    { homes: 0, cost: 0, consumed_wh: 0, generation_wh: 0 },
  );
  const { mine } = rows;
  const consumption = comparison(mine.consumed_wh, similar, all, 'consumed_wh', kwh);
  return {
    period: { time_unit: unit, start_timestamp: period.start },
    summary: summaryOf(mine.consumed_wh, average(similar.consumed_wh, similar.homes), similar.homes, unit),
    cost: comparison(mine.cost, similar, all, 'cost', pounds),
    consumption,
    generation:
      mine.generation_wh > 0 ? comparison(mine.generation_wh, similar, all, 'generation_wh', kwh) : null,
    currency_unit: CURRENCY_UNIT,
    energy_unit: ENERGY_UNIT,
    compared,
    time_zone: zone,
    fuels: await fuelsOfHouse(db, house.id),
  };
}
