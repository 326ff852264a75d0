-- The SMS provider's replies, each counted once (issue 34.10): a delivery sent again (the provider retries
-- after a timeout) carries the same message id, and is ignored. Ids are kept 7 days (pruned as replies come).
create table sms_replies_seen (
  message_id text primary key,
  received_at bigint not null
);
create index sms_replies_seen_received_idx on sms_replies_seen (received_at);

-- A reply while several check-ins wait on one number (a phone two dependants share) counts for the newest;
-- the others end 'shared', and their carers are told at once that it was not counted for them.
alter table infocare_check_ins drop constraint infocare_check_ins_outcome_check;
alter table infocare_check_ins add constraint infocare_check_ins_outcome_check
  check (outcome in ('waiting', 'ok', 'other', 'none', 'shared'));
