-- The tariff from the supplier account (issue 35): a tariff version is the user's own (written through the
-- tariff editor, the API or an Agile import: every version before this migration) or set from the home's
-- Octopus agreements (features/suppliers/tariff-sync.ts through features/tariffs/supplier.ts). Supplier
-- versions are replaced as a set when the agreements or their rates change, and never once the home has a
-- version of its own.
alter table tariffs add column source text not null default 'user' check (source in ('user', 'supplier'));

-- The agreements whose tariffs were last set for the connection (a fingerprint of their codes and dates,
-- and of the UTC date they were set on), so top-ups fetch the products' rates only when an agreement
-- changes or once a day; null: not set yet (or failed: the next pass tries again).
alter table supplier_connections add column tariff_agreements text;
