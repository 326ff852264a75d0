-- Repricing that a tariff write or a price import has started and not finished (features/readings/
-- reprice.ts): the house's money from `from_ts` on is still to be repriced with its current tariffs. The
-- write stores it with the version, each part (a local month of rollups) advances it in its own
-- transaction, the last one deletes it; at start the server finishes what a stopped process left.
create table reprice_pending (
  house_id integer primary key references houses (id) on delete cascade,
  from_ts bigint not null
);
