import { type ApplianceSetting, endpoints } from '@homeview/contract';
import type { FastifyInstance } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { DECLARABLE_APPLIANCES, isCatalogueId } from '../appliances-catalogue/catalogue';
import { requireHouseOf } from '../../shared/house';
import {
  availableIcons,
  findHouseAppliance,
  type HouseApplianceRow,
  listHouseAppliances,
  saveHouseAppliance,
} from '../../shared/house-appliances';

// §7 GET /list_appliances/, GET and POST /appliance_settings/: the account's appliances (count, label,
// icon, shown or hidden) for its own home or a linked dependant's.

const present = (row: HouseApplianceRow, icons: string[]): ApplianceSetting => ({
  appliance_type_id: row.appliance_type_id,
  appliance_label: row.appliance_label,
  appliance_icon: row.appliance_icon,
  show_appliance: row.show_appliance,
  number_of_appliances: row.number_of_appliances,
  available_icons: icons,
});

function requireCatalogueId(id: number): void {
  if (!isCatalogueId(id))
    throw badRequest('appliance_type_id is not an appliance of the catalogue', 'appliance_type_id');
}

export function applianceSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(endpoints.listAppliances.path, async (request) => {
    const auth = requireUser(request);
    const { user_id } = parse(endpoints.listAppliances.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    const houseId = (await requireHouseOf(ctx.db, user_id)).id;
    const rows = await listHouseAppliances(
      ctx.db,
      houseId,
      DECLARABLE_APPLIANCES.map((a) => a.id),
    );
    return { appliances: rows };
  });

  app.get(endpoints.applianceSettingsGet.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, appliance_type_id } = parse(endpoints.applianceSettingsGet.request, request.query);
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    requireCatalogueId(appliance_type_id);
    const houseId = (await requireHouseOf(ctx.db, user_id)).id;
    const row = await findHouseAppliance(ctx.db, houseId, appliance_type_id);
    if (!row) throw notFound('No such appliance.');
    return present(row, await availableIcons(ctx.db));
  });

  app.post(endpoints.applianceSettingsPost.path, async (request) => {
    const auth = requireUser(request);
    const { user_id, appliance_type_id, ...change } = parse(
      endpoints.applianceSettingsPost.request,
      request.body,
    );
    await assertCanActOn(ctx.db, auth, user_id, request.log);
    requireCatalogueId(appliance_type_id);
    const icons = await availableIcons(ctx.db);
    if (change.appliance_icon !== undefined && !icons.includes(change.appliance_icon))
      throw badRequest('appliance_icon must be one of available_icons', 'appliance_icon');
    const houseId = (await requireHouseOf(ctx.db, user_id)).id;
    await saveHouseAppliance(ctx.db, houseId, appliance_type_id, change, ctx.clock.now());
    const row = await findHouseAppliance(ctx.db, houseId, appliance_type_id);
    if (!row) throw notFound('No such appliance.');
    return present(row, icons);
  });
}
