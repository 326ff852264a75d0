import { CHEAPEST_HOURS, type EnergyTimes, GREENEST_HOURS } from '@homeview/contract';
import {
  addDays,
  adviseRun,
  applianceTypeId,
  localDate,
  lowestWindow,
  nanoToPennies,
  pricesVary,
  roundDiv,
  SHIFTABLE_APPLIANCES,
  SLOT_S,
  startOfLocalDate,
  type TimeSlot,
  typicalOf,
} from '@homeview/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/types';
import type { House } from '../../shared/house';
import { houseTariffs } from '../../shared/tariff-book';
import { CARBON_SOURCE, carbonForecast } from '../carbon/client';
import { postcodeOf, usesOf } from './times-repository';

// The coming half-hours of a home (issue 37, "Cheapest and greenest times"): from the current half-hour
// to the end of tomorrow in the home's zone (so 46 or 50 on a clock-change night), each with its import
// price from the home's tariff book and the grid's carbon forecast. A dynamic tariff's half-hour is
// priced only by its published price (never by the default the book would fall back to): one not yet
// published is unknown. Windows start at or after now; the appliance is the shiftable one the home used
// most in the last 28 days, its typical run the middle duration and energy of those uses.

const USES_DAYS = 28;

export async function comingTimes(
  db: Queryable,
  house: Pick<House, 'id' | 'time_zone'>,
  now: number,
  carbonUrl: string,
  log: FastifyBaseLogger,
): Promise<EnergyTimes> {
  const zone = house.time_zone;
  const first = now - (now % SLOT_S);
  const end = startOfLocalDate(addDays(localDate(now, zone), 2), zone);
  const tariffs = await houseTariffs(db, house.id);
  if (tariffs === null) throw new RangeError(`there is no house ${house.id}`);
  const { book } = tariffs;
  const postcode = await postcodeOf(db, house.id);
  const forecast = await carbonForecast(carbonUrl, postcode, now, log);

  const slots: (TimeSlot & { index: string | null })[] = [];
  for (let start = first; start < end; start += SLOT_S) {
    const rate = book.versionAt(start)?.import;
    const price = rate?.type === 'dynamic' ? (rate.prices.get(start) ?? null) : book.rateAt('import', start);
    const carbon = forecast.slots.get(start);
    slots.push({ start, price, carbon: carbon?.forecast ?? null, index: carbon?.index ?? null });
  }
  const dynamic = book.versionAt(now)?.import?.type === 'dynamic';
  const coming = slots.filter((s) => s.start >= now);
  const varies = pricesVary(slots);
  const cheapest = varies ? lowestWindow(coming, CHEAPEST_HOURS * 2, (s) => s.price) : null;
  const greenest = lowestWindow(coming, GREENEST_HOURS * 2, (s) => s.carbon);

  return {
    now,
    tariff: dynamic ? 'dynamic' : varies ? 'time_of_use' : 'single',
    price_unit: 'µ£/kWh',
    carbon_unit: 'gCO2/kWh',
    slots: slots.map((s) => ({ start: s.start, price: s.price, carbon: s.carbon, carbon_index: s.index })),
    cheapest: cheapest && {
      start: cheapest.start,
      end: cheapest.end,
      hours: CHEAPEST_HOURS,
      average: roundDiv(cheapest.sum, cheapest.slots),
    },
    greenest: greenest && {
      start: greenest.start,
      end: greenest.end,
      hours: GREENEST_HOURS,
      average: roundDiv(greenest.sum, greenest.slots),
    },
    appliance: varies ? await applianceAdvice(db, house.id, now, slots) : null,
    carbon: { status: forecast.status, region: forecast.region, postcode, source: CARBON_SOURCE },
    time_zone: zone,
  };
}

async function applianceAdvice(
  db: Queryable,
  houseId: number,
  now: number,
  slots: readonly TimeSlot[],
): Promise<EnergyTimes['appliance']> {
  const ids = SHIFTABLE_APPLIANCES.map((key) => applianceTypeId(key));
  const uses = await usesOf(db, houseId, ids, now - USES_DAYS * 86_400, now);
  if (uses.length === 0) return null;
  // The most used; on a tie the first in SHIFTABLE_APPLIANCES' order (the dishwasher).
  const counts = ids.map((id) => uses.filter((u) => u.appliance_type_id === id).length);
  const id = ids[counts.indexOf(Math.max(...counts))] as number;
  const own = uses.filter((u) => u.appliance_type_id === id);
  const minutes = Math.max(1, roundDiv(typicalOf(own.map((u) => u.seconds)), 60));
  const energyWh = typicalOf(own.map((u) => u.energy_wh));
  const advice = adviseRun(now, minutes * 60, energyWh, slots);
  const nowPence = advice.now === null ? null : nanoToPennies(advice.now);
  const bestPence = advice.best === null ? null : nanoToPennies(advice.best.cost);
  // Said only when it saves at least a penny as shown.
  const better = bestPence !== null && (nowPence === null || bestPence < nowPence);
  return {
    appliance_type_id: id,
    name: (own[0] as { name: string }).name,
    uses: own.length,
    duration_minutes: minutes,
    energy_wh: energyWh,
    now_pence: nowPence,
    best_start: better ? (advice.best?.start ?? null) : null,
    best_pence: better ? bestPence : null,
  };
}
