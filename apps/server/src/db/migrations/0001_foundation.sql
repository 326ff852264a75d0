-- Accounts, houses, carer links, sessions, login throttling, popups and settings.
-- PostgreSQL 15 SQL (runs unchanged on PGlite's PostgreSQL 18). Instants are timestamptz (UTC).

create table users (
  id integer generated always as identity primary key,
  username text not null unique,          -- NFKC-normalised, case-sensitive as in Django
  email text,
  password_hash text not null,            -- pbkdf2_sha256$iter$salt$hash, or '!…' for no usable password
  created_at timestamptz not null default now(),
  last_login timestamptz,
  disabled boolean not null default false,
  setup_done boolean not null default false
);
create index users_email_idx on users (lower(email));

-- One home per account (its type-1 dashboard). The energy engine hangs meters, readings and tariffs here.
create table houses (
  id integer generated always as identity primary key,
  owner_user_id integer not null unique references users (id) on delete cascade,
  name text not null,
  time_zone text not null default 'Europe/London',
  property_type text check (property_type in ('Flat', 'Detached', 'Semi_detached', 'Terraced', 'End_of_terrace', 'Bungalow')),
  under10 smallint check (under10 >= 0),
  range10_17 smallint check (range10_17 >= 0),
  range18_64 smallint check (range18_64 >= 0),
  range65_74 smallint check (range65_74 >= 0),
  over74 smallint check (over74 >= 0),
  full_time smallint check (full_time >= 0),
  part_time smallint check (part_time >= 0),
  unemployed smallint check (unemployed >= 0),
  pensioner smallint check (pensioner >= 0),
  commuting smallint check (commuting >= 0),
  stay_at_home smallint check (stay_at_home >= 0),
  demo boolean not null default false,
  created_at timestamptz not null default now()
);

-- A carer watches a dependant. Only accepted links grant access (accepted_at null = invitation pending).
create table carer_links (
  id integer generated always as identity primary key,
  carer_user_id integer not null references users (id) on delete cascade,
  dependant_user_id integer not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  accepted_at timestamptz,
  unique (carer_user_id, dependant_user_id),
  check (carer_user_id <> dependant_user_id)
);
create index carer_links_dependant_idx on carer_links (dependant_user_id);

-- id is the SHA-256 (hex) of the cookie token: a leaked table does not yield usable cookies.
create table sessions (
  id text primary key,
  user_id integer not null references users (id) on delete cascade,
  csrf_token text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null
);
create index sessions_user_idx on sessions (user_id);

-- Failed logins, per account name (known or not) and per client address, for sliding-window throttling.
create table login_failures (
  id bigint generated always as identity primary key,
  scope text not null check (scope in ('account', 'address')),
  key text not null,
  failed_at timestamptz not null
);
create index login_failures_key_idx on login_failures (scope, key, failed_at);
create index login_failures_time_idx on login_failures (failed_at);

create table popups (
  id integer generated always as identity primary key,
  title text not null,
  message text not null,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

create table popup_reads (
  user_id integer not null references users (id) on delete cascade,
  popup_id integer not null references popups (id) on delete cascade,
  show_again boolean not null,
  read_at timestamptz not null,
  primary key (user_id, popup_id)
);

-- §7 Settings, one row per user id (a carer's own and, at the infocare level, the dependant's).
-- No row = the defaults: alert_notification 1 (email only), email_report 0 (never).
create table user_settings (
  user_id integer primary key references users (id) on delete cascade,
  name text,
  alert_notification smallint not null default 1 check (alert_notification between 0 and 3),
  email_report smallint not null default 0 check (email_report between 0 and 3),
  revision integer not null default 0,
  updated_at timestamptz not null default now()
);
