import type { ApplianceUse, DataGap } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import type { House } from '../../shared/house';

// What the InfoCare engine and screens read of a home: appliance runs (background loads excluded by the
// domain's mapping), day coverage from the daily rollups, data gaps from the half-hour rollups (never the
// raw readings: a slot's covered_s says how much of it had data) and the newest data received.

/** Values as one comma-separated parameter, for `string_to_array($n, ',')` (a batch of homes in one statement). */
export const list = (values: readonly (number | string)[]): string => values.join(',');

/** What the engine needs of a house (shared/house.ts `houseOf` reads a user's). */
export type InfocareHouse = Pick<House, 'id' | 'owner_user_id' | 'time_zone'>;

/** Houses someone watches (an accepted carer link to their owner): the ones the engine evaluates. */
export async function watchedHouses(db: Queryable): Promise<InfocareHouse[]> {
  const { rows } = await db.query<InfocareHouse>(
    `select h.id, h.owner_user_id, h.time_zone from houses h
      where exists (select 1 from carer_links l where l.dependant_user_id = h.owner_user_id
                      and l.accepted_at is not null)
      order by h.id`,
  );
  return rows;
}

/** Runs starting in [from, to), with their catalogue key. `hiddenToo` false leaves out hidden appliances. */
export async function applianceUses(
  db: Queryable,
  houseId: number,
  from: number,
  to: number,
  hiddenToo = true,
): Promise<(ApplianceUse & { name: string; icon: string })[]> {
  const { rows } = await db.query<{
    appliance_type_id: number;
    key: string;
    name: string;
    icon: string;
    start_ts: number;
    end_ts: number;
    estimated: boolean;
  }>(
    `select e.appliance_type_id, t.key, coalesce(ha.appliance_label, t.name) as name,
            coalesce(ha.appliance_icon, t.icon) as icon, e.start_ts, e.end_ts, e.estimated
       from uses_between($1, $2, $3) e
       join appliance_types t on t.id = e.appliance_type_id
       left join house_appliances ha on ha.house_id = e.house_id and ha.appliance_type_id = e.appliance_type_id
      where not t.continuous
        and ($4 or coalesce(ha.show_appliance, true))
      order by e.start_ts`,
    [houseId, from, to, hiddenToo],
  );
  return rows.map((r) => ({
    applianceTypeId: r.appliance_type_id,
    applianceKey: r.key,
    name: r.name,
    icon: r.icon,
    start: r.start_ts,
    end: r.end_ts,
    ...(r.estimated ? { estimated: true } : {}),
  }));
}

/**
 * Data gaps in [from, lastData): each half-hour's missing seconds (1800 − covered_s; slots without a row
 * miss all of theirs), placed at the slot's end. Inactivity needs how much silence had data, not where in
 * the half-hour it fell. The open gap after the newest data is added by the caller.
 */
export function gapsFromSlots(covered: ReadonlyMap<number, number>, from: number, until: number): DataGap[] {
  const gaps: DataGap[] = [];
  for (let slot = from - (from % 1800); slot + 1800 <= until; slot += 1800) {
    const c = covered.get(slot) ?? 0;
    if (c >= 1800) continue;
    const start = Math.max(from, slot + c);
    const last = gaps.at(-1);
    if (last && last.end === start) last.end = slot + 1800;
    else gaps.push({ start, end: slot + 1800 });
  }
  return gaps;
}
