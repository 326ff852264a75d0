-- An untaken Urgent alert is sent again every 15 minutes until a carer takes it (issue 36), where it was
-- sent again once: each re-send is a round of 'again' rows, numbered, so the queue keeps one row per alert,
-- carer, channel, level, kind and round. `resends` counts an alert's rounds; `resent_at` is the last one's.
alter table infocare_notifications add column round smallint not null default 0;
alter table infocare_notifications drop constraint infocare_notifications_alert_user_channel_level_kind_key;
alter table infocare_notifications
  add constraint infocare_notifications_alert_user_channel_level_kind_round_key
  unique (alert_id, user_id, channel, level, kind, round);
alter table infocare_alerts add column resends smallint not null default 0;
update infocare_alerts set resends = 1 where resent_at is not null;
