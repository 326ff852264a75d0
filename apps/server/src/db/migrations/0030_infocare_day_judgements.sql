-- A day-late InfoCare (issue 36): a home whose only data is its meter's half-hours, published the next
-- morning, gets yesterday judged once, as soon as all of its 46, 48 or 50 half-hours are stored
-- (features/infocare/day-late.ts). Additive: a new alert kind beside the five, and the record of each day
-- judged, so a second run, a restart or a second server judges none again.

alter table infocare_alerts drop constraint infocare_alerts_kind_check;
alter table infocare_alerts add constraint infocare_alerts_kind_check
  check (kind in ('morning', 'inactivity', 'long_on', 'unusual_hour', 'no_data', 'unusual_day'));

-- One row per home and local day judged: 'ordinary' (inside her band), 'warning' (the alert raised),
-- 'no_band' (fewer than 14 ordinary days before it to judge by). judged_at in epoch seconds.
create table infocare_day_judgements (
  house_id integer not null references houses (id) on delete cascade,
  day date not null,
  judged_at bigint not null,
  outcome text not null check (outcome in ('ordinary', 'warning', 'no_band')),
  alert_id integer references infocare_alerts (id) on delete set null,
  primary key (house_id, day)
);
