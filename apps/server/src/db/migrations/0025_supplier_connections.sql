-- Supplier accounts (issue 35, features/suppliers): a home's account with its energy supplier (Octopus,
-- Bright), whose smart meters' half-hours are fetched (13 months first, then kept up) and written through
-- the one write path. `credentials` is sealed (AES-256-GCM, shared/secrets.ts) with a key that is never in
-- this database (SECRETS_KEY, or a file in the embedded database's data directory). Instants are epoch
-- seconds. Disconnecting deletes the connection and its meters; the stored readings stay.
create table supplier_connections (
  id integer generated always as identity primary key,
  house_id integer not null references houses (id) on delete cascade,
  kind text not null check (kind in ('octopus', 'bright')),
  credentials text not null,
  -- The last 4 characters of the account number or of the email's name part: what the screen shows.
  account_end text not null,
  state text not null default 'filling'
    check (state in ('filling', 'up_to_date', 'retrying', 'credentials_refused')),
  problem text,
  -- The first fill starts here (the local day 13 months before connecting).
  fill_from bigint not null,
  created_at bigint not null,
  last_fetch_at bigint,
  next_fetch_at bigint,
  -- Failed passes in a row (the backoff's exponent), 0 after a pass that went well.
  failures integer not null default 0,
  progress integer check (progress between 0 and 100),
  -- When the owner was told the credentials stopped working (once per refusal; cleared on reconnecting).
  refused_mailed_at bigint,
  unique (house_id, kind)
);
create index supplier_connections_due on supplier_connections (next_fetch_at);

create table supplier_meters (
  id integer generated always as identity primary key,
  connection_id integer not null references supplier_connections (id) on delete cascade,
  fuel text not null check (fuel in ('electricity', 'gas')),
  direction text not null check (direction in ('import', 'export')),
  -- MPAN or MPRN (Octopus), resource id (Bright); shown only as its last 4 characters.
  point text not null,
  -- The meter's serials in the supplier's order: a swapped meter is a second serial on the same point.
  serials jsonb not null default '[]',
  unit text not null check (unit in ('kWh', 'm3')),
  -- Whether its half-hours are stored (gas is found and listed, not fetched yet).
  stored boolean not null,
  -- Everything before this (a local day's start) is fetched and final: complete, or past re-reading.
  resume_at bigint,
  -- The end of the last complete local day stored.
  data_through bigint,
  unique (connection_id, fuel, direction, point)
);

-- Connect attempts per account in the last hour: one limit across servers and restarts, as device adds
-- (features/suppliers/attempts.ts counts them under the account's lock, as devices/lookups.ts does).
create table supplier_attempts (
  user_id integer not null references users (id) on delete cascade,
  at bigint not null
);
create index supplier_attempts_user on supplier_attempts (user_id, at);
