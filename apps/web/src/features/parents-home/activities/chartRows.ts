import type { Activity, ActivityPattern } from '@homeview/contract/web';
import { DAY_HUNDREDTHS, type Segment, type SegmentRow } from '../../../shared/charts/types';
import { addDays, dayStart, weekdayDayLabel, type Zone } from '../../../shared/time';

// An activity's patterns as the rows of a SegmentChart (spec §2.3, §9): one row per local day, each
// pattern stacked along 0–2400 hundredths of an hour as the contract says: `duration.off` is the gap
// since the end of the previous occurrence that day (from midnight for the first), `duration.on` its
// length. `inactivity` is measured from the same point: the off alert was raised `inactivity.off` after
// it and lasted `inactivity.on` (until the activity came on). Drawn only when the carer asks.

/** '/parents-home/activities/{id}?on&off' for one day (the activity screen's window). */
export function activityHref(
  kind: 'activity' | 'alert',
  activityId: number,
  day: number,
  zone: Zone,
): string {
  const base = kind === 'alert' ? '/parents-home/activities/alert' : '/parents-home/activities';
  return `${base}/${activityId}?on=${day}&off=${addDays(day, 1, zone)}`;
}

interface Placed {
  activity: { start: number; end: number } | null;
  offAlert: { start: number; end: number } | null;
}

const span = (from: number, part: { off: number; on: number }) => {
  const start = Math.min(DAY_HUNDREDTHS, from + Math.max(0, part.off));
  const end = Math.min(DAY_HUNDREDTHS, start + Math.max(0, part.on));
  return end > start ? { start, end } : null;
};

/** One day's patterns (in time order) placed along the day; zero-length parts draw nothing. */
export function placePatterns(patterns: readonly ActivityPattern[]): Placed[] {
  let from = 0;
  return patterns.map((p) => {
    const placed = { activity: span(from, p.duration), offAlert: span(from, p.inactivity) };
    from = Math.min(DAY_HUNDREDTHS, from + Math.max(0, p.duration.off) + Math.max(0, p.duration.on));
    return placed;
  });
}

/** 'Wed 18-11-26' of the local day `day` starts, in the dependant's zone. */
export const dayLabel = (day: number, zone: Zone) => weekdayDayLabel(day, zone);

/** A chart row's label, short enough for the axis: 'Wed 18-11'. */
export const rowLabel = (day: number, zone: Zone) => dayLabel(day, zone).slice(0, 9);

/** The rows of one activity's chart over `days` (local midnights of `zone`, in order). */
export function activityRows(
  activity: Activity,
  days: readonly number[],
  showOffAlerts: boolean,
  zone: Zone,
): SegmentRow[] {
  const byDay = new Map<number, ActivityPattern[]>();
  for (const pattern of [...activity.patterns].sort((a, b) => a.on - b.on)) {
    const day = dayStart(pattern.on, zone);
    byDay.set(day, [...(byDay.get(day) ?? []), pattern]);
  }
  // Off alerts the activity did not follow that day: placed from the day's midnight (additive to §3).
  const unfollowed = new Map<number, { start: number; end: number }[]>();
  for (const alert of activity.unfollowed_off_alerts ?? []) {
    const placed = span(0, alert.inactivity);
    if (!placed) continue;
    const day = dayStart(alert.timestamp, zone);
    unfollowed.set(day, [...(unfollowed.get(day) ?? []), placed]);
  }
  return days.map((day) => {
    const placed = placePatterns(byDay.get(day) ?? []);
    const on: Segment[] = placed.flatMap(({ activity: s }) =>
      s
        ? [
            {
              ...s,
              label: activity.activity_type,
              tone: 'care' as const,
              href: activityHref('activity', activity.activity_id, day, zone),
            },
          ]
        : [],
    );
    const offAlert = (s: { start: number; end: number }): Segment => ({
      ...s,
      label: 'No activity alert',
      tone: 'alert',
      href: activityHref('alert', activity.activity_id, day, zone),
    });
    const off: Segment[] = showOffAlerts
      ? [
          ...placed.flatMap(({ offAlert: s }) => (s ? [offAlert(s)] : [])),
          ...(unfollowed.get(day) ?? []).map(offAlert),
        ]
      : [];
    return { label: rowLabel(day, zone), segments: [...on, ...off] };
  });
}

export const activityLegend = (showOffAlerts: boolean) => [
  { tone: 'care' as const, label: 'Activity' },
  ...(showOffAlerts ? [{ tone: 'alert' as const, label: 'No activity alert' }] : []),
];
