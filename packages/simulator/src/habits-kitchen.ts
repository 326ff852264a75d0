// Kitchen habits of an ordinary home: hot drinks, breakfast, lunch, the evening meal and the
// dishwasher after it. Counts scale with the household; times follow who is up and at home.

import { type DayContext, activeAt, idx, nextActive, placeByHour } from './load';
import type { PersonDay } from './occupancy';
import { useProfile } from './power';
import { isChild } from './spec';
import type { ApplianceKey } from '@homeview/domain';

// Relative chance of a use starting in each local hour (0–23).
const KETTLE_WEEKDAY = [
  0, 0, 0, 0, 0, 0.2, 1.6, 2, 1.4, 0.8, 1, 0.9, 1, 0.8, 0.8, 1, 1.1, 1.2, 1, 0.9, 1.1, 0.8, 0.4, 0.1,
];
const KETTLE_WEEKEND = [
  0, 0, 0, 0, 0, 0, 0.4, 1.2, 1.8, 1.6, 1.2, 1, 1, 0.9, 0.9, 1, 1.1, 1.1, 1, 0.9, 1, 0.8, 0.4, 0.1,
];
const MICROWAVE = [
  0, 0, 0, 0, 0, 0, 0.2, 0.5, 0.4, 0.2, 0.3, 0.6, 1.5, 1.2, 0.4, 0.3, 0.5, 1, 1.2, 1, 0.6, 0.4, 0.2, 0.1,
];
const TOASTER_WEEKDAY = [
  0, 0, 0, 0, 0, 0, 1, 2, 1, 0.3, 0.2, 0.1, 0.3, 0.2, 0, 0, 0.1, 0.1, 0.1, 0, 0, 0, 0, 0,
];
const TOASTER_WEEKEND = [
  0, 0, 0, 0, 0, 0, 0.2, 0.8, 1.5, 1.5, 0.8, 0.3, 0.4, 0.2, 0, 0, 0.1, 0.1, 0.1, 0, 0, 0, 0, 0,
];

export function owns(ctx: DayContext, key: ApplianceKey): boolean {
  return ctx.home.owned[key] > 0 && !ctx.home.routineKeys.has(key);
}

function counts(people: readonly PersonDay[]): { adults: number; teens: number; retired: number } {
  let adults = 0;
  let teens = 0;
  let retired = 0;
  for (const p of people) {
    const o = p.habits.occupant;
    if (o.age === 'range10_17') teens++;
    if (isChild(o)) continue;
    adults++;
    if (o.work === 'pensioner' || o.work === 'stay_at_home') retired++;
  }
  return { adults, teens, retired };
}

/** Local minute of the evening meal: after the last commuter is home, earlier at weekends. */
export function eveningMeal(ctx: DayContext): number {
  let lastHome = 0;
  for (const p of ctx.occ.people) {
    for (const [a, b] of p.away) if (a < 1080 && b > 960) lastHome = Math.max(lastHome, b);
  }
  const usual = ctx.weekend ? ctx.rng.normal(1050, 30, 60) : ctx.rng.normal(1090, 25, 50);
  return Math.min(1260, Math.max(usual, lastHome + ctx.rng.uniform(20, 50)));
}

function repeat(
  ctx: DayContext,
  key: 'kettle' | 'microwave' | 'toaster',
  mean: number,
  hourly: readonly number[],
) {
  const n = ctx.rng.poisson(mean);
  for (let i = 0; i < n; i++) placeByHour(ctx, key, hourly, useProfile(key, ctx.home.ratings, ctx.rng));
}

export function scheduleKitchen(ctx: DayContext, meal: number): void {
  const { adults, teens, retired } = counts(ctx.occ.people);
  if (owns(ctx, 'kettle')) {
    const mean = Math.min(8, 1.2 + 1.2 * adults + 0.4 * teens + 0.6 * retired);
    repeat(ctx, 'kettle', mean, ctx.weekend ? KETTLE_WEEKEND : KETTLE_WEEKDAY);
  }
  if (owns(ctx, 'toaster')) {
    repeat(ctx, 'toaster', 0.2 + 0.12 * (adults + teens), ctx.weekend ? TOASTER_WEEKEND : TOASTER_WEEKDAY);
  }
  const hasOven = owns(ctx, 'oven');
  const hasHob = owns(ctx, 'hob');
  if (owns(ctx, 'microwave')) {
    repeat(ctx, 'microwave', 0.5 + 0.3 * ctx.occ.people.length + (hasOven || hasHob ? 0 : 0.8), MICROWAVE);
  }

  const mealIndex = idx(ctx, meal);
  if (activeAt(ctx, mealIndex) === 0 && activeAt(ctx, idx(ctx, meal - 30)) === 0) return;
  const sunday = ctx.day.dayOfWeek === 0;
  if (hasOven && ctx.rng.chance(sunday ? 0.55 : ctx.weekend ? 0.4 : 0.3)) {
    const minutes = sunday ? ctx.rng.uniform(50, 85) : ctx.rng.uniform(20, 50);
    const oven = useProfile('oven', ctx.home.ratings, ctx.rng, minutes);
    ctx.load.add('oven', idx(ctx, meal - minutes + ctx.rng.uniform(0, 10)), oven);
  }
  if (hasHob && ctx.rng.chance(0.55)) {
    ctx.load.add(
      'hob',
      idx(ctx, meal - ctx.rng.uniform(12, 30)),
      useProfile('hob', ctx.home.ratings, ctx.rng),
    );
  }
  if (owns(ctx, 'dishwasher') && ctx.rng.chance(Math.min(0.95, 0.2 + 0.15 * ctx.occ.people.length))) {
    const evening = ctx.rng.chance(0.8);
    const wanted = evening ? meal + ctx.rng.uniform(30, 150) : ctx.rng.uniform(480, 600);
    const start = nextActive(ctx, idx(ctx, wanted));
    if (start >= 0) ctx.load.add('dishwasher', start, useProfile('dishwasher', ctx.home.ratings, ctx.rng));
  }
}
