import { type StoredTariff, type Tariff, tariffFromStored, tariffToStored } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { ELECTRICITY, type Fuel, fuelCode } from '../../shared/fuel';
import { type RateName, RATES } from '../../shared/tariff-book';

// Writes of a house's dated tariff versions (table `tariffs`) and dynamic prices (`tariff_prices`); the
// compiled book they make is read through shared/tariff-book.ts. Each fuel has its own versions, and
// its own user/supplier split: a user's own electricity tariff leaves the account's gas tariff to be set.

/** Who set a version: the user (editor, API, Agile import) or the supplier account (migration 0026). */
export type TariffSource = 'user' | 'supplier';

/** Whether the house has a version of the user's own of `fuel` (the account then never sets that fuel). */
export async function hasOwnTariff(
  db: Queryable,
  houseId: number,
  fuel: Fuel = ELECTRICITY,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from tariffs where house_id = $1 and fuel = $2 and source = 'user' limit 1`,
    [houseId, fuelCode(fuel)],
  );
  return rows.length > 0;
}

/**
 * The house's supplier-set versions of `fuel`, by start date; a dynamic rate (Agile, Tracker) comes back
 * without its prices (`importPrices` reads them).
 */
export async function supplierVersions(db: Queryable, houseId: number, fuel: Fuel): Promise<Tariff[]> {
  const { rows } = await db.query<{ tariff: StoredTariff | string }>(
    `select tariff from tariffs where house_id = $1 and fuel = $2 and source = 'supplier'
      order by start_date`,
    [houseId, fuelCode(fuel)],
  );
  return rows.map((r) => tariffFromStored(typeof r.tariff === 'string' ? JSON.parse(r.tariff) : r.tariff));
}

/** Deletes the house's supplier-set versions of `fuel` (before writing a new set). */
export async function deleteSupplierVersions(db: Queryable, houseId: number, fuel: Fuel): Promise<void> {
  await db.query(`delete from tariffs where house_id = $1 and fuel = $2 and source = 'supplier'`, [
    houseId,
    fuelCode(fuel),
  ]);
}

/**
 * The house's stored import prices of `fuel` (slot start → µ£/kWh). Read for a fuel with no version of the
 * user's own, they are the supplier set's: a user's dynamic import goes away with the user's versions.
 */
export async function importPrices(db: Queryable, houseId: number, fuel: Fuel): Promise<Map<number, number>> {
  const { rows } = await db.query<{ slot_start: string; price: string }>(
    `select slot_start, price from tariff_prices where house_id = $1 and fuel = $2 and rate = 'import'`,
    [houseId, fuelCode(fuel)],
  );
  return new Map(rows.map((r) => [Number(r.slot_start), Number(r.price)]));
}

/** Deletes the house's import prices of `fuel` (before a supplier set of a fuel with no user version). */
export async function deleteImportPrices(db: Queryable, houseId: number, fuel: Fuel): Promise<void> {
  await db.query(`delete from tariff_prices where house_id = $1 and fuel = $2 and rate = 'import'`, [
    houseId,
    fuelCode(fuel),
  ]);
}

/**
 * Writes a version, replacing the one with the same start date, and its dynamic rates' prices into
 * `tariff_prices` (a price given for a stored slot replaces it). Run inside the house's write lock.
 */
export async function saveTariffVersion(
  db: Queryable,
  houseId: number,
  tariff: Tariff,
  source: TariffSource = 'user',
  fuel: Fuel = ELECTRICITY,
): Promise<void> {
  const code = fuelCode(fuel);
  await db.query('delete from tariffs where house_id = $1 and fuel = $3 and start_date = $2', [
    houseId,
    tariff.startDate,
    code,
  ]);
  const stored = tariffToStored(tariff);
  const strip = (rate: StoredTariff[RateName]) => (rate?.type === 'dynamic' ? { ...rate, prices: [] } : rate);
  await db.query(
    'insert into tariffs (house_id, fuel, start_date, tariff, source) values ($1, $5, $2, $3::jsonb, $4)',
    [
      houseId,
      tariff.startDate,
      JSON.stringify({
        ...stored,
        import: strip(stored.import),
        export: strip(stored.export),
        generation: strip(stored.generation),
      }),
      source,
      code,
    ],
  );
  for (const rate of RATES) {
    const own = tariff[rate];
    if (own?.type !== 'dynamic' || own.prices.size === 0) continue;
    await db.query(
      `insert into tariff_prices (house_id, fuel, rate, slot_start, price)
       select $1, $5, $2, * from unnest(string_to_array($3, ',')::bigint[], string_to_array($4, ',')::bigint[])
       on conflict (house_id, fuel, rate, slot_start) do update set price = excluded.price`,
      [houseId, rate, [...own.prices.keys()].join(','), [...own.prices.values()].join(','), code],
    );
  }
}
