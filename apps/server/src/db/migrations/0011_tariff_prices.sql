-- Dynamic prices (Agile) stored once per house, rate and half-hour, instead of inside every tariff version:
-- each import merged the series in force into a new version, so a month imported twelve times a year
-- stored 78 months of prices. A version's dynamic rate now keeps its name and an empty `prices`; its
-- prices are the house's rows here (a slot's price is the latest imported for it).
create table tariff_prices (
  house_id integer not null references houses (id) on delete cascade,
  rate text not null check (rate in ('import', 'export', 'generation')),
  slot_start bigint not null,              -- epoch seconds, a multiple of 1800
  price bigint not null,                   -- µ£/kWh
  primary key (house_id, rate, slot_start)
);

-- Each slot takes the price of the version that priced it (the latest starting on or before its local
-- date), else of the latest version holding it.
insert into tariff_prices (house_id, rate, slot_start, price)
select distinct on (t.house_id, k.rate, (p.pair ->> 0)::bigint)
       t.house_id, k.rate, (p.pair ->> 0)::bigint, (p.pair ->> 1)::bigint
  from tariffs t
  join houses h on h.id = t.house_id
 cross join (values ('import'), ('export'), ('generation')) k(rate)
 cross join lateral jsonb_array_elements(t.tariff -> k.rate -> 'prices') p(pair)
 where t.tariff -> k.rate ->> 'type' = 'dynamic'
 order by t.house_id, k.rate, (p.pair ->> 0)::bigint,
          (t.start_date <= (to_timestamp((p.pair ->> 0)::bigint) at time zone h.time_zone)::date) desc,
          t.start_date desc;

update tariffs
   set tariff = tariff
     || case when tariff -> 'import' ->> 'type' = 'dynamic'
             then jsonb_build_object('import', (tariff -> 'import') || '{"prices": []}') else '{}' end
     || case when tariff -> 'export' ->> 'type' = 'dynamic'
             then jsonb_build_object('export', (tariff -> 'export') || '{"prices": []}') else '{}' end
     || case when tariff -> 'generation' ->> 'type' = 'dynamic'
             then jsonb_build_object('generation', (tariff -> 'generation') || '{"prices": []}') else '{}' end
 where tariff::text like '%"dynamic"%';
