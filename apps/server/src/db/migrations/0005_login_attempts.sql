-- Login attempts counted before the password is hashed (issue 11). The old table recorded a failure
-- after the ~160 ms hash, so concurrent wrong passwords all passed the check. Now the check and the
-- count are one step under advisory locks (features/accounts/throttle.ts): an attempt row is written
-- first, removed again when the password was right.
drop table login_failures;

create table login_attempts (
  id bigint generated always as identity primary key,
  account text not null,                    -- the NFKC-normalised username, known or not
  address text not null,                    -- the client address (socket, or proxy header when trusted)
  attempted_at timestamptz not null
);
create index login_attempts_account_idx on login_attempts (account, attempted_at);
create index login_attempts_address_idx on login_attempts (address, attempted_at);
create index login_attempts_time_idx on login_attempts (attempted_at);

-- Addresses an account has logged in from: during an attack on the account, its owner still gets in from
-- them (the account-wide limit is replaced there by a limit on that address's own failures).
create table login_known_addresses (
  user_id integer not null references users (id) on delete cascade,
  address text not null,
  last_success_at timestamptz not null,
  primary key (user_id, address)
);
