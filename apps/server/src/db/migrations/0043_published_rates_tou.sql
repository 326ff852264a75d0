-- Go, Cosy, Flux, Intelligent Go and Economy 7 with the home's region's published rates (issue 37): their
-- products' rates kept in published_rates as Agile's are. Time-of-use products (Go, Cosy, Flux) come as
-- 'unit' rows, one per window per day; Economy 7 (E-2R tariffs) as dated 'day' and 'night' rows, its
-- window being the meter's (00:30–07:30 UTC on a smart meter). And 'standin': prices a demo server's demo
-- homes were priced from, served by the Octopus stand-in (features/demo/standins/), never Octopus's: they
-- are stored under their tariff code prefixed 'standin:' (standin:E-1R-GO-VAR-22-10-14-C), so they never
-- share a key, or a read, with the real published rates of the region.
alter table published_rates drop constraint published_rates_series_check;
alter table published_rates
  add constraint published_rates_series_check check (series in ('unit', 'standing', 'day', 'night'));
alter table published_rates drop constraint published_rates_source_check;
alter table published_rates
  add constraint published_rates_source_check check (source in ('api', 'file', 'standin'));
