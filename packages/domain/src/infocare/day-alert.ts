import { addDays, shortDate } from '@homeview/contract/calendar';
import { localDate } from '../time/zone';
import type { AlertCandidate } from './alert-input';
import {
  type DayBands,
  type DayBefore,
  type DayFinding,
  dayFindings,
  dayWords,
  type HalfHourlyDay,
} from './half-hourly';

// The Warning of a day-late home (issue 36): yesterday, once all its half-hours are in, fell outside her
// band of the 28 days before in a way that matters (dayFindings). Never Urgent: it is a day late. One per
// home and local day (its cause), raised when it was judged; the text is the day in words (dayWords),
// dated, so it stays true whenever it is read.

const LEAD: Record<DayFinding, { name: string; icon: string }> = {
  little_activity: { name: 'A quiet day', icon: 'hourglass' },
  late_start: { name: 'A late start', icon: 'sunrise' },
  early_end: { name: 'An early end', icon: 'hourglass' },
  busy_night: { name: 'A busy night, early', icon: 'clock' },
};

/**
 * The day's Warning, or undefined for a day inside her band (or with no band yet to judge it by); `before`
 * is the day before with its band (a return after a day with nobody about is not a new Warning).
 */
export function dayAlert(
  day: HalfHourlyDay,
  bands: DayBands | null,
  judgedAt: number,
  zone: string,
  before: DayBefore | null = null,
): AlertCandidate | undefined {
  if (bands === null) return undefined;
  const findings = dayFindings(day, bands, before);
  const first = findings[0];
  if (first === undefined) return undefined;
  return {
    cause: `unusual_day:${day.date}`,
    kind: 'unusual_day',
    type: 'Off',
    level: 'Warning',
    // "yesterday" as the alert's time reads it (a day judged later is named by its date).
    name: `${LEAD[first].name} ${addDays(localDate(judgedAt, zone), -1) === day.date ? 'yesterday' : `on ${shortDate(day.date)}`}`,
    text: `${shortDate(day.date)}, from the meter's half-hours: ${dayWords(day, bands, before).join(' ')}`,
    icon: LEAD[first].icon,
    activityId: 0,
    raisedAt: judgedAt,
    instant: false,
    evidence: {
      date: day.date,
      findings: findings.join(','),
      active_half_hours: day.active_half_hours,
      usual_active_low: bands.active_half_hours.low,
      usual_active_high: bands.active_half_hours.high,
      began_minute: day.began_minute,
      night_active_half_hours: day.night_active_half_hours,
      from: 'half_hours',
    },
  };
}
