-- Tariffs compared with the home's region's real rates (issue 37): the published prices of Octopus's
-- products (Agile's per half-hour, Tracker's per local day, and their standing charges) as the products
-- endpoints give them per tariff code (E-1R-AGILE-18-02-21-C: product, region), fetched by
-- features/energy/published-rates.ts from OCTOPUS_API_URL and kept: a published price never changes.
-- Shared by every home of the region. `price` in the tariff engine's units, VAT included, direct debit:
-- µ£/kWh for a unit rate (may be negative: Agile's plunge pricing), µ£/day for a standing charge.
-- `valid_to` null: open-ended (until the product says otherwise).
create table published_rates (
  tariff_code text not null,
  product text not null,
  region text not null check (region ~ '^[A-HJ-NP]$'),
  series text not null check (series in ('unit', 'standing')),
  valid_from bigint not null,
  valid_to bigint check (valid_to > valid_from),
  price bigint not null check (series = 'unit' or price >= 0),
  fetched_at bigint not null,
  primary key (tariff_code, series, valid_from)
);
