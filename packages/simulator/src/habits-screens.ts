// Television and computer sessions: evenings for everyone, daytime for those at home, office
// hours for home workers. Sessions end when nobody is up at home any more.

import { owns } from './habits-kitchen';
import { type DayContext, activeRun, idx, nextActive } from './load';
import { sessionUse } from './power';
import { isChild } from './spec';

function session(
  ctx: DayContext,
  key: 'television' | 'computer',
  wantedLm: number,
  maxMinutes: number,
): void {
  const start = nextActive(ctx, idx(ctx, wantedLm), idx(ctx, wantedLm + 90));
  if (start < 0) return;
  const minutes = activeRun(ctx, start, Math.round(maxMinutes));
  const capacity = ctx.home.owned[key];
  if (minutes < 10 || !ctx.load.isFree(key, start, minutes, capacity)) return;
  const watts = key === 'television' ? ctx.home.ratings.tvW : ctx.home.ratings.computerW;
  ctx.load.add(key, start, sessionUse(watts, minutes, ctx.rng));
}

function television(ctx: DayContext, meal: number): void {
  const people = ctx.occ.people;
  if (people.length === 0) return;
  const bedtime = Math.max(...people.map((p) => p.sleep));
  if (ctx.rng.chance(0.88)) {
    const start = meal + ctx.rng.uniform(15, 45);
    session(ctx, 'television', start, bedtime - start - ctx.rng.uniform(0, 30));
  }
  const daytimeAtHome = people.some(
    (p) => !isChild(p.habits.occupant) && (ctx.weekend || p.habits.occupant.work !== 'full_time'),
  );
  if (daytimeAtHome && ctx.rng.chance(ctx.weekend ? 0.5 : 0.4)) {
    session(ctx, 'television', ctx.rng.uniform(780, 960), ctx.rng.uniform(45, 150));
  }
  if (ctx.rng.chance(0.2)) session(ctx, 'television', ctx.rng.uniform(410, 510), ctx.rng.uniform(15, 40));
  if (people.some((p) => isChild(p.habits.occupant)) && ctx.rng.chance(0.5)) {
    session(ctx, 'television', ctx.rng.uniform(960, 1040), ctx.rng.uniform(30, 90));
  }
}

function computer(ctx: DayContext): void {
  for (const p of ctx.occ.people) {
    if (p.homeWorking) {
      session(ctx, 'computer', ctx.rng.uniform(520, 560), ctx.rng.uniform(180, 230));
      session(ctx, 'computer', ctx.rng.uniform(780, 810), ctx.rng.uniform(200, 260));
    }
    if (p.habits.occupant.age !== 'under10' && ctx.rng.chance(0.3)) {
      session(ctx, 'computer', ctx.rng.uniform(1170, 1320), ctx.rng.uniform(30, 120));
    }
  }
}

export function scheduleScreens(ctx: DayContext, meal: number): void {
  if (owns(ctx, 'television')) television(ctx, meal);
  if (owns(ctx, 'computer')) computer(ctx);
}
