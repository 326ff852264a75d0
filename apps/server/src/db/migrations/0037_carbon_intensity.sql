-- The home's past use in gCO₂ (issue 37): Great Britain's recorded carbon intensity per half-hour, from
-- the GB Carbon Intensity API's national /intensity/{from}/{to} (features/carbon/recorded.ts). One row a
-- half-hour (its start, epoch s): the API's `actual` when it has one (actual = true), else its forecast
-- for that half-hour (actual = false, fetched again while young). National, the same for every home:
-- the regional figures are forecasts only. Read by the usage reads joined with half_hours().
create table carbon_intensity (
  slot_start bigint primary key check (slot_start % 1800 = 0),
  g_per_kwh smallint not null check (g_per_kwh between 0 and 5000),
  actual boolean not null,
  fetched_at bigint not null
);
