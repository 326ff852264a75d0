-- Compact raw readings: one row per house per UTC day (a "block") holding the day's readings as integer
-- arrays, instead of one row per reading. A row per reading cost ~46 MB per home-year of 1-minute data
-- (tuple headers and the primary key's index dominate); a block's arrays are compressed by TOAST, and
-- the start offsets are stored as gaps from the previous reading, which for a regular meter are all the
-- same value and compress to almost nothing. Readings never cross a half-hour, so never a UTC day.
--   gaps[i]   = start[i] − start[i−1] (gaps[1] = start[1] − block_start), seconds, all > 0
--   interval_s, import_wh, export_wh, generation_wh: the readings' values, in start order
-- Every writer (ingest) holds the house's write lock and rewrites a block whole from its merged readings.
create table reading_blocks (
  house_id integer not null,
  block_start bigint not null check (block_start % 86400 = 0),
  gaps integer[] not null,
  interval_s integer[] not null,
  import_wh integer[] not null,
  export_wh integer[] not null,
  generation_wh integer[] not null,
  primary key (house_id, block_start)
);

insert into reading_blocks (house_id, block_start, gaps, interval_s, import_wh, export_wh, generation_wh)
select house_id, block_start,
       array_agg(start_ts - previous order by start_ts)::integer[],
       array_agg(interval_s order by start_ts),
       array_agg(import_wh order by start_ts),
       array_agg(export_wh order by start_ts),
       array_agg(generation_wh order by start_ts)
  from (select r.*, r.start_ts - r.start_ts % 86400 as block_start,
               lag(r.start_ts, 1, r.start_ts - r.start_ts % 86400)
                 over (partition by r.house_id, r.start_ts - r.start_ts % 86400 order by r.start_ts) as previous
          from readings r) x
 group by house_id, block_start;

drop trigger houses_delete_readings on houses;
drop function delete_house_readings();
drop table readings;

-- The readings one per row, as before, for reading (tests, exports, ad-hoc queries); never written.
create view readings as
select b.house_id, b.block_start + x.offset_s as start_ts, x.interval_s, x.import_wh, x.export_wh,
       x.generation_wh
  from reading_blocks b
 cross join lateral (
   select sum(u.gap) over (order by u.n)::bigint as offset_s, u.interval_s, u.import_wh, u.export_wh,
          u.generation_wh
     from unnest(b.gaps, b.interval_s, b.import_wh, b.export_wh, b.generation_wh)
          with ordinality u(gap, interval_s, import_wh, export_wh, generation_wh, n)) x;

-- No foreign key, as before (the ingest locks the house once per batch); the trigger keeps the cascade.
create function delete_house_readings() returns trigger language plpgsql as $$
begin
  delete from reading_blocks where house_id = old.id;
  return old;
end
$$;
create trigger houses_delete_readings after delete on houses
  for each row execute function delete_house_readings();
