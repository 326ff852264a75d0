import { fixedRate, makeTariff, type Tariff } from './model';

/**
 * The default tariff (`used_tariff`): it prices every rate a house has not set.
 * - Import 24.67 p/kWh and standing charge 57.21 p/day: Ofgem's energy price cap for 1 April – 30 June
 *   2026, GB average electricity, Direct Debit, VAT included (Ofgem cap announcement, February 2026).
 * - Export 15 p/kWh: Octopus Energy "Outgoing Fixed" Smart Export Guarantee rate, a common 2025–26 SEG
 *   figure; many suppliers pay less, so houses should set their own.
 * - Generation 0: the Feed-in Tariff closed to new applicants in 2019; new installations earn nothing
 *   for generation alone.
 */
export const DEFAULT_IMPORT_PRICE = 246_700; // µ£/kWh = £0.2467
export const DEFAULT_STANDING_CHARGE = 572_100; // µ£/day = £0.5721
export const DEFAULT_EXPORT_PRICE = 150_000; // µ£/kWh = £0.15
export const DEFAULT_GENERATION_PRICE = 0;

export const DEFAULT_TARIFF: Tariff = makeTariff({
  startDate: '1970-01-01',
  standingCharge: DEFAULT_STANDING_CHARGE,
  import: fixedRate(DEFAULT_IMPORT_PRICE),
  export: fixedRate(DEFAULT_EXPORT_PRICE),
  generation: fixedRate(DEFAULT_GENERATION_PRICE),
});
