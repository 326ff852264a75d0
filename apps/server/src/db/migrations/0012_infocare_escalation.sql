-- InfoCare: an alert that escalates (an inactivity Warning going on to Urgent) notifies again, once: a
-- notification is now unique per alert, carer, channel and level (was per alert, carer and channel).
alter table infocare_notifications add column level text not null default 'Warning';
update infocare_notifications n set level = a.level from infocare_alerts a where a.id = n.alert_id;
alter table infocare_notifications drop constraint infocare_notifications_alert_id_user_id_channel_key;
alter table infocare_notifications
  add constraint infocare_notifications_alert_user_channel_level_key unique (alert_id, user_id, channel, level);
