import { localParts } from '../time/zone';

// Holiday mode and Do Not Disturb (spec-decisions "Holiday and quiet modes"): alerts are always recorded;
// these decide only whether a notification goes out. Holiday mode lets 'appliance on' (type On) alerts
// through; Do Not Disturb lets nothing through while it is in force, unless the carer chose to let Urgent
// alerts through (issue 33 item 12).

export interface QuietModes {
  holiday_status: 'DISABLED' | 'ENABLED' | 'SCHEDULED';
  holiday_start: number | null;
  holiday_end: number | null;
  dnd_status: 'DISABLED' | 'ENABLED' | 'SCHEDULED';
  /** Local "HH:MM"; end before start spans midnight; equal times mean the whole day. */
  dnd_start: string | null;
  dnd_end: string | null;
  /** Urgent alerts go out even in Do Not Disturb (absent: held like the rest). */
  dnd_urgent_through?: boolean | null;
}

const minuteOf = (hhmm: string | null): number => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
};

export function holidayInForce(modes: QuietModes, now: number): boolean {
  if (modes.holiday_status === 'ENABLED') return true;
  if (modes.holiday_status !== 'SCHEDULED') return false;
  return (
    modes.holiday_start !== null &&
    modes.holiday_end !== null &&
    now >= modes.holiday_start &&
    now < modes.holiday_end
  );
}

export function doNotDisturbInForce(modes: QuietModes, now: number, zone: string): boolean {
  if (modes.dnd_status === 'ENABLED') return true;
  if (modes.dnd_status !== 'SCHEDULED') return false;
  const start = minuteOf(modes.dnd_start);
  const end = minuteOf(modes.dnd_end);
  const minute = localParts(now, zone).minuteOfDay;
  if (start === end) return true;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** Why a notification of an alert of `type` (and `level`) is held back now, or null when it may go. */
export function notificationSuppressed(
  modes: QuietModes | null,
  type: 'On' | 'Off',
  now: number,
  zone: string,
  level?: string,
): 'dnd' | 'holiday' | null {
  if (!modes) return null;
  const urgentThrough = level === 'Urgent' && modes.dnd_urgent_through === true;
  if (!urgentThrough && doNotDisturbInForce(modes, now, zone)) return 'dnd';
  if (type !== 'On' && holidayInForce(modes, now)) return 'holiday';
  return null;
}
