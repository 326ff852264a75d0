// Benches that generate appliance uses in SQL store them as the write path does (migration 0038): one
// use_days row per house and UTC day of the uses' starts, the day's uses as arrays in (start, type) order.

/**
 * SQL storing the uses `uses` selects (columns house_id, appliance_type_id, start_ts, end_ts, energy_wh,
 * cost, estimated); its parameters are the statement's. The uses are materialised once (random values
 * drawn once each); of two with the same house, type and start the first is kept, as an insert's
 * "on conflict do nothing" kept it. The houses must have no uses stored yet on those days.
 */
export const insertUses = (uses: string): string => `
  with u as materialized (
         select distinct on (house_id, appliance_type_id, start_ts) house_id, appliance_type_id,
                start_ts::bigint as start_ts, end_ts::bigint as end_ts, energy_wh::int as energy_wh,
                cost::bigint as cost, estimated::boolean as estimated
           from (${uses}) x
          order by house_id, appliance_type_id, start_ts)
  insert into use_days (house_id, day_start, type_ids, starts, seconds, energy_wh, cost, estimated, last_end)
  select house_id, start_ts - start_ts % 86400,
         array_agg(appliance_type_id order by start_ts, appliance_type_id),
         array_agg((start_ts % 86400)::int order by start_ts, appliance_type_id),
         array_agg(end_ts - start_ts order by start_ts, appliance_type_id),
         array_agg(energy_wh order by start_ts, appliance_type_id),
         array_agg(cost order by start_ts, appliance_type_id),
         array_agg(estimated order by start_ts, appliance_type_id), max(end_ts)
    from u group by house_id, start_ts - start_ts % 86400`;
