-- InfoCare: alerts the engine raises for a dependant's home, what carers did with them, the engine's
-- progress per home, and the durable notification and report queues.

-- One row per house and cause (the domain's cause key): evaluating again never duplicates an alert.
-- raised_at/cleared_at are epoch seconds; evidence says what was expected and when activity was last seen.
create table infocare_alerts (
  id integer generated always as identity primary key,
  house_id integer not null references houses (id) on delete cascade,
  cause text not null,
  kind text not null check (kind in ('morning', 'inactivity', 'long_on', 'unusual_hour', 'no_data')),
  type text not null check (type in ('On', 'Off')),
  level text not null,
  activity_id smallint not null default 0,
  name text not null,
  text text not null,
  icon text not null,
  raised_at bigint not null,
  cleared_at bigint,
  evidence jsonb not null default '{}',
  feedback text,
  feedback_at bigint,
  unique (house_id, cause)
);
create index infocare_alerts_house_time_idx on infocare_alerts (house_id, raised_at desc, id desc);
create index infocare_alerts_open_idx on infocare_alerts (house_id) where cleared_at is null;

-- A carer expanded the alert card (spec-decisions "Alert viewings"); no rows = needs attention.
create table infocare_alert_viewings (
  id bigint generated always as identity primary key,
  alert_id integer not null references infocare_alerts (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  viewed_at bigint not null
);
create index infocare_alert_viewings_alert_idx on infocare_alert_viewings (alert_id);

create table infocare_alert_assessments (
  id bigint generated always as identity primary key,
  alert_id integer not null references infocare_alerts (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  correct boolean not null,
  assessed_at bigint not null
);
create index infocare_alert_assessments_alert_idx on infocare_alert_assessments (alert_id);

-- Where the engine got to per home: a restarted server catches up from here.
create table infocare_progress (
  house_id integer primary key references houses (id) on delete cascade,
  evaluated_at bigint not null
);

-- Durable notifications: queued in the transaction that raises the alert, sent afterwards, at most once
-- per alert, recipient and channel, retried with backoff.
create table infocare_notifications (
  id bigint generated always as identity primary key,
  alert_id integer not null references infocare_alerts (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'suppressed', 'failed')),
  attempts integer not null default 0,
  next_attempt_at bigint not null,
  sent_at bigint,
  last_error text,
  unique (alert_id, user_id, channel)
);
create index infocare_notifications_due_idx on infocare_notifications (next_attempt_at) where status = 'pending';

-- One email report per user and period (e.g. 'daily:2024-11-05'), sent at most once.
create table email_reports_sent (
  user_id integer not null references users (id) on delete cascade,
  period_key text not null,
  sent_at bigint not null,
  primary key (user_id, period_key)
);

-- Where a carer's alert texts go (E.164); null: no texts even when SMS is chosen.
alter table users add column phone text;
