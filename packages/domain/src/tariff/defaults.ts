import { DEFAULT_CAP_PERIODS, GAS_CAP_PERIODS } from './caps';
import { fixedRate, makeTariff, type Tariff, tariffInForce } from './model';

export { type CapPeriod, DEFAULT_CAP_PERIODS, GAS_CAP_PERIODS } from './caps';

/**
 * The default tariff (`used_tariff`): it prices every rate a house has not set, at the default of the
 * slot's own time, so a 2020 reading is priced at 2020's cap and not at today's.
 * - Import and standing charge: Ofgem's default tariff cap (the Energy Price Guarantee while that was
 *   lower, Oct 2022 – Jun 2023), GB average, electricity, Direct Debit, VAT included, one version per cap
 *   period (DEFAULT_CAP_PERIODS). Before the first period its rates apply (see defaultTariffOn).
 * - Export 15 p/kWh: Octopus Energy "Outgoing Fixed" Smart Export Guarantee rate, a common 2025–26 SEG
 *   figure; many suppliers pay less, so houses should set their own. Undated: one figure for all time.
 * - Generation 0: the Feed-in Tariff closed to new applicants in 2019; new installations earn nothing
 *   for generation alone.
 */
export const DEFAULT_EXPORT_PRICE = 150_000; // µ£/kWh = £0.15
export const DEFAULT_GENERATION_PRICE = 0;

/**
 * The default as dated versions, oldest first. The first version carries the first cap period's start
 * date; `defaultTariffOn` and the tariff book apply it to every earlier date too (no earlier figure is
 * kept, so a 2014 reading is priced at the earliest cap's rates).
 */
export const DEFAULT_TARIFFS: readonly Tariff[] = DEFAULT_CAP_PERIODS.map((p) =>
  makeTariff({
    startDate: p.from,
    standingCharge: p.standing,
    import: fixedRate(p.unit),
    export: fixedRate(DEFAULT_EXPORT_PRICE),
    generation: fixedRate(DEFAULT_GENERATION_PRICE),
  }),
);

/**
 * The default for gas: Ofgem's gas cap of the slot's own date (GAS_CAP_PERIODS), import and standing
 * charge only; a gas reading has no export or generation, so both are priced at 0.
 */
export const DEFAULT_GAS_TARIFFS: readonly Tariff[] = GAS_CAP_PERIODS.map((p) =>
  makeTariff({
    startDate: p.from,
    standingCharge: p.standing,
    import: fixedRate(p.unit),
    export: fixedRate(0),
    generation: fixedRate(0),
  }),
);

/** The default version in force on a local date; the earliest version before the series starts. */
export function defaultTariffOn(date: string, series: readonly Tariff[] = DEFAULT_TARIFFS): Tariff {
  const t = tariffInForce(series, date) ?? series[0];
  if (t === undefined) throw new RangeError('the default tariff series is empty');
  return t;
}
