-- Unclaimed devices and refused messages come from anyone who can publish (issue 34 item 5): the consumer
-- prunes rows unseen for 7 days and keeps at most a cap of each (devices/records.ts); these indexes make
-- both prunes a walk of the newest rows. Ids no device could have (over 200 characters, control
-- characters: 0022 removed those MQTT refuses) are dropped before they are counted from now on.
create index unclaimed_devices_last_seen on unclaimed_devices (last_seen);
create index device_rejects_last_at on device_rejects (last_at);
delete from unclaimed_devices where length(device_id) > 200 or device_id ~ '[\u0001-\u001f\u007f-\u009f]';
delete from device_rejects where length(device_id) > 200 or device_id ~ '[\u0001-\u001f\u007f-\u009f]';

-- Device adds, claims and lookups per account in the last hour (issue 34 item 3): one limit shared by
-- every server and kept over a restart (features/devices/lookups.ts counts them under the account's lock).
create table device_attempts (
  user_id integer not null references users (id) on delete cascade,
  at bigint not null
);
create index device_attempts_user on device_attempts (user_id, at);
