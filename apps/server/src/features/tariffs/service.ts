import {
  applyTariffPatch,
  dynamicRate,
  localDate,
  startOfLocalDate,
  type Tariff,
  type TariffPatch,
  tariffInForce,
} from '@homeview/domain';
import type { Db, Queryable } from '../../db/types';
import { finishReprice, markReprice, type RepriceResult, repriceNextPart } from '../readings/reprice';
import { ELECTRICITY, type Fuel } from '../../shared/fuel';
import { lockHouse } from '../../shared/house';
import { houseTariffs, loadTariffs } from '../../shared/tariff-book';
import { saveTariffVersion } from './repository';

// Writing tariff versions. A write is a patch merged into the version in force on its start date and
// stored as a version starting that date (replacing one of the same date); later versions keep their own
// rates. The house's rollups and events are then repriced from that date's local midnight: the first five
// local days with money in the same transaction, the rest five days per transaction after it
// (readings/reprice.ts), so a tariff from 2000 on a house with years of data never holds the database or
// the house for seconds.

export class UnknownHouse extends Error {}

export interface TariffWriteResult {
  version: Tariff;
  repriced: RepriceResult;
}

async function writeVersion(
  tx: Queryable,
  houseId: number,
  startDate: string,
  build: (base: Tariff | undefined) => Tariff,
  fuel: Fuel = ELECTRICITY,
): Promise<TariffWriteResult & { done: boolean }> {
  await lockHouse(tx, houseId);
  const house = await houseTariffs(tx, houseId, fuel);
  if (house === null) throw new UnknownHouse(`there is no house ${houseId}`);
  const version = build(tariffInForce(await loadTariffs(tx, houseId, fuel), startDate));
  await saveTariffVersion(tx, houseId, version, 'user', fuel);
  await markReprice(tx, houseId, startOfLocalDate(startDate, house.zone));
  const first = await repriceNextPart(tx, houseId);
  return { version, repriced: first ?? { rollups: 0, days: 0, events: 0 }, done: first?.done ?? true };
}

/** The first part's result, then the rest of the repricing, a part per transaction after `pause`. */
async function finished(
  db: Db,
  houseId: number,
  written: TariffWriteResult & { done: boolean },
  pause?: () => Promise<void>,
): Promise<TariffWriteResult> {
  const { done, ...result } = written;
  if (done) return result;
  const rest = await finishReprice(db, houseId, pause);
  return {
    version: result.version,
    repriced: {
      rollups: result.repriced.rollups + rest.rollups,
      days: result.repriced.days + rest.days,
      events: result.repriced.events + rest.events,
    },
  };
}

/**
 * Applies a §7 tariff write from `startDate` (local YYYY-MM-DD) to a fuel's tariff (default electricity)
 * and reprices; `pause` is waited for before each later part of the repricing (readings/reprice.ts).
 */
export async function writeTariff(
  db: Db,
  houseId: number,
  patch: TariffPatch,
  startDate: string,
  pause?: () => Promise<void>,
  fuel: Fuel = ELECTRICITY,
): Promise<TariffWriteResult> {
  const written = await db.transaction((tx) =>
    writeVersion(tx, houseId, startDate, (base) => applyTariffPatch(base, patch, startDate), fuel),
  );
  return finished(db, houseId, written, pause);
}

export interface DynamicPrices {
  /** Slot start (epoch s) → µ£/kWh. */
  prices: readonly (readonly [number, number])[];
  name: string;
}

/**
 * Imported half-hourly prices (Agile) become the house's import rate: a version starting on the local
 * date of the first slot whose import is dynamic. Its other rates are those in force that day. If the
 * version in force already has a dynamic import, the series are merged (the new prices win), so a file
 * per month builds up one series. Slots without a price are priced by the default tariff.
 */
export async function importDynamicPrices(
  db: Db,
  houseId: number,
  series: DynamicPrices,
): Promise<TariffWriteResult & { startDate: string }> {
  const first = series.prices.reduce((min, [slot]) => Math.min(min, slot), Number.POSITIVE_INFINITY);
  if (!Number.isFinite(first)) throw new RangeError('no prices to import');
  const written = await db.transaction(async (tx) => {
    const house = await houseTariffs(tx, houseId);
    if (house === null) throw new UnknownHouse(`there is no house ${houseId}`);
    const startDate = localDate(first, house.zone);
    // The house's prices are stored once per slot (tariffs/repository.ts), so the version carries only
    // the new series: saving it adds them to (or corrects) the prices already stored.
    const result = await writeVersion(tx, houseId, startDate, (base) =>
      applyTariffPatch(base, { import: dynamicRate(series.prices, series.name) }, startDate),
    );
    return { ...result, startDate };
  });
  return { ...(await finished(db, houseId, written)), startDate: written.startDate };
}
