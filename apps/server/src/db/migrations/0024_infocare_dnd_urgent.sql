-- Do Not Disturb may let Urgent alerts through (issue 33 item 12): the carer chooses. Off by default, as
-- before: Do Not Disturb holds every notification, and the page says so.
alter table user_modes add column dnd_urgent_through boolean not null default false;
