-- InfoCare, several carers and a word with the dependant first (issue 25).

-- Who is on an alert: taken once (the first carer to press wins), resolved once with an optional note.
-- taken_by/resolved_by are carers' user ids (null once that account is deleted; resolved_by is also null
-- when the dependant's own "OK" reply resolved it). urgent_at: when the alert became Urgent (raised so or
-- escalated), from which an untaken Urgent alert is sent again once (resent_at).
alter table infocare_alerts
  add column taken_by integer references users (id) on delete set null,
  add column taken_at bigint,
  add column resolved_by integer references users (id) on delete set null,
  add column resolved_at bigint,
  add column resolved_note text,
  add column urgent_at bigint,
  add column resent_at bigint;
-- Alerts from before this release were notified under the old rules: none is sent again now.
update infocare_alerts set urgent_at = raised_at, resent_at = raised_at where level = 'Urgent';
create index infocare_alerts_untaken_urgent_idx on infocare_alerts (urgent_at)
  where urgent_at is not null and taken_at is null and resent_at is null;

-- What a notification says: the alert itself, the same Urgent alert again, "X is on it", "resolved",
-- or the check-in text to the dependant. Unique per alert, recipient, channel, level and kind.
alter table infocare_notifications add column kind text not null default 'alert'
  check (kind in ('alert', 'again', 'taken', 'resolved', 'checkin'));
alter table infocare_notifications drop constraint infocare_notifications_alert_user_channel_level_key;
alter table infocare_notifications
  add constraint infocare_notifications_alert_user_channel_level_kind_key
  unique (alert_id, user_id, channel, level, kind);

-- A carer's invitation to another carer: a single-use signed link (the MAC covers the row's id, the
-- dependant, the address and the expiry; accepted_at makes it single use).
create table carer_invites (
  id integer generated always as identity primary key,
  dependant_user_id integer not null references users (id) on delete cascade,
  invited_by integer references users (id) on delete set null,
  email text not null,
  created_at bigint not null,
  expires_at bigint not null,
  accepted_by integer references users (id) on delete set null,
  accepted_at bigint
);
create index carer_invites_dependant_idx on carer_invites (dependant_user_id);

-- A word with the dependant first: off by default; their own mobile (E.164), the name the text greets
-- them by, and a daily window (local minutes of the day in their home's zone, start < end).
create table infocare_check_in_settings (
  dependant_user_id integer primary key references users (id) on delete cascade,
  enabled boolean not null default false,
  phone text,
  name text,
  window_start smallint not null default 480 check (window_start between 0 and 1439),
  window_end smallint not null default 1260 check (window_end between 1 and 1440),
  check (window_start < window_end)
);

-- One check-in per Warning alert: the number texted, when, until when a reply counts, and the reply.
create table infocare_check_ins (
  alert_id integer primary key references infocare_alerts (id) on delete cascade,
  phone text not null,
  name text not null,
  asked_at bigint not null,
  deadline bigint not null,
  reply text,
  replied_at bigint,
  outcome text not null default 'waiting' check (outcome in ('waiting', 'ok', 'other', 'none'))
);
create index infocare_check_ins_phone_idx on infocare_check_ins (phone) where outcome = 'waiting';
