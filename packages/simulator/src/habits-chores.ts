// Laundry, showers, cleaning and car charging for an ordinary home.

import { owns } from './habits-kitchen';
import { type DayContext, activeAt, idx, placeByHour } from './load';
import { evChargeUse, useProfile } from './power';

const WASH_WEEKDAY = [
  0, 0, 0, 0, 0, 0, 0.3, 1, 1.3, 1.2, 1, 0.9, 0.8, 0.8, 0.8, 0.8, 0.9, 1, 1, 0.9, 0.6, 0.3, 0.1, 0,
];
const WASH_WEEKEND = [
  0, 0, 0, 0, 0, 0, 0, 0.4, 1.2, 1.6, 1.6, 1.4, 1.1, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.1, 0, 0,
];
const CHORES = [
  0, 0, 0, 0, 0, 0, 0, 0.2, 0.6, 1, 1.2, 1.2, 0.8, 1, 1.1, 1, 0.9, 0.8, 0.8, 0.9, 0.8, 0.5, 0.1, 0,
];

function laundry(ctx: DayContext): void {
  const people = ctx.occ.people.length;
  // UK households run about 1.2 + 0.75 loads per person a week.
  const loads = ctx.rng.poisson((1.2 + 0.75 * people) / 7);
  for (let i = 0; i < loads; i++) {
    const wash = useProfile('washing_machine', ctx.home.ratings, ctx.rng);
    const event = placeByHour(ctx, 'washing_machine', ctx.weekend ? WASH_WEEKEND : WASH_WEEKDAY, wash);
    // Dried in the machine far more in winter than when it can go on the line.
    if (!event || !owns(ctx, 'tumble_dryer') || !ctx.rng.chance(0.2 + 0.5 * ctx.winter)) continue;
    const dry = useProfile('tumble_dryer', ctx.home.ratings, ctx.rng);
    const start = event.startIndex + event.minutes + Math.round(ctx.rng.uniform(2, 45));
    if (start + dry.length <= ctx.day.minutes && ctx.load.isFree('tumble_dryer', start, dry.length)) {
      ctx.load.add('tumble_dryer', start, dry);
    }
  }
}

function showers(ctx: DayContext): void {
  for (const p of ctx.occ.people) {
    if (!ctx.rng.chance(p.habits.showerChance)) continue;
    const profile = useProfile('electric_shower', ctx.home.ratings, ctx.rng);
    const wanted = p.habits.showersInMorning
      ? p.wake + ctx.rng.uniform(5, 40)
      : Math.min(p.sleep - 30, ctx.rng.uniform(1140, 1350));
    // One shower at a time: the next person waits for the hot water.
    let start = idx(ctx, wanted);
    for (let tries = 0; tries < 4 && !ctx.load.isFree('electric_shower', start, profile.length); tries++) {
      start += profile.length + 2;
    }
    if (activeAt(ctx, start) > 0 && ctx.load.isFree('electric_shower', start, profile.length)) {
      ctx.load.add('electric_shower', start, profile);
    }
  }
}

function cleaning(ctx: DayContext): void {
  const people = ctx.occ.people.length;
  if (owns(ctx, 'iron') && ctx.rng.chance(0.08 + 0.04 * people)) {
    placeByHour(ctx, 'iron', CHORES, useProfile('iron', ctx.home.ratings, ctx.rng));
  }
  if (owns(ctx, 'vacuum') && ctx.rng.chance(0.12 + 0.04 * people)) {
    placeByHour(ctx, 'vacuum', CHORES, useProfile('vacuum', ctx.home.ratings, ctx.rng));
  }
}

/** Plugged in after midnight on the off-peak rate, finished by early morning. */
function evCharging(ctx: DayContext): void {
  if (ctx.home.owned.ev_charger === 0 || ctx.occ.people.length === 0) return;
  if (!ctx.rng.chance(ctx.home.evChargeChance)) return;
  const maxWh = (ctx.home.ratings.evW * 270) / 60;
  const energy = Math.min(maxWh, ctx.rng.uniform(8000, 26000));
  ctx.load.add('ev_charger', idx(ctx, ctx.rng.uniform(30, 60)), evChargeUse(ctx.home.ratings, energy));
}

export function scheduleChores(ctx: DayContext): void {
  if (owns(ctx, 'washing_machine')) laundry(ctx);
  if (owns(ctx, 'electric_shower')) showers(ctx);
  cleaning(ctx);
  evCharging(ctx);
}
