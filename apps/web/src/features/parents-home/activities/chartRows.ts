import type { Activity, ActivityPattern } from '@homeview/contract/web';
import { DAY_HUNDREDTHS, type Segment, type SegmentRow } from '../../../shared/charts/types';
import { formatDate, weekdayName } from '../../../shared/format';
import { addDays, dayStart } from './days';

// An activity's patterns as the rows of a SegmentChart (spec §2.3, §9): one row per local day, each
// pattern stacked along 0–2400 hundredths of an hour as the contract says: `duration.off` is the gap
// since the previous segment of that day (from midnight for the first), `duration.on` its length.
// `inactivity` stacks the off-alert windows the same way, drawn only when the carer asks for them.

/** '/parents-home/activities/{id}?on&off' for one day (the activity screen's window). */
export function activityHref(kind: 'activity' | 'alert', activityId: number, day: number): string {
  const base = kind === 'alert' ? '/parents-home/activities/alert' : '/parents-home/activities';
  return `${base}/${activityId}?on=${day}&off=${addDays(day, 1)}`;
}

/** Stacks off/on pairs from 0; zero-length "on" parts advance the position but draw nothing. */
function stack(
  parts: readonly { off: number; on: number }[],
): { start: number; end: number; index: number }[] {
  let position = 0;
  const out: { start: number; end: number; index: number }[] = [];
  parts.forEach((part, index) => {
    const start = Math.min(DAY_HUNDREDTHS, position + Math.max(0, part.off));
    const end = Math.min(DAY_HUNDREDTHS, start + Math.max(0, part.on));
    position = end;
    if (end > start) out.push({ start, end, index });
  });
  return out;
}

export const dayLabel = (day: number) => {
  const date = new Date(day * 1000);
  return `${weekdayName(date).slice(0, 3)} ${formatDate(date)}`;
};

/** The rows of one activity's chart over `days` (local midnights, in order). */
export function activityRows(
  activity: Activity,
  days: readonly number[],
  showOffAlerts: boolean,
): SegmentRow[] {
  const byDay = new Map<number, ActivityPattern[]>();
  for (const pattern of [...activity.patterns].sort((a, b) => a.on - b.on)) {
    const day = dayStart(pattern.on);
    byDay.set(day, [...(byDay.get(day) ?? []), pattern]);
  }
  return days.map((day) => {
    const patterns = byDay.get(day) ?? [];
    const on: Segment[] = stack(patterns.map((p) => p.duration)).map((s) => ({
      start: s.start,
      end: s.end,
      label: activity.activity_type,
      tone: 'care',
      href: activityHref('activity', activity.activity_id, day),
    }));
    const off: Segment[] = showOffAlerts
      ? stack(patterns.map((p) => p.inactivity)).map((s) => ({
          start: s.start,
          end: s.end,
          label: 'Off alert',
          tone: 'alert',
          href: activityHref('alert', activity.activity_id, day),
        }))
      : [];
    return { label: dayLabel(day), segments: [...on, ...off] };
  });
}

export const activityLegend = (showOffAlerts: boolean) => [
  { tone: 'care' as const, label: 'Activity' },
  ...(showOffAlerts ? [{ tone: 'alert' as const, label: 'Off alert' }] : []),
];
