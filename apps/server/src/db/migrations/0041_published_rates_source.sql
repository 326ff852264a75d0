-- Published prices from a rate file (issue 37: `npm run import -- prices --tariff CODE FILE`, for a server
-- the products API cannot reach) beside those fetched from OCTOPUS_API_URL: Compare tariffs says which
-- source priced which dates. 'api': fetched (every row before this migration); 'file': imported.
alter table published_rates
  add column source text not null default 'api' check (source in ('api', 'file'));
