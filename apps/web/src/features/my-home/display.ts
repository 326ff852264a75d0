import type { Balance, PreviousSoFar, TimeUnit } from '@homeview/contract/web';
import { formatMoney } from '../../shared/format';
import { dayLabel, localParts, MONTHS, timeLabel, weekdayDayLabel, type Zone } from '../../shared/time';

// HomeView's display rules (spec §9): 2 decimals, profit at income − cost ≥ 0.01, a break-even label when
// income and cost are equal at 2 decimals, period labels, DD-MM-YY dates, HH:mm times, axis ticks.

export type Outcome = 'profit' | 'loss' | 'break-even';

const pennies = (value: number): number => Math.round(value * 100);

export function outcomeOf(balance: Pick<Balance, 'income' | 'cost'>): Outcome {
  const diff = pennies(balance.income) - pennies(balance.cost);
  if (diff === 0) return 'break-even';
  return diff >= 1 ? 'profit' : 'loss';
}

export const OUTCOME_LABELS: Readonly<Record<Outcome, string>> = {
  profit: 'Profit',
  loss: 'Loss',
  'break-even': 'Break even',
};

export const PROFIT_MESSAGE = 'Well done! You were in profit';

/** HOURLY, DAILY, WEEKLY, MONTHLY, or TODAY'S for today's view. */
export function periodLabel(unit: TimeUnit, today: boolean): string {
  if (today) return "TODAY'S";
  return { hour: 'HOURLY', day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY' }[unit];
}

/** How many categories the x axis names (spec §9). */
export const AXIS_TICKS: Readonly<Record<TimeUnit, number>> = { hour: 5, day: 4, week: 3, month: 4 };

export const money = (unit: string, value: number): string => formatMoney(unit, value);

export const energy = (unit: string, value: number): string => `${value.toFixed(2)} ${unit}`;

/** What a period dropdown says for an `available` entry (null = 'Last 7 days'). */
export function periodOption(unit: TimeUnit, start: number | null, zone?: Zone): string {
  if (start === null) return 'Last 7 days';
  const p = localParts(start, zone);
  if (unit === 'month') return `${MONTHS[p.month - 1]} ${p.year}`;
  if (unit === 'week') return `Week of ${dayLabel(start, zone)}`;
  if (unit === 'hour') return `${dayLabel(start, zone)} ${timeLabel(start, zone)}`;
  return weekdayDayLabel(start, zone);
}

/** The label of one chart bar: a time for hours and half-hours, a day for days. */
export function detailLabel(unit: TimeUnit, start: number, zone?: Zone): string {
  return unit === 'hour' || unit === 'day' ? timeLabel(start, zone) : weekdayDayLabel(start, zone);
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
  const diff = pennies(cost) - pennies(previousCost);
  const last =
    than ?? { hour: 'the hour before', day: 'the day before', week: 'last week', month: 'last month' }[unit];
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

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * The part of the previous period a period under way is compared with (`previous_so_far`), as a person
 * says it: 'yesterday by 12:20', 'the hour before by 11:20', 'last week by Friday 12:20', 'last month by
 * 5 October 12:20', or 'all of last month' when last month had no such day (its end is this one's start).
 */
export function soFarLabel(unit: TimeUnit, soFar: PreviousSoFar, periodStart: number, zone?: Zone): string {
  const end = soFar.end_timestamp;
  const time = timeLabel(end, zone);
  if (unit === 'hour') return `the hour before by ${time}`;
  if (unit === 'day') return `yesterday by ${time}`;
  const p = localParts(end, zone);
  if (unit === 'week') return `last week by ${WEEKDAY_NAMES[p.weekday]} ${time}`;
  if (end >= periodStart) return 'all of last month';
  return `last month by ${p.day} ${MONTHS[p.month - 1]} ${time}`;
}
