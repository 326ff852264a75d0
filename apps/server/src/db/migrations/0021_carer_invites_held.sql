-- An invitation opened by an account whose address is not the one invited (issue 34.7: a link sent to a's
-- address was accepted by b, who then read Mum's alerts). It is held: held_by opened it at held_at, and
-- nobody joins until the carer who sent it confirms (accepted_by, accepted_at) or refuses (refused_at).
alter table carer_invites
  add column held_by integer references users (id) on delete cascade,
  add column held_at bigint,
  add column refused_at bigint;
