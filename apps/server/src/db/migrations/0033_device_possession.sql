-- Proof of possession (issue 34 item 3): a device already sending while nobody has it is added only with
-- the energy total it shows, which someone who merely knows or guesses its id cannot read. The
-- unclaimed-device record keeps the last cumulative import counter it sent (whole mWh, channel 0,
-- electricity) and the time it came; features/devices/possession.ts compares what the owner types.
alter table unclaimed_devices add column counter_mwh bigint;
alter table unclaimed_devices add column counter_at bigint;
