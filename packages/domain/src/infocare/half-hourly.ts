import { halfHourSlots } from '../time/slots';
import { startOfLocalDate } from '../time/zone';
import { hhmm } from './routine';
import { quantile } from './stats';

// A day-late InfoCare (issue 36) for a home whose only data is its meter's half-hours, published by the
// supplier the next morning. Plugs and a 1-minute meter show uses; half-hours show only how far each
// half-hour rose above the home's own floor (fridge, standby, heating's steady draw). So a day is read as
// when activity began and ended, how many half-hours were active and how many of them fell in the night,
// each against the same person's band over the 28 days before (the published approach: a daily activity
// score from interval meter data against a 28-day normal band). Tuned on REFIT houses 20 and 2 (`npm run
// bench infocare-daily`): thresholds in one place, below.

/** Half-hours starting before this local minute (05:00) are the night's. */
export const NIGHT_END_MINUTE = 5 * 60;
/** The day's floor: the mean of its lowest half-hours (what runs with nobody doing anything). */
const FLOOR_SLOTS = 6;
/** A half-hour is active when it rises this far above the floor (Wh), or half the floor if more. */
export const ACTIVE_MARGIN_WH = 40;
/** The band is taken from the ordinary days among the 28 before, once there are this many. */
export const BAND_DAYS = 28;
export const MIN_BAND_DAYS = 14;
/** A day with at most this many active half-hours is nobody's ordinary day: kept out of the band. */
const AWAY_MAX = 3;
/** Far less activity: under the band's 10th percentile by 2, and under 40 % of the usual. */
const LOW_BELOW_BAND = 2;
const LOW_FRACTION = 0.4;
/** A late start: begun this long after the band's 90th percentile (or not at all). */
const LATE_MINUTES = 240;
/** A busy night: this many active night half-hours over the band's 90th percentile, or twice the usual. */
const NIGHT_EXTRA = 4;

/** The Wh from which a half-hour over this floor is active. */
export const activeFromWh = (floorWh: number): number => floorWh + Math.max(ACTIVE_MARGIN_WH, floorWh / 2);

/** One local day as its half-hours show it. */
export interface HalfHourlyDay {
  date: string;
  /** The floor (Wh per half-hour) activity is measured from. */
  floor_wh: number;
  active_half_hours: number;
  night_active_half_hours: number;
  /** Local minute the first active half-hour from 05:00 starts; null when none. */
  began_minute: number | null;
  /** Local minute the last active half-hour from 05:00 ends (1440 at midnight); null when none. */
  ended_minute: number | null;
}

/**
 * The local day `date`'s figures from its half-hours' Wh by slot start (epoch s); null unless every
 * half-hour of that day is there (46, 48 or 50: a day is complete by its own count, never a fixed 48).
 */
export function halfHourlyDay(
  date: string,
  zone: string,
  whBySlot: ReadonlyMap<number, number>,
): HalfHourlyDay | null {
  const slots = halfHourSlots(startOfLocalDate(date, zone), zone);
  const values: { minute: number; wh: number }[] = [];
  for (const slot of slots) {
    const wh = whBySlot.get(slot.start);
    if (wh === undefined) return null;
    const [h, m] = slot.label.split(':').map(Number) as [number, number];
    values.push({ minute: h * 60 + m, wh });
  }
  const lowest = values.map((v) => v.wh).sort((a, b) => a - b);
  const floor = Math.round(lowest.slice(0, FLOOR_SLOTS).reduce((s, w) => s + w, 0) / FLOOR_SLOTS);
  const threshold = activeFromWh(floor);
  const active = values.filter((v) => v.wh >= threshold);
  const daytime = active.filter((v) => v.minute >= NIGHT_END_MINUTE);
  return {
    date,
    floor_wh: floor,
    active_half_hours: active.length,
    night_active_half_hours: active.length - daytime.length,
    began_minute: daytime[0]?.minute ?? null,
    ended_minute: daytime.length === 0 ? null : (daytime.at(-1) as { minute: number }).minute + 30,
  };
}

/** A measure's usual range over the band's days: 10th and 90th percentiles and the median. */
export interface Band {
  low: number;
  median: number;
  high: number;
}

export interface DayBands {
  days: number;
  active_half_hours: Band;
  night_active_half_hours: Band;
  began_minute: Band | null;
}

/** The band of the ordinary days among `prior` (the 28 days before); null with fewer than 14. */
export function dayBands(prior: readonly HalfHourlyDay[]): DayBands | null {
  const days = prior.slice(-BAND_DAYS).filter((d) => d.active_half_hours > AWAY_MAX);
  if (days.length < MIN_BAND_DAYS) return null;
  const band = (values: number[]): Band => ({
    low: quantile(values, 0.1) as number,
    median: quantile(values, 0.5) as number,
    high: quantile(values, 0.9) as number,
  });
  const began = days.flatMap((d) => (d.began_minute === null ? [] : [d.began_minute]));
  return {
    days: days.length,
    active_half_hours: band(days.map((d) => d.active_half_hours)),
    night_active_half_hours: band(days.map((d) => d.night_active_half_hours)),
    began_minute: began.length === 0 ? null : band(began),
  };
}

/** Ways a day can fall outside the band that matter to a carer (each a Warning: it is a day late). */
export type DayFinding = 'little_activity' | 'late_start' | 'busy_night';

/** What the day's figures say against the band: no findings is an ordinary day. */
export function dayFindings(day: HalfHourlyDay, bands: DayBands): DayFinding[] {
  const findings: DayFinding[] = [];
  const active = bands.active_half_hours;
  if (day.active_half_hours < Math.min(active.low - LOW_BELOW_BAND, LOW_FRACTION * active.median))
    findings.push('little_activity');
  const began = bands.began_minute;
  if (day.began_minute === null || (began !== null && day.began_minute > began.high + LATE_MINUTES))
    findings.push('late_start');
  const night = bands.night_active_half_hours;
  if (day.night_active_half_hours > night.high + Math.max(NIGHT_EXTRA, 2 * night.median))
    findings.push('busy_night');
  return findings;
}

/** Half-hours as hours, "6½" (no unit), "½" for one. */
const hoursOf = (halfHours: number) => {
  const h = halfHours / 2;
  return Number.isInteger(h) ? String(h) : `${Math.floor(h)}½`.replace(/^0½/, '½');
};
const hours = (halfHours: number) => `${hoursOf(halfHours)} h`;
/** A band of half-hours in hours, the unit once: "9½–13½ h", "up to 1 h", "none". */
const usualHours = (band: Band) => {
  const [low, high] = [Math.round(band.low), Math.round(band.high)];
  if (high === 0) return 'none';
  if (low === high) return hours(high);
  return low === 0 ? `up to ${hours(high)}` : `${hoursOf(low)}–${hours(high)}`;
};
const range = (band: Band, show: (x: number) => string) => {
  const [low, high] = [show(band.low), show(band.high)];
  return low === high ? low : `${low}–${high}`;
};
const halfHourOf = (minute: number) => Math.round(minute / 30) * 30;

/**
 * "Mum's day yesterday" in words: when it began and ended, the active hours and the night, each against
 * the usual range, led by what matters ("A quiet day: active 2½ h against the usual 7–9 h.").
 */
export function dayWords(day: HalfHourlyDay, bands: DayBands): string[] {
  const findings = dayFindings(day, bands);
  const active = `active ${hours(day.active_half_hours)} against the usual ${usualHours(bands.active_half_hours)}`;
  const began = bands.began_minute;
  const start =
    day.began_minute === null
      ? 'no activity from 05:00 on'
      : `the day began at ${hhmm(day.began_minute)}${began === null ? '' : ` (usually ${range(began, (x) => hhmm(halfHourOf(x)))})`}`;
  const night = `in the night before 05:00, ${day.night_active_half_hours === 0 ? 'no activity' : `active ${hours(day.night_active_half_hours)}`} (usually ${usualHours(bands.night_active_half_hours)})`;
  const lines: string[] = [];
  if (findings.includes('little_activity')) lines.push(`A quiet day: ${active}.`);
  if (findings.includes('late_start')) lines.push(`A late start: ${start}.`);
  if (findings.includes('busy_night')) lines.push(`A busy night: ${night}.`);
  if (findings.length === 0) lines.push(`An ordinary day: ${active}.`);
  if (!findings.includes('little_activity') && findings.length > 0) lines.push(`Otherwise ${active}.`);
  if (!findings.includes('late_start'))
    lines.push(
      day.ended_minute === null
        ? `${capital(start)}.`
        : `${capital(start)} and ended at ${hhmm(Math.min(day.ended_minute, 1439))}.`,
    );
  if (!findings.includes('busy_night')) lines.push(`${capital(night)}.`);
  return lines;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
