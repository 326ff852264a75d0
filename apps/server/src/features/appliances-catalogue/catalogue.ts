import { APPLIANCE_CATALOGUE, type ApplianceKey } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import type { ApplianceType } from '../../ingest/formats';

// The one bridge between the names sensor files use (the formats layer's snake_case ApplianceType) and
// the catalogue the product shows (@homeview/domain's APPLIANCE_CATALOGUE, whose ids are the
// appliance_types rows). A sensor type with no catalogue entry maps to null: its events are not stored
// and the ingest answer lists its column as skipped.

export const CATALOGUE_KEY_OF: Readonly<Record<ApplianceType, ApplianceKey | null>> = {
  kettle: 'kettle',
  microwave: 'microwave',
  washing_machine: 'washing_machine',
  dishwasher: 'dishwasher',
  electric_shower: 'electric_shower',
  tumble_dryer: 'tumble_dryer',
  washer_dryer: 'washing_machine', // the catalogue has no combined machine; its washing is what it does most
  fridge: 'fridge_freezer',
  freezer: 'fridge_freezer',
  fridge_freezer: 'fridge_freezer',
  oven: 'oven',
  hob: 'hob',
  cooker: 'oven', // a cooker is an oven with a hob on top; the oven dominates its energy
  toaster: 'toaster',
  immersion_heater: null,
  ev_charger: 'ev_charger',
  heat_pump: 'heat_pump',
  television: 'television',
  computer: 'computer',
};

/** Real appliances only: 'lighting' and 'baseload' are load categories that never have events. */
export const CATALOGUE_APPLIANCES = APPLIANCE_CATALOGUE.filter((a) => a.kind === 'appliance');

/** What a person can say they own (setup, appliance settings): not 'activity', the meter's unrecognised
 *  loads (estimated uses only, issue 24). */
export const DECLARABLE_APPLIANCES = CATALOGUE_APPLIANCES.filter((a) => a.key !== 'activity');

const idByKey = new Map<string, number>(CATALOGUE_APPLIANCES.map((a) => [a.key, a.id]));

/** The appliance_types id for a sensor file's appliance type, or null when the catalogue lacks it. */
export function catalogueIdOf(type: ApplianceType): number | null {
  const key = CATALOGUE_KEY_OF[type];
  return key === null ? null : (idByKey.get(key) ?? null);
}

export function isCatalogueId(id: number): boolean {
  return CATALOGUE_APPLIANCES.some((a) => a.id === id);
}

/**
 * Upserts the catalogue into appliance_types (run by `migrate` after the schema, so every database the
 * server, the CLI or a test opens has it). Idempotent; a renamed appliance or new icon is updated in place.
 */
export async function seedApplianceTypes(db: Queryable): Promise<void> {
  const list = CATALOGUE_APPLIANCES;
  await db.query(
    `insert into appliance_types (id, key, name, icon, continuous)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::boolean[])
     on conflict (id) do update
       set key = excluded.key, name = excluded.name, icon = excluded.icon, continuous = excluded.continuous
       where (appliance_types.key, appliance_types.name, appliance_types.icon, appliance_types.continuous)
         is distinct from (excluded.key, excluded.name, excluded.icon, excluded.continuous)`,
    [
      list.map((a) => a.id),
      list.map((a) => a.key),
      list.map((a) => a.name),
      list.map((a) => a.icon),
      list.map((a) => a.continuous),
    ],
  );
}
