import type { ActivityDetail, ActivityPattern, UnfollowedOffAlert } from '@homeview/contract';
import {
  ACTIVITY_TYPES,
  activityOccurrences,
  addDays,
  lastSevenDays,
  levelRank,
  localDate,
  neighbours,
  type Period,
  periodContaining,
  startOfLocalDate,
} from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { alertsBetween, firstActivityAt } from './alerts-repository';
import type { AlertRow } from './present';
import { applianceUses, type InfocareHouse } from './repository';

// §3 Activity detail for the daily and weekly charts: per activity its occurrences as segments stacked on
// the 0–2400 day axis (hundredths of an hour, each day starting again at local midnight), the off-alert
// windows before them, the off alerts no occurrence followed that day (`unfollowed_off_alerts`, so every
// counted off alert can be drawn), and the period's events. Hidden appliances are left out.

export type ActivityMode = 'daily' | 'weekly';

const hundredths = (seconds: number) => Math.max(0, Math.round(seconds / 36));
const worst = (levels: string[]) => levels.reduce((a, b) => (levelRank(b) > levelRank(a) ? b : a), 'Normal');

/** Selectors offer this many periods back (plus null, the last 7 days). */
const AVAILABLE_DAYS = 30;
const AVAILABLE_WEEKS = 12;

function periodOf(mode: ActivityMode, timestamp: number | undefined, now: number, zone: string): Period {
  if (timestamp === undefined) return lastSevenDays(now, zone);
  return periodContaining(mode === 'daily' ? 'day' : 'week', timestamp, zone);
}

export async function activityDetail(
  db: Queryable,
  house: InfocareHouse,
  mode: ActivityMode,
  timestamp: number | undefined,
  now: number,
): Promise<ActivityDetail> {
  const zone = house.time_zone;
  const period = periodOf(mode, timestamp, now, zone);
  const end = Math.min(period.end, now + 1);
  const [uses, alerts, first] = await Promise.all([
    applianceUses(db, house.id, period.start, end, false),
    alertsBetween(db, house.id, period.start, end),
    firstActivityAt(db, house.id),
  ]);
  const occurrences = activityOccurrences(uses);
  const activities: ActivityDetail['activities'] = [];
  for (const type of ACTIVITY_TYPES) {
    const own = occurrences.filter((o) => o.activityId === type.id);
    const ownAlerts = alerts.filter((a) => a.activity_id === type.id);
    if (own.length === 0 && ownAlerts.length === 0) continue;
    const patterns: ActivityPattern[] = [];
    const drawn = new Set<number>();
    let previousEnd: number | null = null;
    let previousDate = '';
    for (const o of own) {
      const date = localDate(o.start, zone);
      const dayStart = startOfLocalDate(date, zone);
      const from: number =
        date === previousDate && previousEnd !== null ? Math.max(previousEnd, dayStart) : dayStart;
      const dayEnd = startOfLocalDate(addDays(date, 1), zone);
      const running = o.end > now;
      const offAlert = ownAlerts.find(
        (a) => a.type === 'Off' && a.raised_at >= from && a.raised_at <= o.start,
      );
      if (offAlert) drawn.add(offAlert.id);
      const within = ownAlerts.filter(
        (a) => a.raised_at >= o.start && a.raised_at <= Math.max(o.end, o.start),
      );
      patterns.push({
        on: o.start,
        off: running ? null : o.end,
        duration: { off: hundredths(o.start - from), on: hundredths(Math.min(o.end, dayEnd, now) - o.start) },
        inactivity: offAlert
          ? { off: hundredths(offAlert.raised_at - from), on: hundredths(o.start - offAlert.raised_at) }
          : { off: 0, on: 0 },
        level: worst([...within.map((a) => a.level), ...(offAlert ? [offAlert.level] : [])]),
        ...(o.estimated ? { estimated: true as const } : {}),
      });
      previousEnd = Math.min(o.end, dayEnd);
      previousDate = date;
    }
    activities.push({
      activity_id: type.id,
      activity_type: type.name,
      icon: type.icon,
      level: worst(ownAlerts.map((a) => a.level)),
      patterns,
      unfollowed_off_alerts: ownAlerts
        .filter((a) => a.type === 'Off' && !drawn.has(a.id))
        .map((a) => unfollowed(a.raised_at, now, zone))
        .sort((a, b) => a.timestamp - b.timestamp),
    });
  }
  const offAlerts = alerts.filter((a) => a.type === 'Off');
  return {
    activities,
    inactivities: activities.map((a) => ({
      activity_id: a.activity_id,
      activity_type: a.activity_type,
      num_inac_alerts: offAlerts.filter((o: AlertRow) => o.activity_id === a.activity_id).length,
    })),
    ...navigation(mode, period, first, now, zone),
    num_alerts: offAlerts.length,
    events: uses.map((u) => ({
      appliance_type_id: u.applianceTypeId,
      icon: u.icon,
      name: u.name,
      start_timestamp: u.start,
      ...(u.estimated ? { estimated: true as const } : {}),
    })),
    time_zone: zone,
  };
}

/** An off alert the activity did not follow that day: from the alert to the day's end (or now). */
function unfollowed(raisedAt: number, now: number, zone: string): UnfollowedOffAlert {
  const date = localDate(raisedAt, zone);
  const dayStart = startOfLocalDate(date, zone);
  const until = Math.min(startOfLocalDate(addDays(date, 1), zone), Math.max(now, raisedAt));
  return {
    timestamp: raisedAt,
    inactivity: { off: hundredths(raisedAt - dayStart), on: hundredths(until - raisedAt) },
  };
}

function navigation(
  mode: ActivityMode,
  period: Period,
  first: number | null,
  now: number,
  zone: string,
): Pick<ActivityDetail, 'available' | 'previous' | 'next'> {
  const unit = mode === 'daily' ? 'day' : 'week';
  const starts: number[] = [];
  let p = periodContaining(unit, now, zone);
  for (let i = 0; i < (mode === 'daily' ? AVAILABLE_DAYS : AVAILABLE_WEEKS); i++) {
    if (first !== null && p.end <= first) break;
    if (first === null && i > 0) break;
    starts.push(p.start);
    p = periodContaining(unit, p.start - 1, zone);
  }
  // Last 7 days: Previous is the day (daily) or calendar week (weekly) just before them, as HomeView's.
  return { available: [null, ...starts], ...neighbours(period, { first, now }, zone, unit) };
}
