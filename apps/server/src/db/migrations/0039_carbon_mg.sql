-- The days' and months' grid carbon (issue 38: a year in one request): carbon_mg, Σ over a day's electricity
-- half-hours of import Wh × Great Britain's recorded g/kWh (carbon_intensity, 0037), integer mg; NULL when
-- any half-hour with data has no stored intensity, and for gas. The usage reads took it from a join of
-- every half-hour with carbon_intensity (a year: 17,520 rows); now a year reads its 12 months' figures.
-- Written by the one write path and, when an intensity arrives after the readings, by the carbon job
-- (features/readings/carbon-days.ts). Filled here for the stored days; data-steps.ts then rebuilds the
-- days of any house without them, with today's code, which writes these columns.
alter table daily_rollups add column if not exists carbon_mg bigint;
alter table monthly_rollups add column if not exists carbon_mg bigint;

update daily_rollups d
   set carbon_mg = (select case when count(c.slot_start) = d.data_slots
                                then coalesce(sum(h.import_wh * c.g_per_kwh), 0) end
                      from half_hours(d.house_id, 0, d.day_start, d.day_start + d.slots * 1800) h
                      left join carbon_intensity c on c.slot_start = h.slot_start)
 where d.fuel = 0;

update monthly_rollups m
   set carbon_mg = (select case when bool_and(d.carbon_mg is not null) then sum(d.carbon_mg) end
                      from daily_rollups d
                     where d.house_id = m.house_id and d.fuel = 0 and d.day >= m.month
                       and d.day < (m.month + interval '1 month')::date)
 where m.fuel = 0;
