import type { Db } from '../../db/types';
import { hasOwnTariff, setSupplierTariffs } from '../tariffs/supplier';
import type { OctopusAgreement, OctopusSource } from './octopus';
import { parseTariffCode, type RateSeries, tariffRates } from './octopus-products';
import { storedAgreements, storeAgreements } from './repository';
import { SupplierError } from './source';
import { buildVersions, type PricedAgreement } from './tariff-build';

// The tariff from the account (issue 35): in each pass of an Octopus connection, its electricity import
// agreements are read; when they differ from those last set (first fill, a tariff switch), or once a UTC
// day (a variable product's rates change under the same agreement, as the price cap does), the products'
// rates are fetched and the home's supplier tariff versions replaced through the tariffs feature (which
// leaves a home with a tariff of the user's own alone and reprices what changed). A failure of the rates
// endpoints leaves what was there (the default on a first fill) and the next pass tries again; it never
// stops the half-hours' fetching. Only a refusal of the credentials is passed on.

export type TariffSyncResult = 'set' | 'unchanged' | 'user_set' | 'failed';

/** The agreements and the UTC date: the rates are asked again when either changes. */
const fingerprintOf = (agreements: readonly OctopusAgreement[], now: number) =>
  JSON.stringify([
    new Date(now * 1000).toISOString().slice(0, 10),
    agreements
      .map((a) => [a.tariff_code, a.valid_from, a.valid_to ?? null])
      .sort((x, y) => String(x[1]).localeCompare(String(y[1]))),
  ]);

const parsed = (text: string | null | undefined, open: number) => {
  if (text === null || text === undefined) return open;
  const t = Date.parse(text);
  return Number.isNaN(t) ? open : Math.floor(t / 1000);
};

export async function syncOctopusTariff(
  db: Db,
  connection: { id: number; house_id: number; fill_from: number; time_zone: string },
  source: OctopusSource,
  now: number,
): Promise<TariffSyncResult> {
  if (await hasOwnTariff(db, connection.house_id)) return 'user_set';
  try {
    const agreements = await source.importAgreements();
    const fingerprint = fingerprintOf(agreements, now);
    if ((await storedAgreements(db, connection.id)) === fingerprint) return 'unchanged';
    const priced: PricedAgreement[] = [];
    for (const agreement of agreements) {
      const tariff = parseTariffCode(agreement.tariff_code);
      const from = Math.max(parsed(agreement.valid_from, Number.NEGATIVE_INFINITY), connection.fill_from);
      const to = parsed(agreement.valid_to, Number.POSITIVE_INFINITY);
      if (tariff === null || to <= from) continue;
      const series: RateSeries[] =
        tariff.registers === 1 ? ['standard-unit-rates'] : ['day-unit-rates', 'night-unit-rates'];
      const units = [];
      for (const s of series) units.push(await tariffRates(source, tariff, s, from, to));
      const standing = await tariffRates(source, tariff, 'standing-charges', from, to);
      priced.push({ tariff, from, to, standing, units });
    }
    const versions = buildVersions(priced, connection.time_zone);
    const outcome = await setSupplierTariffs(db, connection.house_id, versions);
    await storeAgreements(db, connection.id, fingerprint);
    return outcome;
  } catch (error) {
    if (error instanceof SupplierError && error.problem !== 'credentials') return 'failed';
    throw error;
  }
}
