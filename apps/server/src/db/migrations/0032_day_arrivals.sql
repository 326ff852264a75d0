-- When each local day of a home's electricity became complete here (issue 36): the moment the write that
-- stored its last missing half-hour committed (all 46, 48 or 50 wholly covered). Neither reading_blocks nor
-- the rollups keep a received time, so the one write path (features/readings, beside its arrival notice)
-- records it, once per day, in the write's own transaction. InfoCare learns from it when a home's supplier
-- usually publishes yesterday (domain infocare/publication.ts), so a day not in yet is told apart from a
-- feed that stopped. complete_at in epoch seconds; a day completed again (a replace) keeps its first.
create table day_arrivals (
  house_id integer not null references houses (id) on delete cascade,
  day date not null,
  complete_at bigint not null,
  primary key (house_id, day)
);
