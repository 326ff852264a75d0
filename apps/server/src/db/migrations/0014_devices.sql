-- Live devices over MQTT (issue 23, src/devices): a device belongs to one house and measures the whole
-- house (appliance_type_id null) or one appliance through a plug. `counter` holds the normaliser's state
-- (last counter value per direction, the open minutes, see devices/consumer-state.ts) so a restart
-- differences against what was stored, in the same transaction as the readings it produced. Instants are
-- epoch seconds. Removing a device leaves its readings and uses.
create table devices (
  id integer generated always as identity primary key,
  house_id integer not null references houses (id) on delete cascade,
  kind text not null check (kind in ('glow', 'shelly', 'shelly-gen1', 'tasmota', 'zigbee2mqtt', 'emon')),
  device_id text not null check (length(device_id) between 1 and 200),
  appliance_type_id integer references appliance_types (id),
  created_at bigint not null,
  last_message_at bigint,
  -- The device's last will (Tasmota LWT): false once it said Offline, until it speaks again.
  online boolean,
  rejects integer not null default 0,
  last_reject_reason text,
  last_reject_at bigint,
  counter jsonb,
  unique (kind, device_id)
);
create index devices_house on devices (house_id);

-- Devices that published but belong to no house: listed for an owner to claim by id, never attached.
create table unclaimed_devices (
  kind text not null,
  device_id text not null,
  first_seen bigint not null,
  last_seen bigint not null,
  messages integer not null default 0,
  primary key (kind, device_id)
);

-- Bad messages per device and topic (registered or not): how many, the last reason and when.
create table device_rejects (
  kind text not null,
  device_id text not null,
  topic text not null,
  count integer not null default 0,
  last_reason text not null,
  last_at bigint not null,
  primary key (kind, device_id, topic)
);
