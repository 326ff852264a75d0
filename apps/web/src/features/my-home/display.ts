import {
  type EnergyDetail,
  type Outcome,
  type PreviousSoFar,
  penniesOf,
  type SupplierKind,
  type TimeUnit,
} from '@homeview/contract/web';
import { formatMoney } from '../../shared/format';
import { daysBehind, supplierName, USUAL_LAG_WORDS, withinUsualLag } from '../account/suppliers/words';
import {
  dayLabel,
  localParts,
  MONTHS,
  timeLabel,
  WEEKDAY_NAMES,
  weekdayDayLabel,
  type Zone,
} from '../../shared/time';

// HomeView's display rules (spec §9): 2 decimals, profit at income − cost ≥ 0.01, a break-even label when
// income and cost are equal at 2 decimals, period labels, DD-MM-YY dates, HH:mm times, axis ticks.

/** The profit rule is the contract's (outcome.ts), the one the server follows too. */
export { type Outcome, outcomeOf } from '@homeview/contract/web';

export const OUTCOME_LABELS: Readonly<Record<Outcome, string>> = {
  profit: 'Profit',
  loss: 'Loss',
  'break-even': 'Break even',
};

export const PROFIT_MESSAGE = 'Well done! You were in profit';

/**
 * How the period's cost counts the standing charge (issue 33), said beside the cost: each local day in
 * full ("today's" on /my-home), an hour its share of its day's. Null when the answer does not say.
 */
export function standingChargeNote(view: EnergyDetail, today: boolean): string | null {
  const charge = view.standing_charge;
  if (charge === undefined || charge <= 0) return null;
  const amount = money(view.currency_unit, charge);
  const whose = {
    hour: "this hour's share of the day's standing charge",
    day: today ? "today's standing charge" : "the day's standing charge",
    week: 'the standing charge of each day',
    month: 'the standing charge of each day',
    year: 'the standing charge of each day',
  }[view.period.time_unit];
  return `includes ${whose}, ${amount}`;
}

/**
 * The same for a gas home's period (issue 35), both fuels' standing charges said once each, in words:
 * "includes today's standing charges of both fuels: electricity £0.55, gas £0.34". Null when neither
 * answer says it (an older server) or both are nothing.
 */
export function bothStandingNote(
  electricity: EnergyDetail,
  gas: EnergyDetail,
  today: boolean,
): string | null {
  const e = electricity.standing_charge;
  const g = gas.standing_charge;
  if (e === undefined || g === undefined || e + g <= 0) return null;
  const amounts = `electricity ${money(electricity.currency_unit, e)}, gas ${money(gas.currency_unit, g)}`;
  const whose = {
    hour: "this hour's share of each fuel's standing charge",
    day: today ? "today's standing charges of both fuels" : "the day's standing charges of both fuels",
    week: 'the standing charges of both fuels for each day',
    month: 'the standing charges of both fuels for each day',
    year: 'the standing charges of both fuels for each day',
  }[electricity.period.time_unit];
  return `includes ${whose}: ${amounts}`;
}

/** True when no entry of the period has a reading: its cost, if any, is the standing charge alone. */
export const hasNoReadings = (view: EnergyDetail): boolean =>
  view.details.length > 0 && view.details.every((d) => d.data_slots === 0);

/** Readings older than this are not "updated": the lozenge says how old the latest one is instead. */
export const STALE_AFTER_S = 2 * 3600;

/** '3 hours', '2 days', '12 years': how long ago, in the largest whole unit (at least '1 minute'). */
export function ageWords(seconds: number): string {
  const units: ReadonlyArray<[string, number]> = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['week', 7 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [name, size] of units) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return '1 minute';
}

/**
 * /my-home's lozenge: when the readings were last updated, or how old the latest is when it is stale. A
 * home fed by a supplier's account (`supplier`) gets each day's half-hours the next day: within the
 * supplier's usual lag (the Supplier data screen's rule) that is said calmly, not as a fault.
 */
export function lastUpdated(
  latest: number | null,
  now: number,
  zone?: Zone,
  supplier?: SupplierKind,
): { text: string; stale: boolean } {
  if (latest === null) return { text: 'No readings yet', stale: true };
  const when = `${timeLabel(latest, zone)} ${dayLabel(latest, zone)}`;
  if (now - latest <= STALE_AFTER_S) return { text: `Last updated ${when}`, stale: false };
  const ago = `Latest reading ${when}, ${ageWords(now - latest)} ago`;
  if (supplier === undefined) return { text: `${ago}: nothing newer has arrived`, stale: true };
  const name = supplierName(supplier);
  if (!withinUsualLag(latest, now, zone))
    return { text: `${ago}: ${name}'s half-hours are later than its usual ${USUAL_LAG_WORDS}`, stale: true };
  const midnight = timeLabel(latest, zone) === '00:00';
  const usual = daysBehind(latest, now, zone) <= 1 ? 'the next day' : 'the next day, sometimes the day after';
  return {
    text: `Readings up to ${midnight ? `midnight (${when})` : when}: ${name} sends each day's half-hours ${usual}`,
    stale: false,
  };
}

/** What the screen says when the figures are priced at the default-tariff cap (the answer's priced_at_default). */
export function defaultPricing(view: EnergyDetail, fuel?: 'electricity' | 'gas'): string | null {
  const d = view.priced_at_default;
  if (!d) return null;
  // A gas home's two answers are priced apart: say which fuel has no tariff of its own.
  if (fuel !== undefined && d.kind === 'cap')
    return `${fuel === 'gas' ? 'Gas' : 'Electricity'} is priced at Ofgem's default-tariff cap: this home has no ${fuel} tariff of its own.`;
  if (d.kind === 'cap') return "Priced at Ofgem's default-tariff cap: this home has no tariff of its own.";
  const [year, month] = d.first_cap_from.split('-').map(Number);
  const first = `${MONTHS[(month ?? 1) - 1]} ${year}`;
  const text = `Priced at Ofgem's default-tariff cap of ${first}, the earliest known: this home has no tariff of its own and these dates are before the caps began.`;
  return fuel === undefined ? text : `${fuel === 'gas' ? 'Gas' : 'Electricity'}: ${text}`;
}

/** HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY (issue 38), or TODAY'S for today's view. */
export function periodLabel(unit: TimeUnit, today: boolean): string {
  if (today) return "TODAY'S";
  return { hour: 'HOURLY', day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY', year: 'YEARLY' }[unit];
}

/** How many categories the x axis names (spec §9; a year names its 12 months while they fit). */
export const AXIS_TICKS: Readonly<Record<TimeUnit, number>> = {
  hour: 5,
  day: 4,
  week: 3,
  month: 4,
  year: 12,
};

export const money = (unit: string, value: number): string => formatMoney(unit, value);

export const energy = (unit: string, value: number): string => `${value.toFixed(2)} ${unit}`;

/** Grams of CO₂ as people read them: '218 g CO₂' under a kilogram, else '12.3 kg CO₂' (issue 37). */
export const carbonText = (grams: number): string =>
  grams < 1000 ? `${grams} g CO₂` : `${(grams / 1000).toFixed(1)} kg CO₂`;

/** What a period dropdown says for an `available` entry (null = 'Last 7 days'). */
export function periodOption(unit: TimeUnit, start: number | null, zone?: Zone): string {
  if (start === null) return 'Last 7 days';
  const p = localParts(start, zone);
  if (unit === 'year') return String(p.year);
  if (unit === 'month') return `${MONTHS[p.month - 1]} ${p.year}`;
  if (unit === 'week') return `Week of ${dayLabel(start, zone)}`;
  if (unit === 'hour') return `${dayLabel(start, zone)} ${timeLabel(start, zone)}`;
  return weekdayDayLabel(start, zone);
}

/**
 * The label of one chart bar: a time for hours and half-hours, a day for days, a month's name for a year's
 * months ('March': the chart's title and the previous year's column name the years).
 */
export function detailLabel(unit: TimeUnit, start: number, zone?: Zone): string {
  if (unit === 'year') return MONTHS[localParts(start, zone).month - 1] ?? '';
  return unit === 'hour' || unit === 'day' ? timeLabel(start, zone) : weekdayDayLabel(start, zone);
}

/** 'March 2025': a month as the Yearly tab names it, in the home's zone. */
export function monthLabel(start: number, zone?: Zone): string {
  const p = localParts(start, zone);
  return `${MONTHS[p.month - 1]} ${p.year}`;
}

/**
 * "£1.20 less than last week" (or "more", or "the same as"), from two costs in currency units. `than`
 * names a part of the previous period instead (soFarLabel: "yesterday by 12:20").
 */
export function changeAgainst(
  unit: TimeUnit,
  currency: string,
  cost: number,
  previousCost: number,
  than?: string,
): string {
  const diff = penniesOf(cost) - penniesOf(previousCost);
  const last =
    than ??
    {
      hour: 'the hour before',
      day: 'the day before',
      week: 'last week',
      month: 'last month',
      year: 'last year',
    }[unit];
  if (diff === 0) return `The same as ${last}`;
  return `${money(currency, Math.abs(diff) / 100)} ${diff < 0 ? 'less' : 'more'} than ${last}`;
}

/** An appliance's share of the period's cost, '12%' ('<1%' for a sliver, '' when nothing was spent). */
export function shareOf(part: number, whole: number): string {
  if (whole <= 0) return '';
  const pct = Math.round((part / whole) * 100);
  if (pct === 0 && part > 0) return '<1%';
  return `${pct}%`;
}

/**
 * The part of the previous period a period under way is compared with (`previous_so_far`), as a person
 * says it: 'yesterday by 12:20', 'the hour before by 11:20', 'last week by Friday 12:20', 'last month by
 * 5 October 12:20', or 'all of last month' when last month had no such day (its end is this one's start);
 * 'last year by 15 November 12:20'.
 */
export function soFarLabel(unit: TimeUnit, soFar: PreviousSoFar, periodStart: number, zone?: Zone): string {
  const end = soFar.end_timestamp;
  const time = timeLabel(end, zone);
  if (unit === 'hour') return `the hour before by ${time}`;
  if (unit === 'day') return `yesterday by ${time}`;
  const p = localParts(end, zone);
  if (unit === 'week') return `last week by ${WEEKDAY_NAMES[p.weekday]} ${time}`;
  if (unit === 'year') return `last year by ${p.day} ${MONTHS[p.month - 1]} ${time}`;
  if (end >= periodStart) return 'all of last month';
  return `last month by ${p.day} ${MONTHS[p.month - 1]} ${time}`;
}
