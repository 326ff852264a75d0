import { z } from 'zod';
import { DETAIL_TIMESCALES, RANKING_TIMESCALES } from '../codes';
import { FUELS } from '../supplierKinds';
import { formObject, id, oneOf, optionalEpochSeconds, optionalField } from '../form';
import { ApplianceEntry } from './appliances';
import { Available, Balance, ComparedGroup, EnergyBalance, epoch, Neighbour, Period } from './common';

// §3 Energy today/detail and Ranking; §7 /energy_info/*.

export const EnergyDetailEntry = z.object({
  period: z.object({ start_timestamp: epoch }),
  balance: Balance,
  /**
   * Additive to §3 (spec-decisions "Energy detail entries"): the entry's energy in kWh, so a chart can
   * show kWh as well as money.
   */
  energy_balance: EnergyBalance,
  /** Half-hours the entry spans, and those with data: data_slots 0 is "no data" (a gap), not zero use. */
  slots: z.number().int().nonnegative().optional(),
  data_slots: z.number().int().nonnegative().optional(),
  /**
   * Additive to §3 (issue 33): the entry's cost without any standing charge (currency units), rounded so
   * the entries add up to exactly `balance.cost − standing_charge` of the answer, penny for penny.
   */
  energy_cost: z.number().optional(),
  /**
   * Additive to §3 (issue 37): the entry's electricity import in whole grams of CO₂: each half-hour's
   * import Wh × Great Britain's recorded intensity of that half-hour (g/kWh: the Carbon Intensity API's
   * `actual`, else its forecast for that half-hour), summed exactly and rounded once. Null when any
   * half-hour with data in the entry has no recorded intensity stored (never a share of the entry), and
   * in gas answers (gas has no grid intensity). Half-hours without data add nothing.
   */
  carbon_g: z.number().int().nonnegative().nullable().optional(),
});
export type EnergyDetailEntry = z.infer<typeof EnergyDetailEntry>;

/** [start_timestamp, end_timestamp) over which the house's zone is offset_seconds ahead of UTC. */
export const UtcOffsetSpan = z.object({
  start_timestamp: epoch,
  end_timestamp: epoch,
  offset_seconds: z.number().int(),
});
export type UtcOffsetSpan = z.infer<typeof UtcOffsetSpan>;

export const PreviousSoFar = z.object({ start_timestamp: epoch, end_timestamp: epoch, cost: z.number() });
export type PreviousSoFar = z.infer<typeof PreviousSoFar>;

export const EnergyDetail = z.object({
  subtitle: z.string(),
  /** Time of the newest reading; null before the house has sent any. */
  latest_updated: epoch.nullable(),
  period: Period,
  balance: Balance,
  energy_balance: EnergyBalance,
  currency_unit: z.string(),
  energy_unit: z.string(),
  energy_unit_desc: z.string(),
  /** One entry per chart bar (hours of a day, days of a week or month), oldest first. */
  details: z.array(EnergyDetailEntry),
  available: Available,
  previous: Neighbour,
  next: Neighbour,
  used_appliances: z.array(ApplianceEntry),
  most_used_appliances: z.array(ApplianceEntry),
  most_costly_appliances: z.array(ApplianceEntry),
  /** Additive to §3: the house's IANA zone, in which screens show the answer's times and dates. */
  time_zone: z.string().optional(),
  /**
   * Additive to §3: the zone's UTC offsets from the day before the period to its end, split at clock
   * changes. Screens format the answer's times with them instead of Intl, whose first use costs a slow
   * phone a quarter of a second before anything is drawn.
   */
  utc_offsets: z.array(UtcOffsetSpan).optional(),
  /**
   * Additive to §3: while the period is under way, the previous period's cost (currency units) over
   * [start_timestamp, end_timestamp): from its start to the same point (same local time of day, weekday
   * or day of the month), so a part period is compared with the same part of the one before (issue 21).
   * Null when the period is over (compare it with the whole previous one) or has no previous period.
   */
  previous_so_far: PreviousSoFar.nullable().optional(),
  /**
   * Additive to §3 (issue 33): the standing charge `balance.cost` includes (currency units): each local
   * day of the period from the first reading up to today, in full. With the details' `energy_cost` it
   * adds up to `balance.cost` exactly.
   */
  standing_charge: z.number().optional(),
  /**
   * Additive to §3 (issue 33): set when the house has no tariff of its own, so the period is priced at
   * Ofgem's default-tariff cap: 'cap' (the cap of each reading's date), or 'earliest-cap' when the period
   * began before the first cap known (`first_cap_from`, a local date), whose rates then stand in.
   */
  priced_at_default: z
    .object({ kind: z.enum(['cap', 'earliest-cap']), first_cap_from: z.string() })
    .nullable()
    .optional(),
  /**
   * Additive to §3 (issue 35): the fuels the home has any reading of, in FUELS' order, whichever fuel the
   * answer is of; a screen offers gas (`?fuel=gas`) beside electricity when it is listed.
   */
  fuels: z.array(z.enum(FUELS)).optional(),
  /**
   * Additive to §3 (issue 37): the period's grams of CO₂ of its electricity import, from the entries'
   * exact sum (so it may differ from their rounded sum by a gram or two); null when any entry's is, and
   * in gas answers. `carbon_source` names where the intensities come from (null in gas answers).
   */
  carbon_g: z.number().int().nonnegative().nullable().optional(),
  carbon_source: z.string().nullable().optional(),
});
export type EnergyDetail = z.infer<typeof EnergyDetail>;

/** Today has the same shape as a detail period. */
export const EnergyToday = EnergyDetail;
export type EnergyToday = EnergyDetail;

/** Additive to §7 (issue 35): which fuel a read or write is of; absent is electricity, as before. */
export const fuelField = optionalField(oneOf('fuel', FUELS));
const fuel = fuelField;

/** GET /energy_info/today/: timestamp defaults to now. */
export const EnergyTodayRequest = formObject({
  user_id: id('user_id'),
  timestamp: optionalEpochSeconds('timestamp'),
  fuel,
});
export type EnergyTodayRequest = z.infer<typeof EnergyTodayRequest>;

/** GET /energy_info/detail/: any timestamp inside the wanted period selects it; default the current one. */
export const EnergyDetailRequest = formObject({
  user_id: id('user_id'),
  timestamp: optionalEpochSeconds('timestamp'),
  timescale: oneOf('timescale', DETAIL_TIMESCALES),
  fuel,
});
export type EnergyDetailRequest = z.infer<typeof EnergyDetailRequest>;

/** You, similar homes and all homes. */
export const Comparison = z.object({ you: z.number(), similar: z.number(), all: z.number() });
export type Comparison = z.infer<typeof Comparison>;

export const Ranking = z.object({
  period: Period,
  summary: z.string(),
  cost: Comparison,
  consumption: Comparison,
  /** Null when the house generates nothing (the chart is then left out). */
  generation: Comparison.nullable(),
  currency_unit: z.string(),
  energy_unit: z.string(),
  /** Additive to §3: what `similar` is, so the banner can name it. */
  compared: ComparedGroup.optional(),
  /** Additive to §3: the house's IANA zone, in which the screen names the period's dates. */
  time_zone: z.string().optional(),
  /**
   * Additive to §3 (issue 35): the fuels the home has any reading of, in FUELS' order. The ranking's
   * figures are electricity's alone, so a screen says so to a home that lists gas.
   */
  fuels: z.array(z.enum(FUELS)).optional(),
});
export type Ranking = z.infer<typeof Ranking>;

/** GET /energy_info/user_rankings/. */
export const UserRankingsRequest = formObject({
  user_id: id('user_id'),
  timestamp: optionalEpochSeconds('timestamp'),
  timescale: oneOf('timescale', RANKING_TIMESCALES),
});
export type UserRankingsRequest = z.infer<typeof UserRankingsRequest>;
