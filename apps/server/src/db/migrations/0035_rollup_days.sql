-- Compact half-hour rollups (issue 38): one row per house, fuel and UTC day holding the day's 48 half-hours
-- as integer arrays, instead of one row per half-hour. A row per half-hour (ten columns, a tuple header and
-- a primary-key entry each) cost ~2.5 MB per home-year, two thirds of a home's storage; a day's arrays,
-- compressed in line, cost ~0.3 MB. Element i (1-based) is the half-hour starting at day_start + (i−1)×1800;
-- NULL where the half-hour has no readings. A UTC day is always 48 half-hours, whatever the house's zone
-- (a local day spans two rows), as reading_blocks' blocks are UTC days too.
-- The one writer is the write path (features/readings: writeBatches, and reprice's money); the one read is
-- half_hours(house, fuel, from, to) below; the view `rollups` unfolds every row for tests and ad-hoc SQL.
create table rollup_days (
  house_id integer not null references houses (id) on delete cascade,
  fuel smallint not null check (fuel in (0, 1)),
  day_start bigint not null check (day_start % 86400 = 0),
  covered_s integer[] not null,
  import_wh integer[] not null,            -- Wh: at most ~50,400 in a half-hour (100 kW, reading.ts)
  export_wh integer[] not null,
  generation_wh integer[] not null,
  import_cost bigint[] not null,           -- n£
  export_income bigint[] not null,
  generation_income bigint[] not null,
  primary key (house_id, fuel, day_start)
) with (toast_tuple_target = 128);
-- Compressed in the row (MAIN), never moved out to TOAST: a row is ~700 bytes compressed, ~2.2 KB not,
-- and the low target makes PostgreSQL compress every row, not only those over 2 KB.
alter table rollup_days
  alter column covered_s set storage main,
  alter column import_wh set storage main,
  alter column export_wh set storage main,
  alter column generation_wh set storage main,
  alter column import_cost set storage main,
  alter column export_income set storage main,
  alter column generation_income set storage main;

insert into rollup_days (house_id, fuel, day_start, covered_s, import_wh, export_wh, generation_wh, import_cost,
                         export_income, generation_income)
select k.house_id, k.fuel, k.day_start, array_agg(r.covered_s order by g.i), array_agg(r.import_wh::integer order by g.i),
       array_agg(r.export_wh::integer order by g.i), array_agg(r.generation_wh::integer order by g.i),
       array_agg(r.import_cost order by g.i), array_agg(r.export_income order by g.i),
       array_agg(r.generation_income order by g.i)
  from (select distinct house_id, fuel, slot_start - slot_start % 86400 as day_start from rollups) k
 cross join generate_series(0, 47) g(i)
  left join rollups r on r.house_id = k.house_id and r.fuel = k.fuel and r.slot_start = k.day_start + g.i * 1800
 group by k.house_id, k.fuel, k.day_start;

drop table rollups;

-- The one read: a house's half-hours of a fuel in [lo, hi), in the old row shape. Inlined by the planner
-- (SQL, stable), so only the UTC days that overlap the range are read.
create function half_hours(h integer, f integer, lo bigint, hi bigint)
returns table (slot_start bigint, covered_s integer, import_wh bigint, export_wh bigint, generation_wh bigint,
               import_cost bigint, export_income bigint, generation_income bigint)
language sql stable as $$
  select b.day_start + (u.n - 1) * 1800, u.c, u.iw::bigint, u.ew::bigint, u.gw::bigint, u.ic, u.ei, u.gi
    from rollup_days b
   cross join lateral unnest(b.covered_s, b.import_wh, b.export_wh, b.generation_wh, b.import_cost,
                             b.export_income, b.generation_income) with ordinality u(c, iw, ew, gw, ic, ei, gi, n)
   where b.house_id = h and b.fuel = f and b.day_start > lo - 86400 and b.day_start < hi
     and u.c is not null and b.day_start + (u.n - 1) * 1800 >= lo and b.day_start + (u.n - 1) * 1800 < hi
$$;

-- Every half-hour one per row, as the table was (tests, exports, ad-hoc queries); never written.
create view rollups as
select b.house_id, b.fuel, b.day_start + (u.n - 1) * 1800 as slot_start, u.c as covered_s, u.iw::bigint as import_wh,
       u.ew::bigint as export_wh, u.gw::bigint as generation_wh, u.ic as import_cost, u.ei as export_income,
       u.gi as generation_income
  from rollup_days b
 cross join lateral unnest(b.covered_s, b.import_wh, b.export_wh, b.generation_wh, b.import_cost,
                           b.export_income, b.generation_income) with ordinality u(c, iw, ew, gw, ic, ei, gi, n)
 where u.c is not null;
