import { endpoints } from '@homeview/contract';
import { localDate, parseTariffPatch, type TariffPatch, TariffJsonError } from '@homeview/domain';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { requireUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { presentTariff } from './present';
import { houseOf } from '../../shared/house';
import { ELECTRICITY, type Fuel } from '../../shared/fuel';
import { defaultSeriesOf, houseTariffs } from '../../shared/tariff-book';
import { writeTariff } from './service';

// §7 GET and POST /tariff_setting/ for the house owned by user_id (the user's own, or at the infocare
// level their linked dependant's). A write is a patch from start_date (default today, house's zone).
// `fuel` (additive, default electricity) picks the gas tariff: its own versions, its own default (cap).

async function tariffHouseOf(db: Queryable, userId: number, fuel: Fuel) {
  const houseId = (await houseOf(db, userId))?.id;
  const house = houseId === undefined ? null : await houseTariffs(db, houseId, fuel);
  if (houseId === undefined || house === null) throw notFound('This user has no home, so no tariff.');
  return { houseId, ...house };
}

function patchOf(tariff: Parameters<typeof parseTariffPatch>[0]): TariffPatch {
  try {
    return parseTariffPatch(tariff);
  } catch (error) {
    if (error instanceof TariffJsonError)
      throw badRequest(`tariff.${error.message}`, `tariff.${error.field}`);
    throw error;
  }
}

export function tariffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const today = (zone: string) => localDate(Math.floor(ctx.clock.now().getTime() / 1000), zone);

  app.get(endpoints.tariffGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, fuel = ELECTRICITY } = parse(endpoints.tariffGet.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const house = await tariffHouseOf(ctx.db, user_id, fuel);
    return presentTariff(house.versions, today(house.zone), defaultSeriesOf(fuel));
  });

  app.post(endpoints.tariffPost.path, async (request) => {
    const auth = requireUser(request);
    const {
      user_id,
      tariff,
      start_date,
      fuel = ELECTRICITY,
    } = parse(endpoints.tariffPost.request, request.body);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const patch = patchOf(tariff);
    const { houseId, zone } = await tariffHouseOf(ctx.db, user_id, fuel);
    const startDate = start_date ?? today(zone);
    if (startDate < '2000-01-01' || startDate > '2099-12-31')
      throw badRequest('start_date must be from 2000-01-01 to 2099-12-31', 'start_date');
    const pause = () => ctx.requests.pauseFor(ctx.db, request);
    await writeTariff(ctx.db, houseId, patch, startDate, pause, fuel);
    const house = await tariffHouseOf(ctx.db, user_id, fuel);
    return presentTariff(house.versions, today(house.zone), defaultSeriesOf(fuel));
  });
}
