import type { Queryable } from '../db/types';

// What a person says about each catalogue appliance (house_appliances, migration 0003). No row: shown,
// under the catalogue's name and icon, with a count of 0.

export interface HouseApplianceRow {
  appliance_type_id: number;
  name: string;
  appliance_label: string;
  appliance_icon: string;
  show_appliance: boolean;
  number_of_appliances: number;
}

const SELECT = `select t.id as appliance_type_id, t.name,
    coalesce(a.appliance_label, t.name) as appliance_label,
    coalesce(a.appliance_icon, t.icon) as appliance_icon,
    coalesce(a.show_appliance, true) as show_appliance,
    coalesce(a.number_of_appliances, 0)::int as number_of_appliances
  from appliance_types t
  left join house_appliances a on a.appliance_type_id = t.id and a.house_id = $1`;

/** Every catalogue appliance with this house's settings, in catalogue order. */
export async function listHouseAppliances(
  db: Queryable,
  houseId: number,
  catalogueIds: readonly number[],
): Promise<HouseApplianceRow[]> {
  const { rows } = await db.query<HouseApplianceRow>(`${SELECT} where t.id = any($2::int[]) order by t.id`, [
    houseId,
    [...catalogueIds],
  ]);
  return rows;
}

export async function findHouseAppliance(
  db: Queryable,
  houseId: number,
  applianceTypeId: number,
): Promise<HouseApplianceRow | null> {
  const { rows } = await db.query<HouseApplianceRow>(`${SELECT} where t.id = $2`, [houseId, applianceTypeId]);
  return rows[0] ?? null;
}

/** The icons a person may choose from: every icon of the catalogue. */
export async function availableIcons(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ icon: string }>(
    'select distinct icon from appliance_types order by icon',
  );
  return rows.map((r) => r.icon);
}

export interface ApplianceChange {
  number_of_appliances: number;
  appliance_label?: string | undefined;
  appliance_icon?: string | undefined;
  show_appliance?: boolean | undefined;
}

/** Upserts one appliance's settings; a field left out keeps its value (null label/icon = catalogue's). */
export async function saveHouseAppliance(
  db: Queryable,
  houseId: number,
  applianceTypeId: number,
  change: ApplianceChange,
  at: Date,
): Promise<void> {
  await db.query(
    `insert into house_appliances
       (house_id, appliance_type_id, number_of_appliances, appliance_label, appliance_icon, show_appliance, updated_at)
     values ($1, $2, $3, $4::text, $5::text, coalesce($6::boolean, true), $7)
     on conflict (house_id, appliance_type_id) do update set
       number_of_appliances = excluded.number_of_appliances,
       appliance_label = coalesce($4::text, house_appliances.appliance_label),
       appliance_icon = coalesce($5::text, house_appliances.appliance_icon),
       show_appliance = coalesce($6::boolean, house_appliances.show_appliance),
       updated_at = $7`,
    [
      houseId,
      applianceTypeId,
      change.number_of_appliances,
      change.appliance_label ?? null,
      change.appliance_icon ?? null,
      change.show_appliance ?? null,
      at,
    ],
  );
}
