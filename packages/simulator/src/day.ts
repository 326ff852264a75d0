// One local day of one home, exactly (float Wh per minute) and then as meter integers. Every draw
// comes from (home seed or weather seed, local date, stream): the day never looks at its neighbours
// except to recompute who stayed up past midnight.

import { isHoliday } from './calendar';
import { baseloadW, fridgeW, heatPumpW, lightingW } from './continuous';
import { scheduleChores } from './habits-chores';
import { eveningMeal, scheduleKitchen } from './habits-kitchen';
import { scheduleScreens } from './habits-screens';
import type { HomeParams } from './home';
import { type DayContext, DayLoad, type ExactEvent, idx } from './load';
import { occupancy } from './occupancy';
import { Rng, Stream } from './rng';
import { type MeterInts, type MeterMinutes, meterMinutes, roundMeter } from './rounding';
import { ovenUse } from './power';
import { scheduleRoutine } from './routine';
import { dayIrradiance } from './solar';
import { clockMinutes } from './spec';
import { daySky, winterness } from './weather';
import { dayNumberOfDate, indexOfLocalMinute, type LocalDay } from './zone';

export interface ExactDay extends MeterMinutes {
  day: LocalDay;
  /** Household demand, Wh per minute. */
  demandWh: Float64Array;
  events: readonly ExactEvent[];
  away: boolean;
}

export function simulateExactDay(home: HomeParams, day: LocalDay): ExactDay {
  const away = isHoliday(home.spec, day);
  const occ = occupancy(home, day);
  const departure = home.routine?.departures?.find((d) => dayNumberOfDate(d.date) === day.dayNumber);
  const load = new DayLoad(day, departure?.quiet ? [quietIndexes(day, departure.quiet)] : []);
  const sky = daySky(home.weatherSeed, day);
  const sun = dayIrradiance(day, home.latDeg, home.lonDeg, sky.clearness, home.pv);

  const noise = Rng.of(home.seed, Stream.noise, day.dayNumber);
  load.addBackground(baseloadW(home, day, occ, noise));
  load.addBackground(lightingW(home, occ, sun.ghi));
  if (home.owned.fridge_freezer > 0) load.addContinuous('fridge_freezer', fridgeW(home, day));
  if (home.owned.heat_pump > 0) load.addContinuous('heat_pump', heatPumpW(home, day, away, noise));

  if (!away) {
    const ctx: DayContext = {
      home,
      day,
      occ,
      load,
      rng: Rng.of(home.seed, Stream.usage, day.dayNumber),
      weekend: day.dayOfWeek === 0 || day.dayOfWeek === 6,
      winter: winterness(day.dayNumber),
    };
    const meal = eveningMeal(ctx);
    scheduleRoutine({ ...ctx, rng: Rng.of(home.seed, Stream.routine, day.dayNumber) });
    scheduleKitchen(ctx, meal);
    scheduleChores(ctx);
    scheduleScreens(ctx, meal);
    const leftOn = departure?.leftOn;
    if (leftOn) {
      const rng = Rng.of(home.seed, Stream.departure, day.dayNumber);
      load.add(
        leftOn.appliance,
        idx(ctx, clockMinutes(leftOn.at)),
        ovenUse(home.ratings, rng, leftOn.minutes),
      );
    }
  }

  const demandWh = new Float64Array(day.minutes);
  const generationWh = new Float64Array(day.minutes);
  for (let i = 0; i < day.minutes; i++) {
    demandWh[i] = (load.demandW[i] ?? 0) / 60;
    generationWh[i] = (sun.pvW[i] ?? 0) / 60;
  }
  load.events.sort((a, b) => a.startIndex - b.startIndex || a.typeId - b.typeId);
  return { day, demandWh, events: load.events, away, ...meterMinutes(demandWh, generationWh) };
}

/** A quiet span's real minute indexes ('24:00' is the day's end). */
function quietIndexes(day: LocalDay, quiet: { from: string; to: string }): [number, number] {
  const at = (hhmm: string) => {
    const m = clockMinutes(hhmm);
    return m >= 24 * 60 ? day.minutes : indexOfLocalMinute(day, m);
  };
  return [at(quiet.from), at(quiet.to)];
}

export interface IntegerDay extends MeterInts {
  day: LocalDay;
  events: readonly ExactEvent[];
  away: boolean;
}

export function simulateIntegerDay(home: HomeParams, day: LocalDay): IntegerDay {
  const exact = simulateExactDay(home, day);
  return { day, events: exact.events, away: exact.away, ...roundMeter(exact) };
}
