-- Channels (issue 23): a device id plus a channel measures one thing. A Shelly Plus 2PM's switch:1, a Pro EM's
-- second clamp (em1:1), a Gen1 relay/1 or emeter/1, an emonTx's P2/E2 or a multi-channel Tasmota's second
-- ENERGY entry is channel 1 of its device. Existing devices are channel 0 (what they measured before).
alter table devices add column channel smallint not null default 0 check (channel between 0 and 31);
alter table devices drop constraint devices_kind_device_id_key;
alter table devices add constraint devices_kind_device_id_channel_key unique (kind, device_id, channel);
