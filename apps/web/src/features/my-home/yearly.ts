import type { EnergyDetail } from '@homeview/contract/web';
import { monthLabel } from './display';
import type { PreviousYear } from './periodSeries';
import { useDetail } from './queries';

// The Yearly tab (issue 38): the previous year's answers drawn beside a year's months, and what the
// screen says of the months before the home's readings begin.

/**
 * The year before `view`'s, once it is in: electricity's and, for a gas home, gas's too, so the two
 * years are compared fuel for fuel. Null for any other unit, a year with no previous (the readings
 * begin in it), or while either answer is on its way (or gas's failed: nothing half-compared).
 */
export function usePreviousYear(view: EnergyDetail | undefined, withGas: boolean): PreviousYear | null {
  const start = view?.period.time_unit === 'year' ? (view.previous ?? undefined) : undefined;
  const on = start !== undefined;
  const electricity = useDetail('year', start, on);
  const gas = useDetail('year', start, on && withGas, 'gas');
  const same = (answer: EnergyDetail | undefined) => answer?.period.start_timestamp === start;
  if (!on || !same(electricity.data) || electricity.data === undefined) return null;
  if (!withGas) return { view: electricity.data, gas: null };
  return gas.data !== undefined && same(gas.data) ? { view: electricity.data, gas: gas.data } : null;
}

/**
 * 'Your readings begin in March 2025: January and February 2025 are before them, so they have no
 * figures.' A year whose previous year has no data (the answer's `previous` is null) began its readings
 * in one of its months; the months before the first with data are before the readings, not months of
 * zero use. Null when no month is before them, or the year has no readings at all.
 */
export function beforeReadingsNote(view: EnergyDetail): string | null {
  if (view.period.time_unit !== 'year' || view.previous !== null) return null;
  const first = view.details.findIndex((d) => d.data_slots === undefined || d.data_slots > 0);
  if (first <= 0) return null;
  const startOf = (i: number) => view.details[i]?.period.start_timestamp ?? 0;
  const name = (i: number) => monthLabel(startOf(i), view).split(' ')[0] ?? '';
  const year = monthLabel(startOf(0), view).split(' ')[1] ?? '';
  const before =
    first === 1
      ? `${name(0)} ${year} is`
      : first === 2
        ? `${name(0)} and ${name(1)} ${year} are`
        : `${name(0)} to ${name(first - 1)} ${year} are`;
  return `Your readings begin in ${monthLabel(startOf(first), view)}: ${before} before them, so ${first === 1 ? 'it has' : 'they have'} no figures.`;
}
