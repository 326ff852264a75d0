-- Gas, a first-class fuel (issue 35): every per-house energy table gains `fuel` (0 electricity, 1 gas:
-- the one mapping is apps/server shared/fuel.ts), right after house_id in its key, so a home's gas and
-- electricity at the same instants are different rows, written and read by the same code. Every row
-- stored before is electricity (the default). Keys are rebuilt in place: on a populated database each
-- key's index is rewritten once, inside the migration's transaction.
-- Electricity reads stay one index range: every read names its fuel, so (house_id, fuel, …) is as tight
-- as (house_id, …) was; the rankings' cross-home indexes lead with fuel for the same reason.
-- Re-runnable (if not exists / if exists): tests that rewind one of these tables to an older migration
-- (compact-readings, daily-rollups) run this one again over the others. The days are rebuilt from the
-- half-hours after it (data step `gas`, db/data-steps.ts), for a database from before daily rollups.

alter table reading_blocks add column if not exists fuel smallint not null default 0 check (fuel in (0, 1));
alter table reading_blocks drop constraint if exists reading_blocks_pkey,
  add primary key (house_id, fuel, block_start);

-- Only while rollups is a table: 0034 (rollup_days) made it a view over a table that has its fuel.
do $$
begin
  if exists (select 1 from pg_class where relname = 'rollups' and relkind = 'r') then
    alter table rollups add column if not exists fuel smallint not null default 0 check (fuel in (0, 1));
    alter table rollups drop constraint if exists rollups_pkey, add primary key (house_id, fuel, slot_start);
  end if;
end
$$;

alter table daily_rollups add column if not exists fuel smallint not null default 0 check (fuel in (0, 1));
alter table daily_rollups drop constraint if exists daily_rollups_pkey, add primary key (house_id, fuel, day);
drop index if exists daily_rollups_day_idx;
create index daily_rollups_day_idx on daily_rollups (fuel, day, house_id);

alter table monthly_rollups add column if not exists fuel smallint not null default 0 check (fuel in (0, 1));
alter table monthly_rollups drop constraint if exists monthly_rollups_pkey,
  add primary key (house_id, fuel, month);
drop index if exists monthly_rollups_month_idx;
create index monthly_rollups_month_idx on monthly_rollups (fuel, month, house_id);

-- A fuel's tariff versions are its own dated series (a gas version may start the day an electricity one
-- does), and so are its dynamic prices.
alter table tariffs add column if not exists fuel smallint not null default 0 check (fuel in (0, 1));
alter table tariffs drop constraint if exists tariffs_house_id_start_date_key,
  drop constraint if exists tariffs_house_fuel_start_key,
  add constraint tariffs_house_fuel_start_key unique (house_id, fuel, start_date);

alter table tariff_prices add column if not exists fuel smallint not null default 0 check (fuel in (0, 1));
alter table tariff_prices drop constraint if exists tariff_prices_pkey,
  add primary key (house_id, fuel, rate, slot_start);

-- The readings one per row, now with their fuel (last: a view's columns only grow at the end).
create or replace view readings as
select b.house_id, b.block_start + x.offset_s as start_ts, x.interval_s, x.import_wh, x.export_wh,
       x.generation_wh, b.fuel
  from reading_blocks b
 cross join lateral (
   select sum(u.gap) over (order by u.n)::bigint as offset_s, u.interval_s, u.import_wh, u.export_wh,
          u.generation_wh
     from unnest(b.gaps, b.interval_s, b.import_wh, b.export_wh, b.generation_wh)
          with ordinality u(gap, interval_s, import_wh, export_wh, generation_wh, n)) x;
