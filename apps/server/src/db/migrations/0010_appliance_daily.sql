-- Appliance use per house, per appliance type, per local calendar day (house's zone) of the uses' starts
-- (a use belongs to the day it started in, as on every screen): how many uses, their seconds, Wh and n£.
-- Kept equal to the sums of appliance_events on the write path, in the transaction that writes or
-- reprices the events (features/readings/appliance-days.ts); filled from the existing events by the
-- migration's data step. The appliance detail and the week/month appliance lists read these rows.
create table appliance_daily (
  house_id integer not null references houses (id) on delete cascade,
  appliance_type_id integer not null references appliance_types (id),
  day date not null,                        -- the local calendar date the uses started on
  day_start bigint not null,                -- its local midnight, epoch seconds
  uses integer not null,
  seconds bigint not null,                  -- Σ (end_ts − start_ts)
  energy_wh bigint not null,
  cost bigint not null,                     -- n£
  primary key (house_id, day, appliance_type_id)
);
-- Appliance detail: one type's days across homes, read from the index alone.
create index appliance_daily_type_idx on appliance_daily (appliance_type_id, day, house_id)
  include (uses, seconds, energy_wh, cost);
