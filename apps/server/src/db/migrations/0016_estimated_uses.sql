-- Appliance uses estimated from the whole-house meter (issue 24, features/readings/estimates.ts) are
-- stored with the measured ones and marked: every screen and InfoCare read them the same way, and every
-- answer that lists a use says it was estimated. A day's row of a type is estimated when any of its uses
-- is (a house keeps no estimate of a type it measures, so a type's day is one or the other).
alter table appliance_events add column if not exists estimated boolean not null default false;
alter table appliance_daily add column if not exists estimated boolean not null default false;
