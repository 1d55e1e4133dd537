-- The regional stores and the storefronts (locales) that sell through them (SPEC 2.2).
-- en-ca and fr-ca share one store; prices, promotions and orders hang off the store.

create table stores (
  store_id text primary key check (store_id ~ '^[a-z]+$'),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$')
);

create table storefronts (
  locale text primary key check (locale ~ '^[a-z]{2}-[a-z]{2}$'),
  store_id text not null references stores (store_id),
  language text not null check (language in ('en', 'fr', 'nl', 'es'))
);

create index storefronts_store_id on storefronts (store_id);
