import { COMPARE_MONTHS_MAX, endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import { epochSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { requireHouseOf } from '../../shared/house';
import { compareTariffs } from './compare';
import { comparisonCsv, comparisonCsvName } from './compare-csv';
import { presentComparison } from './compare-present';
import type { RatesOrigin } from './published-rates';
import { presentEnergyView } from './present';
import { energyView } from './service';
import { comingTimes } from './times';

// §7 GET /energy_info/today/ and /energy_info/detail/: the user's own home or, at the infocare level, a
// linked dependant's (authz allows only those ids). A timestamp anywhere in a period selects it; `fuel`
// (additive, default electricity) picks whose rows answer.

/**
 * Where a comparison's published rates are asked (issue 37): OCTOPUS_API_URL, except on a demo server
 * (ctx.demoRates: the Octopus stand-in main.ts starts with DEMO), where a demo home asks the stand-in, so a
 * demo never reaches the internet nor has a made-up price taken for Octopus's; with DEMO_SUPPLIER
 * OCTOPUS_API_URL is that stand-in for every home, and what it serves is kept as the stand-in's too.
 */
function ratesOrigin(ctx: AppContext, demoHome: boolean): RatesOrigin {
  const standin = ctx.demoRates;
  if (standin !== null && (demoHome || ctx.config.octopusApiUrl === standin))
    return { url: standin, source: 'standin' };
  return { url: ctx.config.octopusApiUrl, source: 'api' };
}

export function energyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.energyToday.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, timestamp, fuel } = parse(endpoints.energyToday.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const house = await requireHouseOf(ctx.db, user_id);
    const view = await energyView(ctx.db, house, 'day', timestamp, epochSeconds(ctx.clock.now()), fuel);
    return presentEnergyView(view, { today: true });
  });

  app.get(endpoints.energyDetail.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, timestamp, timescale, fuel } = parse(endpoints.energyDetail.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const house = await requireHouseOf(ctx.db, user_id);
    // A history screen: the read replica when there is one (its own writes are there: ctx.reads).
    const view = await energyView(
      await ctx.reads(request),
      house,
      timescale,
      timestamp,
      epochSeconds(ctx.clock.now()),
      fuel,
    );
    return presentEnergyView(view, { today: false });
  });

  // Additive (issue 37): the last complete months on the home's own tariffs and on candidates.
  app.get(endpoints.energyCompare.path, async (request, reply) => {
    const auth = requireUser(request);
    const { user_id, months, move_kwh, format } = parse(endpoints.energyCompare.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const house = await requireHouseOf(ctx.db, user_id);
    const comparison = await compareTariffs(
      await ctx.reads(request),
      house,
      months ?? COMPARE_MONTHS_MAX,
      epochSeconds(ctx.clock.now()),
      { primary: ctx.db, origin: ratesOrigin(ctx, house.demo) },
      move_kwh, // Wh a day, as the contract parses it
    );
    if (format !== 'csv') return presentComparison(comparison);
    // The monthly table as a file (additive `format=csv`): the same figures, from the same pennies.
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${comparisonCsvName(comparison)}"`)
      .send(comparisonCsv(comparison));
  });

  // Additive (issue 37): the coming half-hours' prices and carbon, the cheapest and greenest windows.
  app.get(endpoints.energyTimes.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.energyTimes.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const house = await requireHouseOf(ctx.db, user_id);
    return comingTimes(
      ctx.db,
      house,
      epochSeconds(ctx.clock.now()),
      ctx.config.carbonIntensityUrl,
      request.log,
    );
  });
}
