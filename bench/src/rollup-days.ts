// Benches that generate half-hours in SQL store them as the write path does (migration 0034): one
// rollup_days row per house and UTC day, the day's 48 half-hours as arrays (NULL where none).

/**
 * SQL storing as electricity the half-hours `slots` selects (columns house_id, slot_start, covered_s,
 * import_wh, export_wh, generation_wh, import_cost, export_income, generation_income); its parameters are
 * the statement's. The slots are materialised once, so random values are drawn once each.
 */
export const insertHalfHours = (slots: string): string => `
  with s as materialized (${slots}),
       k as (select distinct house_id, slot_start - slot_start % 86400 as day_start from s)
  insert into rollup_days (house_id, fuel, day_start, covered_s, import_wh, export_wh, generation_wh,
                           import_cost, export_income, generation_income)
  select k.house_id, 0, k.day_start, array_agg(s.covered_s order by g.i)::int[],
         array_agg(s.import_wh order by g.i)::int[], array_agg(s.export_wh order by g.i)::int[],
         array_agg(s.generation_wh order by g.i)::int[], array_agg(s.import_cost order by g.i)::bigint[],
         array_agg(s.export_income order by g.i)::bigint[], array_agg(s.generation_income order by g.i)::bigint[]
    from k cross join generate_series(0, 47) g(i)
    left join s on s.house_id = k.house_id and s.slot_start = k.day_start + g.i * 1800
   group by k.house_id, k.day_start`;
