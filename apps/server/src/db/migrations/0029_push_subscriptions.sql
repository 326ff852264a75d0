-- Web Push (issue 36): each browser a carer asked to be notified on (push/subscriptions.ts). A carer may
-- have several; a row is theirs alone (the same browser signed in as two people is two rows). The keys are
-- the browser's public ones (RFC 8291), not secrets of ours. A row the push service answers 404 or 410 for
-- is deleted.
create table push_subscriptions (
  id integer generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  created_at bigint not null,
  unique (user_id, endpoint)
);

-- Push is a channel of the notification queue beside email and SMS.
alter table infocare_notifications drop constraint infocare_notifications_channel_check;
alter table infocare_notifications add constraint infocare_notifications_channel_check
  check (channel in ('email', 'sms', 'push'));

-- The channel bits (alert_notification's, and the daily all-is-well's) gain 4 = push.
alter table user_settings drop constraint user_settings_alert_notification_check;
alter table user_settings add constraint user_settings_alert_notification_check
  check (alert_notification between 0 and 7);
alter table infocare_all_is_well drop constraint infocare_all_is_well_channels_check;
alter table infocare_all_is_well add constraint infocare_all_is_well_channels_check
  check (channels between 0 and 7);
