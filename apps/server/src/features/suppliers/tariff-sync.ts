import { FUELS } from '@homeview/contract';
import type { Db } from '../../db/types';
import type { Fuel } from '../../shared/fuel';
import { hasOwnTariff, setSupplierTariffs, supplierPrices } from '../tariffs/supplier';
import type { OctopusAgreement, OctopusSource } from './octopus';
import { type DatedPrice, parseTariffCode, type RateSeries, tariffRates } from '../../shared/octopus-rates';
import { storedAgreements, storeAgreements } from './repository';
import { SupplierError } from './source';
import { buildVersions, type PricedAgreement } from './tariff-build';

// The tariff from the account (issue 35): in each pass of an Octopus connection, its agreements are read,
// electricity import (E-1R, E-2R) and gas (G-1R); when they differ from those last set (first fill, a
// tariff switch), or once a UTC day (a variable product's rates change under the same agreement, as the
// price cap does), the products' rates are fetched and the home's supplier tariff versions of each fuel
// replaced through the tariffs feature in one write (which leaves a fuel the user set their own tariff of
// alone and reprices what changed, both fuels through the one repricing path). A failure of the rates
// endpoints leaves what was there (the default on a first fill) and the next pass tries again; it never
// stops the half-hours' fetching. Only a refusal of the credentials is passed on.
// Agile and Tracker publish a price per slot, never changed once published: while the agreements are the
// ones last set, the prices already stored are kept and only those from two days before the last stored
// one are asked again (one page a day, not a year's twelve).

export type TariffSyncResult = 'set' | 'unchanged' | 'user_set' | 'failed';
export type TariffSyncResults = Record<Fuel, TariffSyncResult>;

const all = (result: TariffSyncResult): TariffSyncResults =>
  Object.fromEntries(FUELS.map((f) => [f, result])) as TariffSyncResults;

/** The agreements and the UTC date: the rates are asked again when either changes. */
const fingerprintOf = (agreements: Record<Fuel, readonly OctopusAgreement[]>, now: number) =>
  JSON.stringify([
    new Date(now * 1000).toISOString().slice(0, 10),
    ...FUELS.map((fuel) =>
      agreements[fuel]
        .map((a) => [a.tariff_code, a.valid_from, a.valid_to ?? null])
        .sort((x, y) => String(x[1]).localeCompare(String(y[1]))),
    ),
  ]);

/** The agreements alone, without the date (a fingerprint's first element). */
const agreementsOf = (fingerprint: string | null): string | null => {
  try {
    return fingerprint === null ? null : JSON.stringify(JSON.parse(fingerprint).slice(1));
  } catch {
    return null;
  }
};

const SLOT_S = 1800;
/** How far before the last stored price a dynamic product's prices are asked again. */
const REREAD_S = 2 * 86_400;

const parsed = (text: string | null | undefined, open: number) => {
  if (text === null || text === undefined) return open;
  const t = Date.parse(text);
  return Number.isNaN(t) ? open : Math.floor(t / 1000);
};

/**
 * One fuel's agreements with their products' dated rates (codes of another fuel or shape left out);
 * `known`: the slot prices stored for the same agreements (Agile, Tracker), or null to ask them all.
 */
async function priceAgreements(
  source: OctopusSource,
  fuel: Fuel,
  agreements: readonly OctopusAgreement[],
  fillFrom: number,
  known: ReadonlyMap<number, number> | null,
): Promise<PricedAgreement[]> {
  const priced: PricedAgreement[] = [];
  for (const agreement of agreements) {
    const tariff = parseTariffCode(agreement.tariff_code);
    const from = Math.max(parsed(agreement.valid_from, Number.NEGATIVE_INFINITY), fillFrom);
    const to = parsed(agreement.valid_to, Number.POSITIVE_INFINITY);
    if (tariff === null || tariff.fuel !== fuel || to <= from) continue;
    const series: RateSeries[] =
      tariff.registers === 1 ? ['standard-unit-rates'] : ['day-unit-rates', 'night-unit-rates'];
    const units: DatedPrice[][] = [];
    if (tariff.dynamic !== null && known !== null) {
      const kept = [...known].filter(([slot]) => slot >= from && slot < to).sort((a, b) => a[0] - b[0]);
      const ask = kept.length === 0 ? from : Math.max(from, (kept.at(-1) as [number, number])[0] - REREAD_S);
      const stored = kept
        .filter(([slot]) => slot < ask)
        .map(([slot, price]) => ({ from: slot, to: slot + SLOT_S, price }));
      units.push([...stored, ...(await tariffRates(source, tariff, 'standard-unit-rates', ask, to))]);
    } else for (const s of series) units.push(await tariffRates(source, tariff, s, from, to));
    const standing = await tariffRates(source, tariff, 'standing-charges', from, to);
    priced.push({ tariff, from, to, standing, units });
  }
  return priced;
}

export async function syncOctopusTariff(
  db: Db,
  connection: { id: number; house_id: number; fill_from: number; time_zone: string },
  source: OctopusSource,
  now: number,
): Promise<TariffSyncResults> {
  const own = new Set<Fuel>();
  for (const fuel of FUELS) if (await hasOwnTariff(db, connection.house_id, fuel)) own.add(fuel);
  if (own.size === FUELS.length) return all('user_set');
  try {
    const agreements = await source.agreements();
    const fingerprint = fingerprintOf(agreements, now);
    const last = await storedAgreements(db, connection.id);
    if (last === fingerprint) return all('unchanged');
    const same = agreementsOf(last) !== null && agreementsOf(last) === agreementsOf(fingerprint);
    const sets: Partial<Record<Fuel, ReturnType<typeof buildVersions>>> = {};
    for (const fuel of FUELS) {
      if (own.has(fuel)) continue;
      const known = same ? await supplierPrices(db, connection.house_id, fuel) : null;
      const priced = await priceAgreements(source, fuel, agreements[fuel], connection.fill_from, known);
      sets[fuel] = buildVersions(priced, connection.time_zone);
    }
    const outcomes = await setSupplierTariffs(db, connection.house_id, sets);
    await storeAgreements(db, connection.id, fingerprint);
    return { ...all('user_set'), ...outcomes };
  } catch (error) {
    if (error instanceof SupplierError && error.problem !== 'credentials') return all('failed');
    throw error;
  }
}
