-- Password reset by emailed link (issue 9). The link is stateless: an HMAC over the user, the expiry,
-- the current password hash and the last login, so nothing per link is stored and a link dies once the
-- password changes or the person logs in. What is stored: the server's MAC key, made once, and the
-- reset requests of the last hours, for throttling per address and per account.

create table server_secrets (
  name text primary key,
  secret text not null check (length(secret) >= 43),  -- base64url of at least 32 random bytes
  created_at timestamptz not null default now()
);

create table password_reset_requests (
  id bigint generated always as identity primary key,
  scope text not null check (scope in ('account', 'address')),
  key text not null,                      -- the lower-cased email asked for, or the client address
  requested_at timestamptz not null
);
create index password_reset_requests_key_idx on password_reset_requests (scope, key, requested_at);
