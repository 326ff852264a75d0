import { type StoredTariff, type Tariff, tariffToStored } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { type RateName, RATES } from '../../shared/tariff-book';

// Writes of a house's dated tariff versions (table `tariffs`) and dynamic prices (`tariff_prices`); the
// compiled book they make is read through shared/tariff-book.ts.

/**
 * Writes a version, replacing the one with the same start date, and its dynamic rates' prices into
 * `tariff_prices` (a price given for a stored slot replaces it). Run inside the house's write lock.
 */
export async function saveTariffVersion(db: Queryable, houseId: number, tariff: Tariff): Promise<void> {
  await db.query('delete from tariffs where house_id = $1 and start_date = $2', [houseId, tariff.startDate]);
  const stored = tariffToStored(tariff);
  const strip = (rate: StoredTariff[RateName]) => (rate?.type === 'dynamic' ? { ...rate, prices: [] } : rate);
  await db.query('insert into tariffs (house_id, start_date, tariff) values ($1, $2, $3::jsonb)', [
    houseId,
    tariff.startDate,
    JSON.stringify({
      ...stored,
      import: strip(stored.import),
      export: strip(stored.export),
      generation: strip(stored.generation),
    }),
  ]);
  for (const rate of RATES) {
    const own = tariff[rate];
    if (own?.type !== 'dynamic' || own.prices.size === 0) continue;
    await db.query(
      `insert into tariff_prices (house_id, rate, slot_start, price)
       select $1, $2, * from unnest(string_to_array($3, ',')::bigint[], string_to_array($4, ',')::bigint[])
       on conflict (house_id, rate, slot_start) do update set price = excluded.price`,
      [houseId, rate, [...own.prices.keys()].join(','), [...own.prices.values()].join(',')],
    );
  }
}
