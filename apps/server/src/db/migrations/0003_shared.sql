-- Tables several features share, made once so each reads the same rows: a house's appliances as its
-- people describe them (setup counts, labels, icons, hidden ones), a user's holiday and quiet modes, and
-- the local outbox for mail and SMS when no SMTP server or SMS provider is configured.

-- One row per house and appliance type the person has said something about. No row: the appliance is
-- shown under its catalogue name and icon, and its count is unknown. show_appliance false hides it from
-- the HomeView and InfoCare lists and charts; its energy still counts in the totals.
create table house_appliances (
  house_id integer not null references houses (id) on delete cascade,
  appliance_type_id integer not null references appliance_types (id),
  number_of_appliances smallint not null check (number_of_appliances >= 0),
  appliance_label text,                   -- null: the catalogue name
  appliance_icon text,                    -- null: the catalogue icon
  show_appliance boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (house_id, appliance_type_id)
);

-- Holiday mode and Do Not Disturb, per user id (spec §6: the account's own id if it has one, else the
-- dependant's). No row: both DISABLED. Holiday mode suppresses every notification except 'appliance on'
-- alerts; Do Not Disturb suppresses all of them, during its daily window in the house's zone. Alerts are
-- recorded either way.
create table user_modes (
  user_id integer primary key references users (id) on delete cascade,
  holiday_status text not null default 'DISABLED' check (holiday_status in ('DISABLED', 'ENABLED', 'SCHEDULED')),
  holiday_start bigint,                   -- epoch seconds; kept when not SCHEDULED
  holiday_end bigint,
  dnd_status text not null default 'DISABLED' check (dnd_status in ('DISABLED', 'ENABLED', 'SCHEDULED')),
  dnd_start text,                         -- HH:MM local
  dnd_end text,
  updated_at timestamptz not null default now()
);

-- What would have been sent when no transport is configured (SMTP_URL or SMS_URL unset): a local install
-- can still read a password-reset email or see the alerts it would have texted.
create table outbox_messages (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body_text text not null,
  body_html text,
  created_at timestamptz not null
);
create index outbox_messages_recipient_idx on outbox_messages (recipient, created_at);
