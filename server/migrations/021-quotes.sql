-- Quotes (issue 27, decision 051). Each quote/proforma number is taken here before it is
-- given, as the order numbers are (017), so no two quotes share one.
create table issued_quote_numbers (
  number text primary key,
  issued_at timestamptz not null default now()
);

-- Prices the catalog will change to, per store, from a day on: the early quote expiration
-- rule (SPEC 9) reads them, and the store applies each on its day (catalog/price-changes.ts).
create table scheduled_prices (
  product_code text not null references products (code) on delete cascade,
  store_id text not null references stores (store_id),
  starts_on date not null,
  amount_minor bigint not null check (amount_minor >= 0),
  primary key (product_code, store_id, starts_on)
);

-- The quotes list: a buyer's quotes of a store, newest first.
create index read_models_quotes on read_models (owner_id, store_id, updated_at desc)
  where model = 'quotes';
