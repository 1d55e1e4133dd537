-- The catalog: products, their prices in each store, and promotions (SPEC 3, 4.7, 5).

create table products (
  code text primary key check (code ~ '^[A-Z0-9][A-Z0-9-]{1,39}$'),
  name text not null,
  program text not null,
  description text not null default '',
  category text not null,
  format text not null check (format in ('physical-kit', 'digital-scoring', 'digital-library', 'online-training')),
  qualification_level char(1) not null check (qualification_level in ('A', 'B', 'C')),
  not_discountable boolean not null default false,
  sold_online boolean not null default true,
  orderable_online boolean not null default true,
  pre_order boolean not null default false,
  available_on date,
  min_order_quantity integer check (min_order_quantity > 0),
  max_order_quantity integer check (max_order_quantity > 0),
  -- Units on hand, for physical kits only.
  stock integer,
  -- aimswebPlus products: organizations only, with a cart minimum (SPEC 5, 6).
  aimsweb boolean not null default false,
  search tsvector generated always as (
    setweight(to_tsvector('simple', code), 'A')
    || setweight(to_tsvector('english', name), 'A')
    || setweight(to_tsvector('english', program), 'B')
    || setweight(to_tsvector('english', replace(category, '-', ' ')), 'C')
    || setweight(to_tsvector('english', description), 'D')
  ) stored,
  check (min_order_quantity is null or max_order_quantity is null or min_order_quantity <= max_order_quantity)
);

create index products_search on products using gin (search);
create index products_category on products (category);
create index products_name on products (lower(name));

create table product_prices (
  product_code text not null references products (code) on delete cascade,
  store_id text not null references stores (store_id),
  amount_minor bigint not null check (amount_minor >= 0),
  primary key (product_code, store_id)
);

create index product_prices_store on product_prices (store_id, amount_minor);

create table promotions (
  code text primary key check (code ~ '^[A-Z0-9_-]{2,40}$'),
  name text not null,
  enabled boolean not null default true,
  starts_at timestamptz not null,
  ends_at timestamptz,
  applies_to text not null check (applies_to in ('cart', 'products')),
  product_codes text[] not null default '{}',
  discount_basis_points integer not null check (discount_basis_points between 1 and 10000),
  minimum_subtotal_minor bigint not null default 0,
  -- null: every store.
  store_id text references stores (store_id)
);
