-- The default (price-cap) series that priced the stored money (features/tariffs/default-sync.ts): one
-- row, the series as text and its SHA-256. At start the server compares it with the code's series and
-- reprices, from the first date they differ, the houses with money stored from then on. No row (a
-- database from before this migration): the series that priced it is unknown, so every date is repriced.
create table default_tariff_state (
  id smallint primary key default 1 check (id = 1),
  series text not null,
  fingerprint text not null,
  updated_at timestamptz not null default now()
);
