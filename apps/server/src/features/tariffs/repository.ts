import {
  compileTariffs,
  type StoredTariff,
  type Tariff,
  type TariffBook,
  tariffFromStored,
  tariffToStored,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';

// Dated tariff versions of a house (table `tariffs`, `tariff` = the domain's integer-only stored form) and
// the compiled TariffBook that prices its slots. A version is replaced by deleting and inserting, so its
// id and created_at change whenever its content does: together they are a cheap cache key (created_at,
// to the microsecond, keeps two databases in one process, as in the tests, from sharing an entry).

interface TariffRow {
  id: number;
  tariff: StoredTariff;
}

export async function loadTariffs(db: Queryable, houseId: number): Promise<Tariff[]> {
  const { rows } = await db.query<TariffRow>(
    'select id, tariff from tariffs where house_id = $1 order by start_date',
    [houseId],
  );
  return rows.map((r) => tariffFromStored(r.tariff));
}

/** Writes a version, replacing the one with the same start date. Run inside the house's write lock. */
export async function saveTariffVersion(db: Queryable, houseId: number, tariff: Tariff): Promise<void> {
  await db.query('delete from tariffs where house_id = $1 and start_date = $2', [houseId, tariff.startDate]);
  await db.query('insert into tariffs (house_id, start_date, tariff) values ($1, $2, $3::jsonb)', [
    houseId,
    tariff.startDate,
    JSON.stringify(tariffToStored(tariff)),
  ]);
}

export interface HouseTariffs {
  zone: string;
  versions: readonly Tariff[];
  book: TariffBook;
}

const CACHE_SIZE = 256;
const cache = new Map<number, { key: string; value: HouseTariffs }>();

/** SQL for a house's tariff cache key, with the house aliased `h` (see the note at the top). */
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
): Promise<HouseTariffs> {
  const key = `${zone}|${ids}`;
  const hit = cache.get(houseId);
  if (hit?.key === key) {
    cache.delete(houseId); // most recently used last
    cache.set(houseId, hit);
    return hit.value;
  }
  const versions = ids === '' ? [] : await loadTariffs(db, houseId);
  const value: HouseTariffs = { zone, versions, book: compileTariffs(versions, zone) };
  cache.set(houseId, { key, value });
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as number);
  return value;
}

/** The house's zone and compiled tariffs, or null for an unknown house. */
export async function houseTariffs(db: Queryable, houseId: number): Promise<HouseTariffs | null> {
  const { rows } = await db.query<{ time_zone: string; ids: string }>(
    `select h.time_zone, ${TARIFF_KEY_SQL} as ids from houses h where h.id = $1
     for key share of h`, // as a foreign key would: the house stays until this writer commits
    [houseId],
  );
  const row = rows[0];
  return row === undefined ? null : tariffsFor(db, houseId, row.time_zone, row.ids);
}
