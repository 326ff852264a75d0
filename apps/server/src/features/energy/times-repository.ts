import type { Queryable } from '../../db/types';

// What the coming half-hours need beyond the tariff book: the home's outward code (migration 0034) and
// its recent uses of the appliances a person can put off, named as the person named them, hidden ones
// left out (spec-decisions "Hidden appliances").

export async function postcodeOf(db: Queryable, houseId: number): Promise<string | null> {
  const { rows } = await db.query<{ postcode: string | null }>('select postcode from houses where id = $1', [
    houseId,
  ]);
  return rows[0]?.postcode ?? null;
}

export interface ApplianceUse {
  appliance_type_id: number;
  name: string;
  seconds: number;
  energy_wh: number;
}

/** Uses of the given appliance types that started in [from, to), oldest first. */
export async function usesOf(
  db: Queryable,
  houseId: number,
  typeIds: readonly number[],
  from: number,
  to: number,
): Promise<ApplianceUse[]> {
  const { rows } = await db.query<ApplianceUse>(
    `select e.appliance_type_id, coalesce(ha.appliance_label, t.name) as name,
            (e.end_ts - e.start_ts)::int as seconds, e.energy_wh
       from uses_between($1, $2, $3) e join appliance_types t on t.id = e.appliance_type_id
       left join house_appliances ha on ha.house_id = e.house_id and ha.appliance_type_id = e.appliance_type_id
      where e.appliance_type_id = any(string_to_array($4, ',')::int[]) and coalesce(ha.show_appliance, true)
      order by e.start_ts`,
    [houseId, from, to, typeIds.join(',')],
  );
  return rows.map((r) => ({ ...r, seconds: Number(r.seconds), energy_wh: Number(r.energy_wh) }));
}
