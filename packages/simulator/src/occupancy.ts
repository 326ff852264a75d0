// Who is home and awake, minute by minute. Each occupant's day (wake, time away, sleep) is drawn
// in local clock minutes from (seed, date) alone, so the previous evening can be recomputed cheaply
// to know who is still up after midnight.

import { isHoliday, isSchoolDay } from './calendar';
import type { HomeParams, OccupantHabits } from './home';
import { Rng, Stream } from './rng';
import { routineDeviations } from './routine-plan';
import { clockMinutes, isChild } from './spec';
import { type CalendarDate, calendarDate, indexOfLocalMinute, type LocalDay } from './zone';

/** One occupant's day in local clock minutes; sleep may run past 1440 (after midnight). */
export interface PersonDay {
  habits: OccupantHabits;
  wake: number;
  sleep: number;
  away: readonly (readonly [number, number])[];
  /** Working from home today (computer during office hours). */
  homeWorking: boolean;
}

export interface Occupancy {
  people: readonly PersonDay[];
  /** Occupants at home and awake, per real minute of the day. */
  active: Uint8Array;
  /** Occupants at home (awake or asleep), per real minute. */
  present: Uint8Array;
}

function adultDay(h: OccupantHabits, date: CalendarDate, rng: Rng): PersonDay {
  const work = h.occupant.work ?? 'stay_at_home';
  const weekend = date.dayOfWeek === 0 || date.dayOfWeek === 6;
  const old = h.occupant.age === 'over74';
  let wake = 450;
  let sleep = old ? 1320 : 1365;
  const away: [number, number][] = [];
  let homeWorking = false;
  const commutes = h.occupant.commutes !== false;
  if (!weekend && work === 'full_time') {
    wake = 395;
    homeWorking = !commutes || rng.chance(h.homeWorkingChance);
    if (!homeWorking) {
      const leave = wake + h.wakeBias + rng.uniform(40, 75);
      away.push([leave, leave + rng.uniform(540, 610)]);
    }
  } else if (!weekend && work === 'part_time' && h.workDays.has(date.dayOfWeek)) {
    wake = 420;
    homeWorking = !commutes;
    if (!homeWorking) {
      const leave = rng.uniform(500, 560);
      away.push([leave, leave + rng.uniform(240, 330)]);
    }
  } else if (work === 'pensioner' || old) {
    wake = 420;
    if (rng.chance(0.55)) {
      const out = rng.uniform(600, 840);
      away.push([out, out + rng.uniform(60, 150)]);
    }
  } else {
    wake = weekend ? rng.uniform(480, 560) : 450;
    sleep += weekend ? 30 : 0;
    if (rng.chance(weekend ? 0.65 : 0.6)) {
      const out = rng.uniform(600, 930);
      away.push([out, out + rng.uniform(60, weekend ? 240 : 150)]);
    }
  }
  wake += h.wakeBias + rng.normal(0, 12, 30);
  sleep += h.sleepBias + rng.normal(0, 20, 45);
  return { habits: h, wake, sleep, away, homeWorking };
}

function childDay(h: OccupantHabits, date: CalendarDate, rng: Rng): PersonDay {
  const young = h.occupant.age === 'under10';
  const school = isSchoolDay(date);
  const wake = (school ? 415 : 480) + h.wakeBias / 2 + rng.normal(0, 10, 25);
  const sleep = (young ? 1185 : 1335) + (school ? 0 : 30) + h.sleepBias / 2 + rng.normal(0, 15, 30);
  const away: [number, number][] = [];
  if (school) away.push([rng.uniform(490, 505), rng.uniform(905, young ? 960 : 1000)]);
  return { habits: h, wake, sleep, away, homeWorking: false };
}

/** Intersection of interval lists: when every adult is out, young children are out with someone. */
function commonAway(lists: readonly (readonly (readonly [number, number])[])[]): [number, number][] {
  let acc: [number, number][] = [[0, 1440]];
  for (const list of lists) {
    const next: [number, number][] = [];
    for (const [a, b] of acc) {
      for (const [c, d] of list) {
        const s = Math.max(a, c);
        const e = Math.min(b, d);
        if (e > s) next.push([s, e]);
      }
    }
    acc = next;
  }
  return acc;
}

/** Everyone's day for a date; empty when the home is away on holiday. */
export function personDays(home: HomeParams, dayNumber: number): PersonDay[] {
  const date = calendarDate(dayNumber);
  if (isHoliday(home.spec, date)) return [];
  const rng = Rng.of(home.seed, Stream.occupancy, dayNumber);
  if (home.routine) {
    const dev = routineDeviations(home, dayNumber);
    const wake = clockMinutes(home.routine.wake) + rng.normal(0, 8, 20) + dev.morningShift;
    const sleep = dev.missingEvening ? 1080 : clockMinutes(home.routine.sleep) + rng.normal(0, 10, 25);
    return home.occupants.map((h) => ({ habits: h, wake, sleep, away: [], homeWorking: false }));
  }
  const adults = home.occupants.filter((h) => !isChild(h.occupant)).map((h) => adultDay(h, date, rng));
  const children = home.occupants.filter((h) => isChild(h.occupant)).map((h) => childDay(h, date, rng));
  const weekend = date.dayOfWeek === 0 || date.dayOfWeek === 6;
  if (weekend && rng.chance(0.4)) {
    // A family outing takes the whole household out together.
    const out = rng.uniform(630, 900);
    const span: [number, number] = [out, out + rng.uniform(120, 300)];
    for (const p of [...adults, ...children]) p.away = [...p.away, span];
  }
  const adultsAway = commonAway(adults.map((a) => a.away));
  for (const c of children) {
    if (c.away.length === 0 && adults.length > 0) c.away = adultsAway;
  }
  return [...adults, ...children];
}

function toIndex(day: LocalDay, localMinute: number): number {
  return localMinute >= 1440 ? day.minutes : indexOfLocalMinute(day, localMinute);
}

function addSpan(arr: Uint8Array, day: LocalDay, from: number, to: number, delta: 1 | -1): void {
  const a = toIndex(day, Math.max(0, from));
  const b = toIndex(day, Math.min(1440, to));
  for (let i = a; i < b; i++) arr[i] = (arr[i] ?? 0) + delta;
}

/** Sorted, non-overlapping copy, so subtracting absences never counts anyone twice. */
function merge(spans: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...spans].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function occupancy(home: HomeParams, day: LocalDay): Occupancy {
  const people = personDays(home, day.dayNumber);
  const active = new Uint8Array(day.minutes);
  const present = new Uint8Array(day.minutes);
  for (const p of people) {
    addSpan(present, day, 0, 1440, 1);
    addSpan(active, day, p.wake, p.sleep, 1);
    for (const [a, b] of merge(p.away)) {
      addSpan(present, day, a, b, -1);
      // Only subtract the part of the absence that falls in awake time.
      addSpan(active, day, Math.max(a, p.wake), Math.min(b, p.sleep), -1);
    }
  }
  // Yesterday's late nights run into the first minutes of today.
  for (const p of personDays(home, day.dayNumber - 1)) {
    if (p.sleep > 1440) addSpan(active, day, 0, p.sleep - 1440, 1);
  }
  for (let i = 0; i < day.minutes; i++) {
    if ((active[i] ?? 0) > (present[i] ?? 0)) active[i] = present[i] ?? 0;
  }
  return { people, active, present };
}
