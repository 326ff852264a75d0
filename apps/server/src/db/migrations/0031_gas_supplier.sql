-- Supplier accounts fetch gas (issue 35). A gas meter of a connection is fetched and stored as the home's
-- gas half-hours (fuel 1), as electricity is: the meters listed before are fetched from their resume
-- point (the connection's fill_from: they never advanced).
update supplier_meters set stored = true where fuel = 'gas';

-- Who said the meter's unit: the supplier's client ('supplier': Octopus's REST does not say, an SMETS2 gas
-- meter reports m³), or the home's person who corrected it ('user', an SMETS1 meter's kWh).
alter table supplier_meters add column unit_set_by text not null default 'supplier'
  check (unit_set_by in ('supplier', 'user'));
-- Figures and answers the supplier sent that could not be stored (a negative or not-a-number figure, an
-- answer that is not JSON or not of its shape): counted every time one is met, and logged.
alter table supplier_meters add column rejected integer not null default 0;

-- The calorific value of a home's gas, from its bill, dated: in force from `from_date` (a local date in
-- the home's zone) until the next one. Tenths of a MJ/m³, as bills print it; without any, 39.5.
create table gas_calorific_values (
  house_id integer not null references houses (id) on delete cascade,
  from_date date not null,
  tenths smallint not null check (tenths between 300 and 500),
  set_at bigint not null,
  primary key (house_id, from_date)
);
