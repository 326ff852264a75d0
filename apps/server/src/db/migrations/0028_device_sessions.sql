-- Who holds each device partition's MQTT session, and whether its last holder handed it over cleanly
-- (devices/handover.ts). Messages are acknowledged as they arrive and stored at the next flush, so a
-- holder that dies loses what it took in between: the next holder must not believe a plug's stored open
-- use across that gap (two kettle boils became one use when a server was killed between them).
create table device_sessions (
  client_id text primary key,
  holder text not null,
  handed_over boolean not null
);
