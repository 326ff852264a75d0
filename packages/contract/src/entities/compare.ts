import { z } from 'zod';
import { blankToUndefined, formObject, id, integer, oneOf, optionalField } from '../form';
import { COMPARE_MOVE_KWH_MAX, moveKwhWh } from '../limits';
import { FUELS } from '../supplierKinds';

// Additive to §7 (issue 37, "Tariffs compared"): GET /energy_info/compare/, the home's last complete local
// calendar months priced on its own tariffs and on candidate tariff shapes, each slot by slot from its
// stored half-hours. Money in pounds, as the other energy_info answers.

export const COMPARE_MONTHS_MAX = 12;

/** The answers GET /energy_info/compare/ gives: the JSON below, or the monthly table as CSV. */
export const COMPARE_FORMATS = ['json', 'csv'] as const;

const MOVE_MESSAGE = `move_kwh must be the kWh a day to move from 16:00–19:00, from 0 to ${COMPARE_MOVE_KWH_MAX} with at most one decimal (such as 2.5)`;

/** kWh a day as the form sends it (a number or a decimal string), kept as whole Wh (tenths × 100). */
const moveWh = z.preprocess(
  (v) => {
    const s = typeof v === 'number' ? String(v) : blankToUndefined(v);
    return typeof s === 'string' ? (moveKwhWh(s) ?? s) : s;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? 'move_kwh is required' : MOVE_MESSAGE) })
    .int(MOVE_MESSAGE)
    .min(0, MOVE_MESSAGE)
    .max(COMPARE_MOVE_KWH_MAX * 1000, MOVE_MESSAGE),
);

/**
 * GET /energy_info/compare/: `months` (1–12, default 12) complete local months before the current one;
 * additive `move_kwh` (0–10, one decimal; parsed to Wh): the time-of-use candidates also priced as if
 * that much a day had moved from 16:00–19:00 into their cheapest window; additive `format` (json, the
 * default, or csv): csv answers the monthly table as text/csv (a row per month, a column per tariff in the
 * answer's order, a Total row; pounds with two decimals, the pennies the screen shows).
 */
export const EnergyCompareRequest = formObject({
  user_id: id('user_id'),
  months: optionalField(integer('months', 1, COMPARE_MONTHS_MAX)),
  move_kwh: optionalField(moveWh),
  format: optionalField(oneOf('format', COMPARE_FORMATS)),
});
export type EnergyCompareRequest = z.infer<typeof EnergyCompareRequest>;

const fuel = z.enum(FUELS);

/** A unit rate of a schedule: from `start` (HH:MM on `clock`) until the next one's start, wrapping. */
export const CompareUnitRate = z.object({ name: z.string(), start: z.string(), price: z.number() });

/** The rates a tariff used for one fuel over [from, to) (local dates), and where they come from. */
export const CompareRates = z.object({
  fuel,
  from: z.string(),
  to: z.string(),
  /** 'tariff' (the home's own), 'price cap' (Ofgem's cap of the date) or the published table's name. */
  source: z.string(),
  /** 'local' (the home's clock) or 'gmt' (UTC all year, as Economy 7 smart meters); null for dynamic. */
  clock: z.enum(['local', 'gmt']).nullable(),
  /** £/kWh; empty for a dynamic (per half-hour) rate. */
  unit_rates: z.array(CompareUnitRate),
  /** £/day. */
  standing_charge: z.number(),
  /** Additive, a home that exports: the export rate of the same span (£/kWh, as `unit_rates`). */
  export_unit_rates: z.array(CompareUnitRate).optional(),
});
export type CompareRates = z.infer<typeof CompareRates>;

export const CompareTariff = z.object({
  name: z.string(),
  /** True for the home's own tariffs (its versions, else the default: the cap). */
  current: z.boolean(),
  /** £: the sum of `monthly`, each month the sum of its fuels' costs, each rounded to the penny. */
  total: z.number(),
  monthly: z.array(
    z.object({
      month: z.string(),
      cost: z.number(),
      /** Additive: per fuel the home has, £ rounded to the penny; they add up to `cost` exactly. */
      fuels: z.record(z.string(), z.number()).optional(),
      /** Additive, a home that exports: the month's export income at this tariff's export rates, £. */
      export_income: z.number().optional(),
    }),
  ),
  rates: z.array(CompareRates),
  /** Additive, a home that exports: the sum of the months' `export_income`, £. */
  export_income: z.number().optional(),
  /** Additive, a home that exports: `total` less `export_income`, £; the tariffs are then sorted by it. */
  net: z.number().optional(),
  /**
   * Additive (regional rates): Agile, Tracker and (additive) Economy 7, Go, Intelligent Go, Cosy and Flux,
   * priced from the published prices of the home's region — the product codes (AGILE-18-02-21 …), the
   * region's letter and the local dates [from, to) they priced.
   */
  published: z
    .object({
      product: z.string(),
      region: z.string(),
      codes: z.array(z.string()),
      from: z.string(),
      to: z.string(),
      /**
       * Additive (rate files): where its unit prices came from over which local dates [from, to), in
       * order: 'Octopus products API' (fetched) or 'imported file' (`npm run import -- prices --tariff`);
       * additive: 'Octopus stand-in (demo prices)' (a demo home on a demo server: made-up prices), and for
       * Economy 7, Go, Intelligent Go, Cosy or Flux 'built-in table' (its region's published rates lacked
       * for some month: priced from one region's table, `codes` empty).
       */
      sources: z
        .array(
          z.object({
            source: z.enum([
              'Octopus products API',
              'imported file',
              'Octopus stand-in (demo prices)',
              'built-in table',
            ]),
            from: z.string(),
            to: z.string(),
          }),
        )
        .optional(),
    })
    .optional(),
  /**
   * Additive, with `move_kwh`, time-of-use candidates only: the same months had min(move_kwh, that day's
   * 16:00–19:00 use) moved each day into the tariff's cheapest half-hours of the day; £ as `total`.
   */
  moved: z
    .object({
      total: z.number(),
      monthly: z.array(z.object({ month: z.string(), cost: z.number() })),
      /** kWh moved over all the months (3 decimals: whole Wh). */
      moved_kwh: z.number(),
    })
    .optional(),
});
export type CompareTariff = z.infer<typeof CompareTariff>;

export const CompareMonth = z.object({
  month: z.string(),
  /** Half-hours of the local month (one fewer or more in a clock-change month: 46/50 that day). */
  slots: z.number().int(),
  /** Per fuel the home has, the half-hours with data: fewer than `slots` is missing data, never filled. */
  data_slots: z.record(z.string(), z.number().int()),
});

export const EnergyCompare = z.object({
  months_asked: z.number().int(),
  /** Complete months compared, oldest first: fewer than asked when the home's data begins later. */
  months: z.array(CompareMonth),
  /** Sorted by total, cheapest first (by `net` where the home exports). */
  tariffs: z.array(CompareTariff),
  /** Said plainly: fewer months than asked, months with missing half-hours, what gas does. */
  notes: z.array(z.string()),
  fuels: z.array(fuel),
  /** Additive: the kWh a day moved for the `moved` figures, when asked. */
  move_kwh: z.number().optional(),
  /**
   * Additive (regional rates): the home's electricity region (GSP group letter A–P, its name, and whether
   * its postcode or its Octopus tariff code said it); null when neither does.
   */
  region: z
    .object({ letter: z.string(), name: z.string(), from: z.enum(['postcode', 'tariff_code']) })
    .nullable()
    .optional(),
  /** Additive (regional rates): where the published prices came from (or which tables stood in), in words. */
  rates_source: z.string().optional(),
  currency_unit: z.string(),
  time_zone: z.string(),
});
export type EnergyCompare = z.infer<typeof EnergyCompare>;
