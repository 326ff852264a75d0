import {
  dynamicRate,
  fixedRate,
  localDate,
  makeTariff,
  type Rate,
  type Tariff,
  touRate,
} from '@homeview/domain';
import { type DatedPrice, priceAt, type TariffCode } from '../../shared/octopus-rates';

// The home's dated tariff versions from its Octopus agreements and their products' rates (pure). Each
// instant where an agreement starts or ends or one of its rates changes starts a version on that instant's
// local date (Octopus changes rates at local midnight: 23:00 UTC in summer); a version holds the rates in
// force then: single rate as a fixed import rate, Economy 7 as day/night on the UTC clock (night
// 00:30–07:30 UTC on a smart meter, ../shared/design/suppliers.md), and the standing charge. A rate the
// product does not give, and the days outside every agreement, are left to the default tariff (null).
// One fuel's agreements at a time: gas (G-1R) makes versions of the same shape, a single unit rate and its
// own standing charge, priced by the gas book. Export and generation are not set here.
// Agile and Tracker (`TariffCode.dynamic`) are priced per slot: their unit-rate rows (Agile's a
// half-hour each, Tracker's a local day each, so 46, 48 or 50 half-hours) become one dynamic import rate,
// a price per half-hour start (stored once per house and slot in `tariff_prices`), held by every version
// of the agreement; only a standing charge's change starts a version. A half-hour without a price (not
// published yet) is priced by the default, as any dynamic rate's.

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

const SLOT_S = 1800;
/** An open-ended row of a dynamic product prices one day at most (the API dates every such row). */
const OPEN_ROW_S = 86_400;

/** The half-hour prices of a dynamic agreement's unit-rate rows, inside the agreement. */
function slotPrices(a: PricedAgreement): Map<number, number> {
  const prices = new Map<number, number>();
  for (const row of a.units[0] ?? []) {
    const from = Math.max(row.from, a.from);
    const to = Math.min(Number.isFinite(row.to) ? row.to : row.from + OPEN_ROW_S, a.to);
    if (!Number.isFinite(from)) continue;
    for (let slot = Math.ceil(from / SLOT_S) * SLOT_S; slot < to; slot += SLOT_S) prices.set(slot, row.price);
  }
  return prices;
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
    const dynamic = a.tariff.dynamic === null ? null : dynamicRate(slotPrices(a), a.tariff.dynamic);
    const changes = new Set<number>([a.from]);
    for (const p of [a.standing, ...(dynamic === null ? a.units : [])].flat())
      for (const t of [p.from, p.to]) if (t > a.from && t < a.to) changes.add(t);
    for (const t of [...changes].sort((x, y) => x - y))
      at(t, (startDate) =>
        makeTariff({
          startDate,
          standingCharge: priceAt(a.standing, t),
          import: dynamic ?? importRate(a, t),
        }),
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
