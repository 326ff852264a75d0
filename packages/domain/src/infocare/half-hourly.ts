import { formatKwh } from '../cost/format';
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
// bench infocare-daily`), checked on UK-DALE house 2 and IDEAL house 65: thresholds in one place, below.

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
/**
 * Far less activity: under 47 % of her usual (the band's median) and under all but her quietest days (its
 * 10th percentile), in the words a carer reads: "active 4 h against her usual 9–11 h". The line is the
 * knee of the trade measured on four real homes (bench/NOTES, 3 December evening): from half, 47 % finds
 * as many of the injected quiet days (1 point fewer on one home) with a quarter fewer Warnings on
 * ordinary days; 40 % finds 79–85 %.
 */
const LOW_FRACTION = 0.47;
/**
 * Or each use smaller rather than fewer: under 35 % of her usual energy over the floor (and under her
 * quietest days'), with fewer active half-hours than 80 % of her usual. The count alone reads a day of
 * small uses (the kettle a third full, no oven) as ordinary; energy alone warned on days out.
 */
const LOW_USE_FRACTION = 0.35;
const LOW_USE_ACTIVE_FRACTION = 0.8;
/**
 * A late start: begun 3 hours or more after her usual start (the band's median) and an hour after her
 * late days (its 90th percentile), or not at all. Her usual, not her latest: a late riser's odd lie-in
 * (the 90th percentile) no longer pushes the line to mid-afternoon (it was 4 hours after the 90th).
 */
const LATE_AFTER_USUAL = 180;
const LATE_AFTER_LATE_DAYS = 60;
/**
 * An early end: nothing after 5 hours before her usual end (the band's median) and 2 hours before her
 * early days' (its 10th percentile): the afternoon and evening of a fall, or of her leaving for the night.
 */
const EARLY_BEFORE_USUAL = 300;
const EARLY_BEFORE_EARLY_DAYS = 120;
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
  /** Wh over the floor of the half-hours from 05:00: what the day's uses took. */
  use_wh: number;
  /** Active half-hours before 05:00, less a run from midnight on (the evening's, not a waking night). */
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
  const useWh = values.reduce(
    (sum, v) => sum + (v.minute >= NIGHT_END_MINUTE ? Math.max(0, v.wh - floor) : 0),
    0,
  );
  // A load or an evening still going at midnight (a heater on till 00:30, a late film) is the evening's.
  const fromMidnight = values.findIndex((v) => v.wh < threshold || v.minute >= NIGHT_END_MINUTE);
  return {
    date,
    floor_wh: floor,
    active_half_hours: active.length,
    use_wh: useWh,
    night_active_half_hours: active.length - daytime.length - fromMidnight,
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
  use_wh: Band;
  night_active_half_hours: Band;
  began_minute: Band | null;
  ended_minute: Band | null;
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
  const ended = days.flatMap((d) => (d.ended_minute === null ? [] : [d.ended_minute]));
  return {
    days: days.length,
    active_half_hours: band(days.map((d) => d.active_half_hours)),
    use_wh: band(days.map((d) => d.use_wh)),
    night_active_half_hours: band(days.map((d) => d.night_active_half_hours)),
    began_minute: began.length === 0 ? null : band(began),
    ended_minute: ended.length === 0 ? null : band(ended),
  };
}

/** Ways a day can fall outside the band that matter to a carer (each a Warning: it is a day late). */
export type DayFinding = 'little_activity' | 'late_start' | 'early_end' | 'busy_night';

/** The day before the one judged, with its own band: null when it is not complete (or not known). */
export interface DayBefore {
  day: HalfHourlyDay | null;
  bands: DayBands | null;
}

const fewActive = (day: HalfHourlyDay, bands: DayBands) =>
  day.active_half_hours <
  Math.min(bands.active_half_hours.low, LOW_FRACTION * bands.active_half_hours.median);
const smallUses = (day: HalfHourlyDay, bands: DayBands) =>
  day.use_wh < Math.min(bands.use_wh.low, LOW_USE_FRACTION * bands.use_wh.median) &&
  day.active_half_hours < LOW_USE_ACTIVE_FRACTION * bands.active_half_hours.median;
const littleActivity = (day: HalfHourlyDay, bands: DayBands) =>
  fewActive(day, bands) || smallUses(day, bands);

/** Nothing from well before her usual end on (a day with no activity from 05:00 is a late start). */
const earlyEnd = (day: HalfHourlyDay, bands: DayBands) =>
  day.ended_minute !== null &&
  bands.ended_minute !== null &&
  day.ended_minute <
    Math.min(
      bands.ended_minute.median - EARLY_BEFORE_USUAL,
      bands.ended_minute.low - EARLY_BEFORE_EARLY_DAYS,
    );

/** A day with nobody about: at most `AWAY_MAX` active half-hours (away, or worse). */
const nobodyAbout = (day: HalfHourlyDay) => day.active_half_hours <= AWAY_MAX;

/**
 * What the day's figures say against the band: no findings is an ordinary day. The day after a quiet day
 * or an early end (`before`, its own Warning raised) is not called a late start: activity beginning late
 * then is her return or her getting up again. The day after a day with nobody about or one that ended
 * early, once someone is about again, is not called quiet either: she came back (or was found) that day,
 * which the day before's Warning already asked about. A second day with nobody about, a second quiet
 * one or a second early end still is.
 */
export function dayFindings(
  day: HalfHourlyDay,
  bands: DayBands,
  before: DayBefore | null = null,
): DayFinding[] {
  const findings: DayFinding[] = [];
  // The day before counts only when it was judged (complete, with a band): then it had its Warning.
  const prior = before?.bands != null ? before.day : null;
  const priorBands = before?.bands ?? null;
  const goneBefore =
    prior !== null && priorBands !== null && (nobodyAbout(prior) || earlyEnd(prior, priorBands));
  const returned = goneBefore && !nobodyAbout(day);
  if (littleActivity(day, bands) && !returned) findings.push('little_activity');
  const began = bands.began_minute;
  const afterQuiet =
    goneBefore || (prior !== null && priorBands !== null && littleActivity(prior, priorBands));
  const lateBegun =
    began !== null &&
    day.began_minute !== null &&
    day.began_minute > Math.max(began.median + LATE_AFTER_USUAL, began.high + LATE_AFTER_LATE_DAYS);
  if (day.began_minute === null || (lateBegun && !afterQuiet)) findings.push('late_start');
  if (earlyEnd(day, bands)) findings.push('early_end');
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
export function dayWords(day: HalfHourlyDay, bands: DayBands, before: DayBefore | null = null): string[] {
  const findings = dayFindings(day, bands, before);
  // A day spared a Warning for the quiet day before it says so, never "ordinary".
  const spared = findings.length === 0 && before !== null && dayFindings(day, bands).length > 0;
  const active = `active ${hours(day.active_half_hours)} against the usual ${usualHours(bands.active_half_hours)}`;
  const began = bands.began_minute;
  const start =
    day.began_minute === null
      ? 'no activity from 05:00 on'
      : `the day began at ${hhmm(day.began_minute)}${began === null ? '' : ` (usually ${range(began, (x) => hhmm(halfHourOf(x)))})`}`;
  const night = `in the night before 05:00, ${day.night_active_half_hours === 0 ? 'no activity' : `active ${hours(day.night_active_half_hours)}`} (usually ${usualHours(bands.night_active_half_hours)})`;
  const ended = bands.ended_minute;
  const endedAt = day.ended_minute === null ? '' : endOfDay(day.ended_minute);
  const lines: string[] = [];
  const uses = () =>
    `, using ${formatKwh(day.use_wh, 1)} kWh over the house's steady draw against the usual ${range(bands.use_wh, (wh) => formatKwh(Math.round(wh), 1))} kWh`;
  if (findings.includes('little_activity'))
    lines.push(`A quiet day: ${active}${fewActive(day, bands) ? '' : uses()}.`);
  if (findings.includes('late_start')) lines.push(`A late start: ${start}.`);
  if (findings.includes('early_end') && ended !== null)
    lines.push(
      `An early end: nothing after ${endedAt} (usually active until ${range(ended, (x) => endOfDay(halfHourOf(x)))}).`,
    );
  if (findings.includes('busy_night')) lines.push(`A busy night: ${night}.`);
  if (findings.length === 0)
    lines.push(`${spared ? 'Activity again after the quiet day before' : pace(day, bands)}: ${active}.`);
  if (!findings.includes('little_activity') && findings.length > 0) lines.push(`Otherwise ${active}.`);
  if (!findings.includes('late_start'))
    lines.push(
      day.ended_minute === null || findings.includes('early_end')
        ? `${capital(start)}.`
        : `${capital(start)} and ended at ${endedAt}.`,
    );
  if (!findings.includes('busy_night')) lines.push(`${capital(night)}.`);
  return lines;
}

/** A day's end as a person says it: the last half-hour ending at 24:00 ended at midnight, not at 23:59. */
const endOfDay = (minute: number) => (minute >= 1440 ? 'midnight' : hhmm(minute));

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A day without a Warning, by its active hours against the usual range as shown: never "ordinary" beside
 * a figure outside it ("Quieter than usual: active 8 h against the usual 10½–13½ h").
 */
function pace(day: HalfHourlyDay, bands: DayBands): string {
  const band = bands.active_half_hours;
  if (day.active_half_hours < Math.round(band.low)) return 'Quieter than usual';
  if (day.active_half_hours > Math.round(band.high)) return 'Busier than usual';
  return 'An ordinary day';
}
