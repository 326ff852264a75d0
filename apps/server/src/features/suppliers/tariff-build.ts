import { fixedRate, localDate, makeTariff, type Rate, type Tariff, touRate } from '@homeview/domain';
import { type DatedPrice, priceAt, type TariffCode } from './octopus-products';

// The home's dated tariff versions from its Octopus agreements and their products' rates (pure). Each
// instant where an agreement starts or ends or one of its rates changes starts a version on that instant's
// local date (Octopus changes rates at local midnight: 23:00 UTC in summer); a version holds the rates in
// force then: single rate as a fixed import rate, Economy 7 as day/night on the UTC clock (night
// 00:30–07:30 UTC on a smart meter, ../shared/design/suppliers.md), and the standing charge. A rate the
// product does not give, and the days outside every agreement, are left to the default tariff (null).
// One fuel's agreements at a time: gas (G-1R) makes versions of the same shape, a single unit rate and its
// own standing charge, priced by the gas book. Export and generation are not set here.

export const E7_NIGHT_START_MINUTE = 30;
export const E7_NIGHT_END_MINUTE = 450;

export interface PricedAgreement {
  tariff: TariffCode;
  /** Epoch seconds (clipped to the fill's start); `to` exclusive, Infinity when open-ended. */
  from: number;
  to: number;
  standing: readonly DatedPrice[];
  /** E-1R and G-1R: [standard]; E-2R: [day, night]. */
  units: readonly (readonly DatedPrice[])[];
}

function importRate(a: PricedAgreement, t: number): Rate | null {
  const prices = a.units.map((series) => priceAt(series, t));
  if (prices.some((p) => p === null)) return null;
  if (a.tariff.registers === 1) return fixedRate(prices[0] as number, 'standard');
  const [day, night] = prices as [number, number];
  return touRate(
    [
      { startMinute: 0, price: day, name: 'day' },
      { startMinute: E7_NIGHT_START_MINUTE, price: night, name: 'night' },
      { startMinute: E7_NIGHT_END_MINUTE, price: day, name: 'day' },
    ],
    'gmt',
  );
}

const sameRates = (a: Tariff, b: Tariff) =>
  a.standingCharge === b.standingCharge && JSON.stringify(a.import) === JSON.stringify(b.import);

/** The versions, by local date in `zone`, for agreements sorted by start. */
export function buildVersions(agreements: readonly PricedAgreement[], zone: string): Tariff[] {
  const byDate = new Map<string, Tariff>();
  const at = (t: number, version: (date: string) => Tariff) => {
    const date = localDate(t, zone);
    byDate.set(date, version(date));
  };
  for (const a of [...agreements].sort((x, y) => x.from - y.from)) {
    const changes = new Set<number>([a.from]);
    for (const p of [a.standing, ...a.units].flat())
      for (const t of [p.from, p.to]) if (t > a.from && t < a.to) changes.add(t);
    for (const t of [...changes].sort((x, y) => x - y))
      at(t, (startDate) =>
        makeTariff({ startDate, standingCharge: priceAt(a.standing, t), import: importRate(a, t) }),
      );
    // After the agreement, the default until another starts (a later one on the same date wins).
    if (Number.isFinite(a.to)) at(a.to, (startDate) => makeTariff({ startDate }));
  }
  const versions = [...byDate.values()].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return versions.filter((v, i) => {
    const before = versions[i - 1];
    return before === undefined ? v.import !== null || v.standingCharge !== null : !sameRates(before, v);
  });
}
