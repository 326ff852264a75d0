import { localDate, periodCost, startOfLocalDate } from '@homeview/domain';
import { minuteCache } from '../../db/minute-cache';
import type { Queryable } from '../../db/types';
import { TARIFF_KEY_SQL, tariffsFor } from '../../shared/tariff-book';
import { type GroupRow, NO_SUMS, type Profile, type Sums } from './groups';
import { ELECTRICITY_CODE, FUELS_PRESENT_SQL, type Fuel, fuelsOfCodes } from '../../shared/fuel';

// Rankings read only the daily and monthly rollups (ARCHITECTURE "Readings: storage, the write path, rollups"). The asking
// home's rows of the period are read fresh on every call (≤ 7 daily rows or 1 monthly row through the
// primary key); every other home's sums for the period come from one read per minute shared by every
// asker (`othersOf`), filtered on coverage and grouped per (property type, occupants) in memory.
// `freshRankingRows` is the same answer over every home's rows read now, kept as the reference that a
// test holds the cached path equal to. A home's cost is the one its own screens show (domain periodCost:
// import cost plus every day's standing charge from its first reading), worked out from its tariff book.

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

/** One home's sums for the period and what it says it is; `cost` is its `periodCost`. */
export interface HomePeriod extends Profile {
  house_id: number;
  covered_s: number;
  cost: number;
  consumed_wh: number;
  generation_wh: number;
}

/** A home's period sums as read, before its cost is worked out from its tariff book. */
interface HomeRow extends Omit<HomePeriod, 'cost'> {
  import_cost: number;
  time_zone: string;
  tariff_ids: string;
  /** The home's first reading (epoch s), from which days are charged; null before any. */
  first: number | null;
}

/**
 * Each home's period sums, its profile, and what its cost needs (zone, tariff key, first reading): every
 * home with data in the period, or (`own`) the home $3 with or without, as its own screen shows it.
 */
function homesSql(range: PeriodRange, own: boolean): string {
  const key = range.table === 'daily_rollups' ? 'day' : 'month';
  const sums = `select house_id, sum(covered_s)::bigint as covered_s, sum(import_cost)::bigint as import_cost,
                       sum(consumed_wh)::bigint as consumed_wh, sum(generation_wh)::bigint as generation_wh
                  from ${range.table} where ${own ? 'house_id = $3 and' : ''} fuel = ${ELECTRICITY_CODE}
                   and ${key} >= $1::date and ${key} < $2::date
                 group by house_id`;
  return `select h.id as house_id, h.property_type, ${OCCUPANTS} as occupants,
                 coalesce(p.covered_s, 0)::bigint as covered_s, coalesce(p.import_cost, 0)::bigint as import_cost,
                 coalesce(p.consumed_wh, 0)::bigint as consumed_wh,
                 coalesce(p.generation_wh, 0)::bigint as generation_wh, h.time_zone, ${TARIFF_KEY_SQL} as tariff_ids,
                 (select first_ts from daily_rollups f where f.house_id = h.id and f.fuel = ${ELECTRICITY_CODE}
                   order by f.day limit 1) as first
            from ${own ? `houses h left join (${sums}) p on true where h.id = $3` : `(${sums}) p join houses h on h.id = p.house_id`}`;
}

/**
 * The cost the home's own screen shows for the period (domain `periodCost`, in the home's zone). The
 * standing charge depends only on the home's tariffs and the local date of its first reading, so a read
 * of many homes works it out once per (zone, tariffs, first date) through `charges` (worked out per home
 * it took three quarters of a 1,000-home read's time); so are the period's bounds in each zone.
 */
async function withCost(
  db: Queryable,
  row: HomeRow,
  range: PeriodRange,
  now: number,
  charges: Map<string, number> = new Map(),
): Promise<HomePeriod> {
  const { import_cost, time_zone, tariff_ids, first, ...rest } = row;
  if (first === null) return { ...rest, cost: 0 }; // no reading yet: nothing charged, as on its screens
  const zoned = `zone|${time_zone}`;
  let start = charges.get(`${zoned}|start`);
  let end = charges.get(`${zoned}|end`);
  if (start === undefined || end === undefined) {
    start = startOfLocalDate(range.from, time_zone);
    end = startOfLocalDate(range.to, time_zone);
    charges.set(`${zoned}|start`, start).set(`${zoned}|end`, end);
  }
  const period = { unit: 'day' as const, start, end };
  // A house's own tariff versions are its own (their key names the house's rows); the default is shared.
  const owner = tariff_ids === '' ? '' : row.house_id;
  const key = `${time_zone}|${owner}|${tariff_ids}|${first <= period.start ? '' : localDate(first, time_zone)}`;
  let charge = charges.get(key);
  if (charge === undefined) {
    const { book } = await tariffsFor(db, row.house_id, time_zone, tariff_ids);
    charge = periodCost(0, period, book, { chargeFrom: first, now });
    charges.set(key, charge);
  }
  return { ...rest, cost: import_cost + charge };
}

/** Every home with data in the period, summed and costed. */
async function everyHome(db: Queryable, range: PeriodRange, now: number): Promise<HomePeriod[]> {
  const { rows } = await db.query<HomeRow>(homesSql(range, false), [range.from, range.to]);
  const charges = new Map<string, number>();
  const homes: HomePeriod[] = [];
  for (const row of rows) homes.push(await withCost(db, row, range, now, charges));
  return homes;
}

/** The asking home's sums and cost, read now, whether or not it has data in the period. */
async function ownHome(
  db: Queryable,
  houseId: number,
  range: PeriodRange,
  now: number,
): Promise<HomePeriod | undefined> {
  const { rows } = await db.query<HomeRow>(homesSql(range, true), [range.from, range.to, houseId]);
  return rows[0] === undefined ? undefined : withCost(db, rows[0], range, now);
}

/** One group row per (property type, occupants) of the homes with enough data, `houseId` left out. */
function groupsOf(homes: readonly HomePeriod[], houseId: number, minCoveredS: number): GroupRow[] {
  const groups = new Map<string, GroupRow>();
  for (const h of homes) {
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
  return [...groups.values()];
}

const sumsOf = (home: HomePeriod | undefined): Sums =>
  home === undefined
    ? { ...NO_SUMS }
    : { homes: 1, cost: home.cost, consumed_wh: home.consumed_wh, generation_wh: home.generation_wh };

/** How long other homes' period sums are reused: their side of a ranking lags by at most this. */
export const OTHERS_TTL_S = 60;
const others = minuteCache<HomePeriod[]>(OTHERS_TTL_S);

export interface OwnRows {
  profile: Profile;
  rows: RankingRows;
}

/**
 * This home's profile and sums read now, the other homes' from the minute's shared read (so their side
 * is at most OTHERS_TTL_S old). `freshRankingRows` is the same answer with every home read now.
 */
export async function cachedRankingRows(
  db: Queryable,
  houseId: number,
  range: PeriodRange,
  minCoveredS: number,
  now: number,
): Promise<OwnRows> {
  const homes = others.get(db, `${range.table}|${range.from}|${range.to}`, now, () =>
    everyHome(db, range, now),
  );
  const own = await ownHome(db, houseId, range, now);
  return {
    profile: own ?? (await profileOf(db, houseId)),
    rows: { mine: sumsOf(own), others: groupsOf(await homes, houseId, minCoveredS) },
  };
}

/** The reference: `cachedRankingRows`' answer with every home read now. */
export async function freshRankingRows(
  db: Queryable,
  houseId: number,
  range: PeriodRange,
  minCoveredS: number,
  now: number,
): Promise<OwnRows> {
  const homes = await everyHome(db, range, now);
  return {
    profile: await profileOf(db, houseId),
    rows: {
      mine: sumsOf(await ownHome(db, houseId, range, now)),
      others: groupsOf(homes, houseId, minCoveredS),
    },
  };
}

/**
 * The fuels the house has any reading of (issue 35), so the screen can say that a gas home's ranking is of
 * electricity alone: one index probe per fuel.
 */
export async function fuelsOfHouse(db: Queryable, houseId: number): Promise<Fuel[]> {
  const { rows } = await db.query<{ fuels: string | null }>(`select ${FUELS_PRESENT_SQL} as fuels`, [
    houseId,
  ]);
  return fuelsOfCodes(rows[0]?.fuels ?? '');
}
