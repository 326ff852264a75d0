import type { ActivitySingle } from '@homeview/contract';
import { activityById } from '@homeview/domain';
import type { Queryable } from '../../db/types';
import { notFound } from '../../http/errors';
import { alertsBetween } from './alerts-repository';
import { presentAlerts } from './present';
import type { InfocareHouse } from './repository';

// §3 Activity single: the appliances behind one activity in this home (the activity's catalogue
// appliances it has used, hidden ones left out, each marked when its uses here are all estimated from the
// whole-house meter) and that activity's alerts in [start, end).

export async function activitySingle(
  db: Queryable,
  house: InfocareHouse,
  activityId: number,
  start: number,
  end: number,
  viewerId: number,
): Promise<ActivitySingle> {
  const activity = activityById(activityId);
  if (!activity) throw notFound('No such activity.');
  const { rows } = await db.query<{ id: number; name: string; icon: string; estimated: boolean }>(
    // The house's types used at any time, estimated when every use was: one pass over its days of uses
    // (0038), reading only their types and flags.
    `with used as (
       select u.id, bool_and(u.estimated) as estimated
         from use_days d cross join lateral unnest(d.type_ids, d.estimated) u(id, estimated)
        where d.house_id = $1 group by u.id)
     select t.id, coalesce(ha.appliance_label, t.name) as name, coalesce(ha.appliance_icon, t.icon) as icon,
            coalesce(u.estimated, false) as estimated
       from appliance_types t
       left join house_appliances ha on ha.house_id = $1 and ha.appliance_type_id = t.id
       left join used u on u.id = t.id
      where t.key = any(string_to_array($2, ','))
        and coalesce(ha.show_appliance, true)
        and (u.id is not null or coalesce(ha.number_of_appliances, 0) > 0)
      order by t.id`,
    [house.id, activity.applianceKeys.join(',')],
  );
  const alerts = await alertsBetween(db, house.id, start, end, activityId);
  return {
    activity: {
      activity_type: activity.name,
      appliances: rows.map((r) => ({
        name: r.name,
        appliance_type_id: r.id,
        icon: r.icon,
        ...(r.estimated ? { estimated: true as const } : {}),
      })),
    },
    alerts: await presentAlerts(db, alerts, viewerId),
    time_zone: house.time_zone,
  };
}
