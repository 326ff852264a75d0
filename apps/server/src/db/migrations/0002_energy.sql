-- The energy engine: raw readings, half-hour rollups (energy and money), dated tariffs, the appliance
-- catalogue and appliance events, and device keys for ingest.
-- Units: energy integer Wh; unit prices integer µ£/kWh; money integer n£ (Wh × µ£/kWh). Instants are
-- epoch seconds (bigint, UTC); local days are computed by @homeview/domain in the house's time zone.

-- Ingest keys for devices and scripts: only a SHA-256 of the key is stored.
create table house_api_keys (
  id integer generated always as identity primary key,
  house_id integer not null references houses (id) on delete cascade,
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index house_api_keys_house_idx on house_api_keys (house_id);

-- Raw readings: energy over [start_ts, start_ts + interval_s), never crossing a half-hour boundary.
-- House + instant is the key, so the same reading sent again is a no-op (first one wins).
-- No foreign key: its per-row check doubled the cost of a bulk insert (a year of 1-minute readings:
-- ~18 s instead of ~6 s on PGlite). The ingest checks the house once per batch, holding a KEY SHARE
-- lock on its row as the foreign key would, and the trigger below keeps the cascade on delete.
create table readings (
  house_id integer not null,
  start_ts bigint not null,
  interval_s integer not null check (interval_s between 1 and 1800),
  import_wh integer not null check (import_wh >= 0),
  export_wh integer not null check (export_wh >= 0),
  generation_wh integer not null check (generation_wh >= 0),
  primary key (house_id, start_ts)
);

create function delete_house_readings() returns trigger language plpgsql as $$
begin
  delete from readings where house_id = old.id;
  return old;
end
$$;
create trigger houses_delete_readings after delete on houses
  for each row execute function delete_house_readings();

-- One row per house per half-hour that has readings; kept equal to the sums of `readings` as data arrives
-- and repriced when a tariff changes. Screens read only this table, never `readings`.
create table rollups (
  house_id integer not null references houses (id) on delete cascade,
  slot_start bigint not null,              -- epoch seconds, a multiple of 1800
  covered_s integer not null,              -- seconds of the slot covered by readings (1800 = complete)
  import_wh bigint not null,
  export_wh bigint not null,
  generation_wh bigint not null,
  import_cost bigint not null,             -- n£
  export_income bigint not null,           -- n£
  generation_income bigint not null,       -- n£
  primary key (house_id, slot_start)
);

-- Dated tariffs: a version applies from its local start date until the next version's. `tariff` holds
-- @homeview/domain's stored (integer-only) form, dynamic price series included.
create table tariffs (
  id integer generated always as identity primary key,
  house_id integer not null references houses (id) on delete cascade,
  start_date date not null,
  tariff jsonb not null,
  created_at timestamptz not null default now(),
  unique (house_id, start_date)
);

-- The appliance catalogue (ids from @homeview/simulator's catalogue, upserted at start).
create table appliance_types (
  id integer primary key,
  key text not null unique,
  name text not null,
  icon text not null,
  continuous boolean not null default false  -- fridge-freezer, heat pump: always cycling, not "used"
);

-- Appliance events: an appliance ran from start_ts to end_ts using energy_wh, costing cost (n£) at the
-- import rate in force (repriced with the rollups).
create table appliance_events (
  house_id integer not null references houses (id) on delete cascade,
  appliance_type_id integer not null references appliance_types (id),
  start_ts bigint not null,
  end_ts bigint not null check (end_ts > start_ts),
  energy_wh integer not null check (energy_wh >= 0),
  cost bigint not null default 0,
  primary key (house_id, appliance_type_id, start_ts)
);
create index appliance_events_house_time_idx on appliance_events (house_id, start_ts);
