import {
  COMPARE_MOVE_KWH_MAX,
  type CompareRates,
  type CompareTariff,
  type EnergyCompare,
  penniesOf,
} from '@homeview/contract/web';
import type { ChartTone } from '../../shared/charts';
import { dateLabel, MONTHS } from '../../shared/time';

// Tariffs compared (issue 37), as /my-home/tariffs shows them: the API's pounds become whole pennies here,
// every total shown is the sum of the monthly pennies shown above it, and the differences are taken
// between those totals, so every figure on the screen adds up. Pennies become pounds only in display.

export interface TariffRow {
  name: string;
  current: boolean;
  /** Pennies per month, in the order of `months`. */
  monthly: number[];
  /** The sum of `monthly`. */
  total: number;
  /**
   * A gas home's total per fuel (pennies, each the sum of its months), adding up to `total`; null for an
   * electricity-only home or an answer without the per-fuel months.
   */
  fuelTotals: { electricity: number; gas: number } | null;
  /** A home that exports: the export income at this tariff's rates (pennies, its months' sum); else null. */
  exportIncome: number | null;
  /** `total` less `exportIncome` (the total itself when the home does not export): what ranks and compares. */
  net: number;
  /** This net minus the home's own tariff's, in pennies; null for the home's own. */
  difference: number | null;
  /** The difference in tenths of a per cent of the home's own total; null for its own, or a zero total. */
  perMille: number | null;
  rates: CompareRates[];
  /** With a move asked, time-of-use tariffs only: pennies as if the evening's use had moved; else null. */
  moved: number | null;
  /** The same per month (pennies, in the order of `months`, adding up to `moved`); null with `moved`. */
  movedMonthly: number[] | null;
  tone: ChartTone;
  /** The id of its rates' section on the screen. */
  anchor: string;
}

export interface Comparison {
  /** 'YYYY-MM', oldest first. */
  months: string[];
  tariffs: TariffRow[];
}

/** Candidates' chart colours, after the home's own ('you'): told apart by name in legend and table too. */
const TONES: readonly ChartTone[] = ['cost', 'consumed', 'care', 'all', 'gas', 'income', 'generated'];

/** Rounds half away from zero, so a saving and a cost of the same size read the same. */
const roundHalfAway = (n: number): number => Math.sign(n) * Math.round(Math.abs(n));

/** Per fuel, the sum of the months' pennies, when the home has gas and every month says its parts. */
function fuelTotalsOf(answer: EnergyCompare, t: CompareTariff): TariffRow['fuelTotals'] {
  if (!answer.fuels.includes('gas') || t.monthly.some((m) => m.fuels === undefined)) return null;
  const sum = (fuel: string) => t.monthly.reduce((n, m) => n + penniesOf(m.fuels?.[fuel] ?? 0), 0);
  return { electricity: sum('electricity'), gas: sum('gas') };
}

/** A moved column's months in `months`' order (pennies), or null for a tariff with none. */
function movedMonthlyOf(t: CompareTariff, months: readonly string[]): number[] | null {
  if (t.moved === undefined) return null;
  const byMonth = new Map(t.moved.monthly.map((m) => [m.month, penniesOf(m.cost)]));
  return months.map((m) => byMonth.get(m) ?? 0);
}

export function comparison(answer: EnergyCompare): Comparison {
  const months = answer.months.map((m) => m.month);
  const rows = answer.tariffs.map((t) => {
    const byMonth = new Map(t.monthly.map((m) => [m.month, penniesOf(m.cost)]));
    const monthly = months.map((m) => byMonth.get(m) ?? 0);
    const total = monthly.reduce((a, b) => a + b, 0);
    // Export income as the months give it, summed here as every total on the screen is.
    const exportIncome =
      t.export_income === undefined
        ? null
        : t.monthly.reduce((n, m) => n + penniesOf(m.export_income ?? 0), 0);
    const net = total - (exportIncome ?? 0);
    return { t, monthly, total, exportIncome, net, fuelTotals: fuelTotalsOf(answer, t) };
  });
  // Cheapest net first; on a tie the home's own first (as the API sorts).
  rows.sort((a, b) => a.net - b.net || Number(b.t.current) - Number(a.t.current));
  const own = rows.find((r) => r.t.current)?.net ?? null;
  let tone = 0;
  const tariffs = rows.map(({ t, monthly, total, exportIncome, net, fuelTotals }, i): TariffRow => {
    const difference = t.current || own === null ? null : net - own;
    return {
      name: t.name,
      current: t.current,
      monthly,
      total,
      fuelTotals,
      exportIncome,
      net,
      difference,
      perMille:
        difference === null || own === 0 || own === null ? null : roundHalfAway((difference * 1000) / own),
      rates: t.rates,
      // The sum of its months' pennies, as every total on the screen is.
      moved: t.moved === undefined ? null : t.moved.monthly.reduce((n, m) => n + penniesOf(m.cost), 0),
      movedMonthly: movedMonthlyOf(t, months),
      tone: t.current ? 'you' : (TONES[tone++ % TONES.length] as ChartTone),
      anchor: `rates-${i + 1}`,
    };
  });
  return { months, tariffs };
}

/** What the form says when moveKwhWh (the contract's rule) refuses what was typed. */
export const MOVE_KWH_MESSAGE = `Type the kWh a day to move, from 0 to ${COMPARE_MOVE_KWH_MAX} with at most one decimal (such as 2.5).`;

/** '2026-10' → 'October 2026'. */
export function monthName(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

/** '2026-10' → 'Oct 26', for a chart's axis. */
export const monthShort = (month: string): string => `${monthName(month).slice(0, 3)} ${month.slice(2, 4)}`;

/** The last day of a range the API gives as [from, to): '2026-12-01' → '2026-11-30'. */
export function lastDayBefore(to: string): string {
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** A rate range's dates as the screens write dates (§9): '01-10-26 to 30-11-26'. */
export const rangeLabel = (r: Pick<CompareRates, 'from' | 'to'>): string =>
  `${dateLabel(r.from, false)} to ${dateLabel(lastDayBefore(r.to), false)}`;

/** 117 → '11.7%', -59 → '5.9%' (the sign is said in words beside it). */
export const perCentText = (perMille: number): string =>
  `${Math.floor(Math.abs(perMille) / 10)}.${Math.abs(perMille) % 10}%`;

/** A difference in words: 'same as yours', '£8.65 less', '£3.60 more'. */
export function differenceText(unit: string, pennies: number): string {
  if (pennies === 0) return 'Same as yours';
  return `${penniesText(unit, Math.abs(pennies))} ${pennies < 0 ? 'less' : 'more'}`;
}

/** Whole pennies as the screens show money: 14630 → '£146.30'. */
export function penniesText(unit: string, pennies: number): string {
  const abs = Math.abs(pennies);
  return `${pennies < 0 ? '-' : ''}${unit}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The months a comparison covers, said plainly: 'your last 3 complete months, September to November 2026'. */
export function coverText(months: readonly string[]): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (first === undefined || last === undefined) return '';
  const n = months.length;
  const span = first === last ? monthName(first) : `${monthName(first)} to ${monthName(last)}`;
  return `${n === 1 ? 'your last complete month' : `your last ${n} complete months`}, ${span}`;
}
