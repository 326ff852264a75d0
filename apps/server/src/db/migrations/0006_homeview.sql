-- HomeView (issue 6): feedback a person sends from /my-home/feedback, and the index that lets an
-- appliance's detail compare it with the same appliance in other homes without touching other types.

create table feedback (
  id bigint generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,   -- whose home it is about
  sent_by integer references users (id) on delete set null,            -- the session's user (a carer may send it)
  feedback text not null check (length(feedback) between 1 and 5000),
  created_at timestamptz not null
);
create index feedback_user_idx on feedback (user_id, created_at);

-- Appliance detail: one appliance type's uses across homes over the last weeks, as an index range.
create index appliance_events_type_time_idx on appliance_events (appliance_type_id, start_ts);
