import type { EnergyTimes, TimesSlot } from '@homeview/contract/web';
import { formatPence } from '../../shared/pence';
import { localDateOf, timeLabel } from '../../shared/time';

// The words of "Cheapest and greenest times" (issue 37) from the server's answer: prices are integer
// µ£/kWh (shown in pence per kWh), money whole pence, times in the home's zone (shared/time.ts).

/** 245000 µ£/kWh → '24.50p': µ£ ÷ 10⁶ is the API's £ (exact for µ£ integers) and pence.ts shows it. */
export const pencePerKwh = (price: number): string => formatPence(price / 1_000_000);

/** Whole pence as a person says them: 38 → '38p', 112 → '£1.12'. */
export function penceOrPounds(pence: number): string {
  if (Math.abs(pence) < 100) return `${pence}p`;
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * '23:30', or '01:00 tomorrow' when the local date is not now's; on the night the clocks go back, a time
 * the clock shows twice says which.
 */
function when(ts: number, answer: EnergyTimes): string {
  const zone = answer.time_zone;
  const wall = (t: number) => `${localDateOf(t, zone)} ${timeLabel(t, zone)}`;
  const later = localDateOf(ts, zone) !== localDateOf(answer.now, zone);
  const twice = answer.slots.filter((s) => wall(s.start) === wall(ts));
  const which =
    twice.length < 2
      ? ''
      : twice[0]?.start === ts
        ? ' (before the clocks go back)'
        : ' (after the clocks go back)';
  return `${timeLabel(ts, zone)}${later ? ' tomorrow' : ''}${which}`;
}

export interface TimesSentences {
  cheapest: string | null;
  greenest: string | null;
  appliance: string | null;
  /** Why a sentence is missing, in words. */
  notes: string[];
}

export function timesSentences(answer: EnergyTimes): TimesSentences {
  const notes: string[] = [];
  const { cheapest, greenest, appliance } = answer;
  if (answer.tariff === 'single')
    notes.push('Your tariff has one price all day, so no time is cheaper than another.');
  else if (cheapest === null) notes.push('Not enough prices are published yet to find the cheapest 3 hours.');
  if (answer.carbon.status === 'unavailable')
    notes.push('No carbon forecast now: the Carbon Intensity service could not be reached.');
  const run =
    appliance === null || appliance.best_start === null || appliance.best_pence === null
      ? null
      : // "a run": the cost of one cycle, never to be read as a price per kWh beside the line above.
        `Run the ${appliance.name.toLowerCase()} at ${when(appliance.best_start, answer)}: ${penceOrPounds(
          appliance.best_pence,
        )} a run${appliance.now_pence === null ? '' : ` instead of ${penceOrPounds(appliance.now_pence)} now`}`;
  return {
    cheapest:
      cheapest === null
        ? null
        : `Cheapest ${cheapest.hours} hours from ${when(cheapest.start, answer)}, ${pencePerKwh(cheapest.average)} per kWh on average`,
    greenest:
      greenest === null
        ? null
        : `Greenest ${greenest.hours} hours from ${when(greenest.start, answer)}, ${greenest.average} gCO₂/kWh on average`,
    appliance: run,
    notes,
  };
}

export type PriceBand = 'low' | 'mid' | 'high' | 'unknown';

/** Each slot's price in thirds of the coming prices' range (a time-of-use tariff's rates fall apart). */
export function priceBands(slots: readonly TimesSlot[]): PriceBand[] {
  const known = slots.flatMap((s) => (s.price === null ? [] : [s.price]));
  const min = Math.min(...known);
  const max = Math.max(...known);
  return slots.map((s) => {
    if (s.price === null) return 'unknown';
    if (max === min) return 'mid';
    const third = (s.price - min) / (max - min);
    return third < 1 / 3 ? 'low' : third < 2 / 3 ? 'mid' : 'high';
  });
}

/** The API's band as a class name: 'very low' → 'very-low'. */
export const carbonBand = (slot: TimesSlot): string =>
  slot.carbon_index === null ? 'unknown' : slot.carbon_index.replace(' ', '-');
