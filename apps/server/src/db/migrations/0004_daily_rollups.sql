-- Daily and monthly rollups: per house, per local calendar day (house's zone) and per local month that
-- has readings, kept equal to the sums of the half-hour rollups as data arrives, on reprice and for late
-- data, in the writer's transaction. Week, month and year views and rankings across homes read these
-- rows, never the half-hours: a year of one home is 12 monthly rows, a month of 1,000 homes 1,000 rows.
-- Filled from the existing half-hours by the migration's data step (db/data-steps.ts), which prices each
-- day's standing charge. Coverage: covered_s / seconds of the period (a day has slots × 1800).
create table daily_rollups (
  house_id integer not null references houses (id) on delete cascade,
  day date not null,                        -- the local calendar date
  day_start bigint not null,                -- its local midnight, epoch seconds
  slots smallint not null,                  -- half-hours the day has: 48, or 46 / 50 on clock-change days
  data_slots smallint not null,             -- half-hours with at least one reading
  covered_s integer not null,               -- seconds covered by readings (slots × 1800 = complete)
  first_ts bigint not null,                 -- start of the day's first half-hour with data
  latest_end bigint not null,               -- end of its newest data: last half-hour with data + covered_s
  import_wh bigint not null,
  export_wh bigint not null,
  generation_wh bigint not null,
  consumed_wh bigint not null,              -- Σ per half-hour of import + max(0, generation − export)
  import_cost bigint not null,              -- n£, each half-hour at its import rate
  export_income bigint not null,            -- n£
  generation_income bigint not null,        -- n£
  standing_charge bigint not null,          -- n£, the day's charge at the tariff in force that day
  primary key (house_id, day)
);
-- Rankings over weeks: every home's rows for the period's days, no other day touched.
create index daily_rollups_day_idx on daily_rollups (day, house_id);

-- The same sums per local calendar month (month = its first day), from the month's daily rollups.
create table monthly_rollups (
  house_id integer not null references houses (id) on delete cascade,
  month date not null,                      -- the month's first day
  days smallint not null,                   -- days of the month with data
  data_slots integer not null,
  covered_s integer not null,
  first_ts bigint not null,
  latest_end bigint not null,
  import_wh bigint not null,
  export_wh bigint not null,
  generation_wh bigint not null,
  consumed_wh bigint not null,
  import_cost bigint not null,
  export_income bigint not null,
  generation_income bigint not null,
  standing_charge bigint not null,          -- n£, the charges of the days with data
  primary key (house_id, month)
);
create index monthly_rollups_month_idx on monthly_rollups (month, house_id);
