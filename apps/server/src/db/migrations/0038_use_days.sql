-- Compact appliance uses (issue 38): one row per house and UTC day of the uses' starts, the day's uses as
-- parallel arrays, instead of one row per use. A row per use (seven columns, a tuple header and two index
-- entries each) cost ~0.66 MB of a meter-only home-year, a third of its storage; a day's arrays, compressed
-- in line, and one index entry a day cost far less (`npm run bench storage`, bench/NOTES.md).
-- Element i of every array is one use: its appliance type, its start as seconds after day_start, its
-- length in seconds, Wh, n£ and whether it was estimated from the whole-house meter (0016); ordered by
-- (start, type). A use belongs to the UTC day its start is in, whatever its length. `last_end` is the
-- latest end of the row's uses, so reads of the uses running at an instant skip the days that ended before.
-- The one writer is mergeUses (features/readings/use-days.ts), inside the write's transaction; the reads are
-- uses_between (uses that start in a range) and uses_overlapping (uses running in a range) below, each
-- reading only the day rows it needs; the view `appliance_events` unfolds every row as the table was.
create table use_days (
  house_id integer not null references houses (id) on delete cascade,
  day_start bigint not null check (day_start % 86400 = 0),
  type_ids integer[] not null,
  starts integer[] not null,               -- seconds after day_start: 0 … 86,399
  seconds bigint[] not null,               -- end − start (> 0)
  energy_wh integer[] not null,
  cost bigint[] not null,                  -- n£ at the import rates the use ran through
  estimated boolean[] not null,
  last_end bigint not null,
  primary key (house_id, day_start),
  check (cardinality(type_ids) > 0)
) with (toast_tuple_target = 128);
-- Compressed in the row (MAIN), never moved out to TOAST, as rollup_days (0035).
alter table use_days
  alter column type_ids set storage main,
  alter column starts set storage main,
  alter column seconds set storage main,
  alter column energy_wh set storage main,
  alter column cost set storage main,
  alter column estimated set storage main;

insert into use_days (house_id, day_start, type_ids, starts, seconds, energy_wh, cost, estimated, last_end)
select house_id, start_ts - start_ts % 86400,
       array_agg(appliance_type_id order by start_ts, appliance_type_id),
       array_agg((start_ts % 86400)::integer order by start_ts, appliance_type_id),
       array_agg(end_ts - start_ts order by start_ts, appliance_type_id),
       array_agg(energy_wh order by start_ts, appliance_type_id),
       array_agg(cost order by start_ts, appliance_type_id),
       array_agg(estimated order by start_ts, appliance_type_id),
       max(end_ts)
  from appliance_events
 group by house_id, start_ts - start_ts % 86400;

drop table appliance_events;

-- The day rows' arrays unfolded one use per row. Unnested in the select list (one pass over the row's arrays in
-- step), not in FROM: a FROM unnest of several arrays stores each row's elements first, ~20% slower here.
-- A house's uses that start in [lo, hi), in the old row shape. Inlined by the planner (SQL, stable), so only
-- the UTC days that hold such starts are read (the primary key's range).
create function uses_between(h integer, lo bigint, hi bigint)
returns table (house_id integer, appliance_type_id integer, start_ts bigint, end_ts bigint, energy_wh integer,
               cost bigint, estimated boolean)
language sql stable as $$
  select u.house_id, u.t, u.day_start + u.s, u.day_start + u.s + u.n, u.w, u.c, u.e
    from (select d.house_id, d.day_start, unnest(d.type_ids) as t, unnest(d.starts) as s, unnest(d.seconds) as n,
                 unnest(d.energy_wh) as w, unnest(d.cost) as c, unnest(d.estimated) as e
            from use_days d
           where d.house_id = h and d.day_start > lo - 86400 and d.day_start < hi) u
   where u.day_start + u.s >= lo and u.day_start + u.s < hi
$$;

-- A house's uses running in [lo, hi): started before hi, ending after lo (a use has no longest length, so
-- the days before hi are passed over on last_end, their arrays left unread).
create function uses_overlapping(h integer, lo bigint, hi bigint)
returns table (house_id integer, appliance_type_id integer, start_ts bigint, end_ts bigint, energy_wh integer,
               cost bigint, estimated boolean)
language sql stable as $$
  select u.house_id, u.t, u.day_start + u.s, u.day_start + u.s + u.n, u.w, u.c, u.e
    from (select d.house_id, d.day_start, unnest(d.type_ids) as t, unnest(d.starts) as s, unnest(d.seconds) as n,
                 unnest(d.energy_wh) as w, unnest(d.cost) as c, unnest(d.estimated) as e
            from use_days d
           where d.house_id = h and d.day_start < hi and d.last_end > lo) u
   where u.day_start + u.s < hi and u.day_start + u.s + u.n > lo
$$;

-- Every use one per row, as the table was (readers of a house's whole history, tests, ad-hoc SQL); never
-- written: mergeUses is the one writer.
create view appliance_events as
select u.house_id, u.t as appliance_type_id, u.day_start + u.s as start_ts, u.day_start + u.s + u.n as end_ts,
       u.w as energy_wh, u.c as cost, u.e as estimated
  from (select d.house_id, d.day_start, unnest(d.type_ids) as t, unnest(d.starts) as s, unnest(d.seconds) as n,
               unnest(d.energy_wh) as w, unnest(d.cost) as c, unnest(d.estimated) as e
          from use_days d) u;
