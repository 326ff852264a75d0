import { AlertsResponse } from '@homeview/contract';
import { addDays, instantOfLocal } from '@homeview/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/types';
import type { InfocareTimer } from '../../src/features/infocare/timer';
import { ingestApplianceEvents, ingestReadings } from '../../src/features/readings/ingest';
import type { Reading } from '../../src/features/readings/reading';
import type { Session } from './app';
import { syntheticReadings, ZONE } from './energy';

// A dependant with an ordinary routine for InfoCare suites: each day the kettle at 07:00, toast, lunch in
// the microwave, afternoon tea, the hob for supper and the television, with the fridge-freezer running
// all day (it never counts), and 5-minute meter readings throughout.

export const KETTLE = 1;
export const MICROWAVE = 2;
export const HOB = 4;
export const TOASTER = 5;
export const FRIDGE = 10;
export const TV = 11;

export const local = (date: string, hh: number, mm = 0) => instantOfLocal(date, hh * 3600 + mm * 60, ZONE);

export function routineEvents(date: string, opts: { morning?: boolean } = {}) {
  const ev = (type: number, hh: number, mm: number, minutes: number, wh: number) => ({
    appliance_type_id: type,
    start: local(date, hh, mm),
    end: local(date, hh, mm) + minutes * 60,
    energy_wh: wh,
  });
  return [
    ...(opts.morning === false ? [] : [ev(KETTLE, 7, 0, 3, 120), ev(TOASTER, 7, 10, 3, 50)]),
    ev(MICROWAVE, 12, 30, 4, 60),
    ev(KETTLE, 15, 30, 3, 120),
    ev(HOB, 17, 30, 25, 500),
    ev(TV, 18, 30, 150, 300),
    { appliance_type_id: FRIDGE, start: local(date, 0), end: local(addDays(date, 1), 0), energy_wh: 900 },
  ];
}

/** `days` ordinary days before `today` (events and readings), and readings today up to `now`. */
export async function seedRoutine(db: Db, houseId: number, today: string, days: number, now: number) {
  const first = addDays(today, -days);
  const events = [];
  for (let d = first; d < today; d = addDays(d, 1)) events.push(...routineEvents(d));
  await ingestApplianceEvents(db, houseId, events);
  const readings = syntheticReadings(local(first, 0), now - (now % 300), 7);
  for (let i = 0; i < readings.length; i += 2000)
    await ingestReadings(db, houseId, readings.slice(i, i + 2000), { now });
}

/** 5-minute readings over [from, to): the meter keeps reporting. */
export async function readingsBetween(db: Db, houseId: number, from: number, to: number) {
  const readings = syntheticReadings(from - (from % 300), to - (to % 300), 11);
  for (let i = 0; i < readings.length; i += 2000)
    await ingestReadings(db, houseId, readings.slice(i, i + 2000), { now: to });
}

/**
 * Has the timer evaluate the houses whose data arrived until `done` says so (5 s at most): on PGlite the
 * arrival is told before the write returns, on PostgreSQL its NOTIFY reaches the timer a moment after.
 */
export async function evaluateArrivedUntil(
  timer: InfocareTimer,
  done: () => Promise<boolean>,
): Promise<void> {
  const until = Date.now() + 5_000;
  do await timer.evaluateArrived();
  while (!(await done()) && Date.now() < until);
}

/** A dependant's first page of alerts as `session` reads it, answered 200 and held to the contract. */
export async function alertsPage(app: FastifyInstance, session: Session, dependantId: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v3/assisted_living/alerts/?dependant_user_id=${dependantId}`,
    headers: session.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return AlertsResponse.parse(res.json());
}

/** A run of raised half-hours on a day-late home's day: [local hour, how many half-hours, Wh each]. */
export type Rise = [number, number, number];

/**
 * A London day of half-hours as a supplier publishes them: 100 Wh each, but the half-hours `active` names
 * (46, 48 or 50 of them, as the day has).
 */
export function halfHourDay(date: string, active: readonly Rise[]): Reading[] {
  const out: Reading[] = [];
  for (let t = local(date, 0); t < local(addDays(date, 1), 0); t += 1800)
    out.push({ start: t, interval_s: 1800, import_wh: 100, export_wh: 0, generation_wh: 0 });
  for (const [hour, count, wh] of active)
    for (let k = 0; k < count; k++) {
      const start = local(date, hour) + k * 1800;
      (out.find((r) => r.start === start) as Reading).import_wh = wh;
    }
  return out;
}

/** 28 ordinary days of half-hours (ORDINARY_DAY) before `yesterday`, then `last`: a day-late home's history. */
export function ordinaryHistory(yesterday: string, last: readonly Reading[]): Reading[] {
  const out: Reading[] = [];
  for (let d = addDays(yesterday, -28); d < yesterday; d = addDays(d, 1))
    out.push(...halfHourDay(d, ORDINARY_DAY));
  return [...out, ...last];
}

/** The day-late suites' ordinary day, by hand: 13 active half-hours (6½ h), begun 07:00, ended 21:00. */
export const ORDINARY_DAY: readonly Rise[] = [
  [7, 4, 400],
  [12, 1, 300],
  [17, 8, 300],
];
/** Their quiet day: only 07:00–08:00 and 17:00–18:00 rose (4 half-hours, 2 h). */
export const QUIET_DAY: readonly Rise[] = [
  [7, 2, 400],
  [17, 2, 300],
];
