-- Issue 25: a carer's daily "all is well" message about a dependant, per carer and dependant (channels by
-- the alert_notification codes: 1 email, 2 SMS, 3 both; from at_minute, local minutes in the dependant's
-- zone), and the local days judged: 'sent' (claimed before sending, forgotten when the send failed, so it
-- goes once per carer and day even across restarts and processes), or why it cannot go that day ('alert',
-- 'not_as_usual'), so the day is not judged again every minute.
create table infocare_all_is_well (
  carer_user_id integer not null references users (id) on delete cascade,
  dependant_user_id integer not null references users (id) on delete cascade,
  channels smallint not null check (channels between 0 and 3),
  at_minute smallint not null default 600 check (at_minute between 0 and 1439),
  primary key (carer_user_id, dependant_user_id)
);

create table infocare_all_is_well_days (
  carer_user_id integer not null references users (id) on delete cascade,
  dependant_user_id integer not null references users (id) on delete cascade,
  day date not null,
  judged_at bigint not null,
  outcome text not null check (outcome in ('sent', 'alert', 'not_as_usual')),
  text text,
  primary key (carer_user_id, dependant_user_id, day)
);
