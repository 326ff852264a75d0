import {
  compileTariffs,
  DEFAULT_GAS_TARIFFS,
  DEFAULT_TARIFFS,
  type StoredTariff,
  type Tariff,
  type TariffBook,
  tariffFromStored,
} from '@homeview/domain';
import type { Queryable } from '../db/types';
import { ELECTRICITY, type Fuel, fuelCode } from './fuel';

// A house's compiled TariffBook: what prices its slots, read by the write path (readings), the screens,
// rankings and reports; features/tariffs writes the versions (table `tariffs`, `tariff` = the domain's
// integer-only stored form). A version is replaced by deleting and inserting, so its
// id and created_at change whenever its content does: together they are a cheap cache key (created_at,
// to the microsecond, keeps two databases in one process, as in the tests, from sharing an entry).
// Each fuel has its own versions (tariffs.fuel, migration 0027) and its own default: Ofgem's cap for that
// fuel (domain tariff/caps.ts), so gas is priced by the same book, formula and cache as electricity.

interface TariffRow {
  id: number;
  tariff: StoredTariff;
}

// Dynamic prices (Agile) live once per house, rate and slot in `tariff_prices` (migration 0011): a
// version's dynamic rate is stored with its name and no prices, and is given the house's prices of that
// rate when loaded (one Map shared by every version). A slot's price is the latest imported for it.

export const RATES = ['import', 'export', 'generation'] as const;
export type RateName = (typeof RATES)[number];

async function loadPrices(
  db: Queryable,
  houseId: number,
  fuel: Fuel,
): Promise<Map<RateName, Map<number, number>>> {
  const { rows } = await db.query<{ rate: RateName; slots: string; prices: string }>(
    `select rate, string_agg(slot_start::text, ',' order by slot_start) as slots,
            string_agg(price::text, ',' order by slot_start) as prices
       from tariff_prices where house_id = $1 and fuel = $2 group by rate`,
    [houseId, fuelCode(fuel)],
  );
  const byRate = new Map<RateName, Map<number, number>>();
  for (const row of rows) {
    const slots = row.slots.split(',');
    const prices = row.prices.split(',');
    byRate.set(row.rate, new Map(slots.map((slot, i) => [Number(slot), Number(prices[i])])));
  }
  return byRate;
}

/** The house's versions of a fuel's tariff, oldest first. */
export async function loadTariffs(
  db: Queryable,
  houseId: number,
  fuel: Fuel = ELECTRICITY,
): Promise<Tariff[]> {
  const { rows } = await db.query<TariffRow>(
    'select id, tariff from tariffs where house_id = $1 and fuel = $2 order by start_date',
    [houseId, fuelCode(fuel)],
  );
  return versionsOf(db, houseId, fuel, rows);
}

/** Stored versions (oldest first) as tariffs, a dynamic rate given the house's prices of it. */
async function versionsOf(
  db: Queryable,
  houseId: number,
  fuel: Fuel,
  rows: readonly TariffRow[],
): Promise<Tariff[]> {
  const dynamic = rows.some((r) => RATES.some((rate) => r.tariff[rate]?.type === 'dynamic'));
  const prices = dynamic ? await loadPrices(db, houseId, fuel) : new Map<RateName, Map<number, number>>();
  return rows.map((r) => {
    const t = tariffFromStored(r.tariff);
    const withPrices = (rate: RateName): Tariff[RateName] => {
      const own = t[rate];
      return own?.type === 'dynamic' ? { ...own, prices: prices.get(rate) ?? new Map() } : own;
    };
    return {
      ...t,
      import: withPrices('import'),
      export: withPrices('export'),
      generation: withPrices('generation'),
    };
  });
}

export interface HouseTariffs {
  zone: string;
  versions: readonly Tariff[];
  book: TariffBook;
}

/**
 * The cache holds the books of CACHE_HOUSES houses, and at most CACHE_PRICES dynamic prices among them (a
 * year of Agile is ~17,500 a rate). A device flush prices up to 1,000+ houses one after the other, every
 * second: a cache smaller than the houses that send (it was 256) missed every time, one more read and
 * compile per house and flush (bench/NOTES.md, "Devices over MQTT").
 */
export const CACHE_HOUSES = 8192;
export const CACHE_PRICES = 1_000_000;
/** Keyed by house and fuel (`cacheKey`). */
const cache = new Map<string, { key: string; value: HouseTariffs; prices: number }>();
let cachedPrices = 0;
/** Houses with no versions of their own price at the default: one book per zone and fuel, shared by all. */
const defaults = new Map<string, HouseTariffs>();
/** Books of houses with versions of their own: found in the cache, or read and compiled (the bench prints them). */
export const tariffCacheStats = { hits: 0, misses: 0 };

/** The fuel's default series (the dated cap), which prices whatever the house's own versions leave. */
export const defaultSeriesOf = (fuel: Fuel): readonly Tariff[] =>
  fuel === 'gas' ? DEFAULT_GAS_TARIFFS : DEFAULT_TARIFFS;

const cacheKey = (houseId: number, fuel: Fuel) => `${houseId}:${fuel}`;

/**
 * SQL for a house's tariff cache key, with the house aliased `h` (see the note at the top): every version
 * of every fuel, so a change to either fuel's versions renews both books (cheap, and never stale).
 */
export const TARIFF_KEY_SQL = `coalesce((select string_agg(t.id || '@' || (extract(epoch from t.created_at) * 1e6)::bigint,
  ',' order by t.id) from tariffs t where t.house_id = h.id), '')`;

/**
 * The compiled tariffs for a house whose zone and tariff key were just read. Compiling means parsing the
 * stored JSON (a year of Agile prices is ~17,000 pairs), so the result is cached per house and reused
 * while the zone and the version ids are unchanged.
 */
export async function tariffsFor(
  db: Queryable,
  houseId: number,
  zone: string,
  ids: string,
  fuel: Fuel = ELECTRICITY,
  /** The house's versions as just read (tariffsOfHouses), for a house not in the cache. */
  loaded?: readonly Tariff[],
): Promise<HouseTariffs> {
  if (ids === '') {
    let value = defaults.get(`${zone}|${fuel}`);
    if (value === undefined) {
      value = { zone, versions: [], book: compileTariffs([], zone, defaultSeriesOf(fuel)) };
      defaults.set(`${zone}|${fuel}`, value);
    }
    return value;
  }
  const key = `${zone}|${ids}`;
  const at = cacheKey(houseId, fuel);
  const hit = cache.get(at);
  if (hit?.key === key) {
    cache.delete(at); // most recently used last
    cache.set(at, hit);
    tariffCacheStats.hits++;
    return hit.value;
  }
  tariffCacheStats.misses++;
  const versions = loaded ?? (await loadTariffs(db, houseId, fuel));
  const value: HouseTariffs = { zone, versions, book: compileTariffs(versions, zone, defaultSeriesOf(fuel)) };
  // The versions of a house share its price maps: each map counted once.
  const maps = new Set(
    versions
      .flatMap((v) => RATES.map((rate) => v[rate]))
      .flatMap((r) => (r?.type === 'dynamic' ? [r.prices] : [])),
  );
  const prices = [...maps].reduce((sum, m) => sum + m.size, 0);
  if (hit !== undefined) {
    cache.delete(at);
    cachedPrices -= hit.prices;
  }
  cache.set(at, { key, value, prices });
  cachedPrices += prices;
  // Least recently used first.
  for (const [oldest, entry] of cache) {
    if (cache.size <= CACHE_HOUSES && cachedPrices <= CACHE_PRICES) break;
    if (oldest === at) break;
    cache.delete(oldest);
    cachedPrices -= entry.prices;
  }
  return value;
}

/** The house's zone and compiled tariffs of a fuel, or null for an unknown house. */
export async function houseTariffs(
  db: Queryable,
  houseId: number,
  fuel: Fuel = ELECTRICITY,
): Promise<HouseTariffs | null> {
  const { rows } = await db.query<{ time_zone: string; ids: string }>(
    `select h.time_zone, ${TARIFF_KEY_SQL} as ids from houses h where h.id = $1
     for key share of h`, // as a foreign key would: the house stays until this writer commits
    [houseId],
  );
  const row = rows[0];
  return row === undefined ? null : tariffsFor(db, houseId, row.time_zone, row.ids, fuel);
}

/**
 * houseTariffs for several houses in one read (a device flush's uses of many homes); houses that do not
 * exist are absent. Books come from the cache as houseTariffs' do.
 */
export async function houseTariffsOfHouses(
  db: Queryable,
  houseIds: readonly number[],
  fuel: Fuel = ELECTRICITY,
): Promise<Map<number, HouseTariffs>> {
  const { rows } = await db.query<{ id: number; time_zone: string; ids: string }>(
    `select h.id, h.time_zone, ${TARIFF_KEY_SQL} as ids from houses h
      where h.id = any(string_to_array($1, ',')::int[]) order by h.id
     for key share of h`, // as a foreign key would: the houses stay until this writer commits
    [houseIds.join(',')],
  );
  return tariffsOfHouses(db, new Map(rows.map((r) => [r.id, { zone: r.time_zone, ids: r.ids }])), fuel);
}

/**
 * tariffsFor of several houses whose zones and tariff keys were just read (the write path of many homes):
 * the versions of those not in the cache read in one statement, not one per house (a device flush after a
 * start prices 1,000+ houses it has never seen).
 */
export async function tariffsOfHouses(
  db: Queryable,
  houses: ReadonlyMap<number, { zone: string; ids: string }>,
  fuel: Fuel = ELECTRICITY,
): Promise<Map<number, HouseTariffs>> {
  const missing = [...houses].flatMap(([houseId, { zone, ids }]) =>
    ids !== '' && cache.get(cacheKey(houseId, fuel))?.key !== `${zone}|${ids}` ? [houseId] : [],
  );
  const rowsOf = new Map<number, TariffRow[]>(missing.map((houseId) => [houseId, []]));
  if (missing.length > 0) {
    const { rows } = await db.query<TariffRow & { house_id: number }>(
      `select house_id, id, tariff from tariffs
        where house_id = any(string_to_array($1, ',')::int[]) and fuel = $2 order by house_id, start_date`,
      [missing.join(','), fuelCode(fuel)],
    );
    for (const row of rows) rowsOf.get(row.house_id)?.push(row);
  }
  const books = new Map<number, HouseTariffs>();
  for (const [houseId, { zone, ids }] of houses) {
    const rows = rowsOf.get(houseId);
    const loaded = rows === undefined ? undefined : await versionsOf(db, houseId, fuel, rows);
    books.set(houseId, await tariffsFor(db, houseId, zone, ids, fuel, loaded));
  }
  return books;
}
