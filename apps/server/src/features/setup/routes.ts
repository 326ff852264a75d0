import { endpoints, type SetupDetail } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { requireUser } from '../../http/auth';
import { notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { listHouseAppliances } from '../../shared/house-appliances';
import { DECLARABLE_APPLIANCES } from '../appliances-catalogue/catalogue';
import { requireHouseOf } from '../../shared/house';
import { findSetup, markSetUp, saveSetup } from './repository';

// §7 GET and POST /common/set_up/ (spec-decisions "Setup": flat form fields; appliance counts go
// through /appliance_settings/). Saving marks the account that answered as set up (§4).

async function loadSetup(db: Queryable, houseId: number): Promise<SetupDetail> {
  const row = await findSetup(db, houseId);
  if (!row) throw notFound('This user has no home.');
  const appliances = await listHouseAppliances(
    db,
    houseId,
    DECLARABLE_APPLIANCES.map((a) => a.id),
  );
  return {
    age_groups: {
      under10: row.under10,
      range10_17: row.range10_17,
      range18_64: row.range18_64,
      range65_74: row.range65_74,
      over74: row.over74,
    },
    employment_statuses: {
      full_time: row.full_time,
      part_time: row.part_time,
      unemployed: row.unemployed,
      pensioner: row.pensioner,
    },
    travel: { commuting: row.commuting, stay_at_home: row.stay_at_home },
    appliances: Object.fromEntries(
      appliances.map((a) => [String(a.appliance_type_id), { name: a.name, number: a.number_of_appliances }]),
    ),
    property_type: row.property_type as SetupDetail['property_type'],
    postcode: row.postcode,
  };
}

export function setupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.setupGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.setupGet.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    return loadSetup(ctx.db, (await requireHouseOf(ctx.db, user_id)).id);
  });

  app.post(endpoints.setupPost.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, ...answers } = parse(endpoints.setupPost.request, request.body);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const houseId = (await requireHouseOf(ctx.db, user_id)).id;
    await ctx.db.transaction(async (tx) => {
      await saveSetup(tx, houseId, answers);
      await markSetUp(tx, auth.user.id);
    });
    return loadSetup(ctx.db, houseId);
  });
}
