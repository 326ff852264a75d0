-- Cheapest and greenest times (issue 37): the grid's carbon intensity forecast is regional, found from
-- the home's postcode. Only the outward code is kept (SW1A, RG41, M1): it names the region and no
-- address. Null: no postcode given, the forecast is Great Britain's.
alter table houses add column postcode text
  check (postcode ~ '^[A-Z]{1,2}[0-9][A-Z0-9]?$');
