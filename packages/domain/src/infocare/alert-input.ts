import type { ActivityOccurrence, ApplianceUse } from './activities';
import type { Publication } from './publication';
import type { Routine } from './routine';

// What the alert rules (alerts.ts, alerts-appliances.ts) are given and give: a candidate alert, the
// evaluation's input, and the limits they share.

export type AlertKind = 'morning' | 'inactivity' | 'long_on' | 'unusual_hour' | 'no_data' | 'unusual_day';

/**
 * The kinds evaluateAlerts judges at each instant: the minute engine raises these and clears them when
 * their cause no longer holds, and no others. A day outside the band of a day-late home ('unusual_day',
 * day-alert.ts) is judged once, the morning after, and stays open until a carer handles it.
 */
export const ENGINE_KINDS: readonly AlertKind[] = [
  'morning',
  'inactivity',
  'long_on',
  'unusual_hour',
  'no_data',
];

export type AlertLevel = AlertCandidate['level'];

const LEVEL_RANK: Readonly<Record<string, number>> = { Message: 1, Warning: 2, Urgent: 3 };

/** How serious a level is, for "worse than": Urgent 3, Warning 2, Message 1, anything else (a day with
 * no alert, 'Normal') 0. */
export const levelRank = (level: string): number => LEVEL_RANK[level] ?? 0;

export interface AlertCandidate {
  /** Unique per house and cause: the same departure always gives the same key. */
  cause: string;
  kind: AlertKind;
  type: 'On' | 'Off';
  level: 'Urgent' | 'Warning' | 'Message';
  name: string;
  text: string;
  icon: string;
  /** Activity the alert belongs to (0: none, e.g. no data). */
  activityId: number;
  /** When the rule first held (≤ now). */
  raisedAt: number;
  /** A one-off message (unusual hour): recorded as raised and cleared at once. */
  instant: boolean;
  /** What was expected and seen; `estimated: true` when the uses it rests on were estimated from the
   *  whole-house meter (issue 24), so the answers can say so. */
  evidence: Record<string, number | string | boolean | null>;
}

/** [start, end) without data; end null while it lasts. */
export interface DataGap {
  start: number;
  end: number | null;
}

export interface EvaluationInput {
  now: number;
  zone: string;
  routine: Routine | undefined;
  /** Occurrences from yesterday's start on (for inactivity running over midnight), ordered by start. */
  occurrences: readonly ActivityOccurrence[];
  /** Runs of appliances that may still be on: start ≤ now; end may be after now (still running). */
  uses: readonly ApplianceUse[];
  /** The end of the latest data received (reading or event), null if the home never reported. */
  lastDataAt: number | null;
  /** Usual spacing of readings (seconds), for the silence that counts as no data. */
  readingIntervalS: number;
  /** Data gaps of today and yesterday, including an open one. */
  gaps: readonly DataGap[];
  /** Margin factor per kind (1 = learned; each incorrect mark by the carer widens it). */
  margins?: Partial<Record<AlertKind, number>>;
  /** A day-late home's usual publication time, learned from its history (publication.ts); absent: the
   *  default (10:00 the next morning). */
  publication?: Publication;
}

/** Silence before "no data" of a live feed, whatever its cadence (a minute meter: 20 min; 10-minute: 20). */
export const NO_DATA_MIN_S = 20 * 60;
/**
 * A feed of half-hours (a supplier's, published the next morning; half-hourly files) is a day late by
 * nature (issue 36): its newest half-hour is last midnight's at best. "No data" only once the first day
 * not in is overdue: past the time the home's half-hours usually arrive plus a margin (publication.ts),
 * never the hour a live meter gets, and never judged as inactivity.
 */
export const DAY_LATE_INTERVAL_S = 1800;
/** Inactivity never alerts below this gap, nor unusual hours without this much learning. */
export const MIN_INACTIVITY_S = 3 * 3600;
export const MIN_UNUSUAL_DAYS = 14;
/** Unusual-hour messages look back this far, so a restart still reports a night-time kettle. */
export const UNUSUAL_LOOKBACK_S = 2 * 3600;
/**
 * An unusual-hour message on uses estimated from the meter needs them to span at least this long. A load
 * the meter saw in one clock minute is its weakest evidence of a named appliance: of the detector's kettles
 * on the tuning months (`npm run bench meter-activity`), 0.82 of the one-minute ones had the kettle on
 * against 0.97 of the longer ones, and at an unusual hour, when a home boils few kettles, fewer still.
 * Such a use still counts as activity; it only tells no carer "hot drinks at 02:00".
 */
export const UNUSUAL_ESTIMATED_MIN_S = 2 * 60;

/** The factor a carer's "incorrect" marks widened this kind's margin by (1: none). */
export const margin = (input: EvaluationInput, kind: AlertKind) => input.margins?.[kind] ?? 1;
