-- Customers (SPEC 1, 3, 6): customer accounts and their members, qualified users and their
-- qualifications, digital platform accounts, address books and saved payment methods.

create table customer_accounts (
  id uuid primary key,
  -- A 4-digit organization number or a 12-character temporary number (SPEC 5).
  account_number text not null unique check (account_number ~ '^([0-9]{4}|[A-Za-z0-9]{12})$'),
  name text not null,
  account_type text not null check (account_type in ('PERSONAL', 'ORGANIZATION')),
  tax_exempt boolean not null default false,
  -- A first order on behalf of the organization makes paying by PO possible (SPEC 4.8).
  has_ordered boolean not null default false,
  created_at timestamptz not null default now()
);

create table customer_members (
  customer_id uuid not null references customer_accounts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'administrator', 'member')),
  primary key (customer_id, user_id)
);

create index customer_members_user on customer_members (user_id);

-- University Alliance Program and organizational discounts (SPEC 4.7).
create table customer_discounts (
  customer_id uuid not null references customer_accounts (id) on delete cascade,
  programme text not null check (programme in ('UAP', 'OLD')),
  status text not null check (status in ('UAP_APPLIED', 'UAP_LIMIT_REACHED', 'UAP_EXPIRED', 'OLD_APPLIED', 'OLD_EXPIRED', 'OLD_NOT_STARTED')),
  discount_basis_points integer not null check (discount_basis_points between 1 and 10000),
  starts_at timestamptz,
  ends_at timestamptz,
  primary key (customer_id, programme)
);

-- A user's qualification level (SPEC 1, 6) and the qualifications behind it.
create table qualified_users (
  user_id uuid primary key references users (id) on delete cascade,
  level char(1) not null check (level in ('A', 'B', 'C')),
  verified_at timestamptz
);

create table qualifications (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('degree', 'license', 'certification', 'organisation', 'accredited-institution')),
  title text not null,
  issuer text not null,
  reference text,
  issued_on date,
  expires_on date
);

create index qualifications_user on qualifications (user_id);

-- Q-global and aimswebPlus accounts (SPEC 2.6, 4.8, 6).
create table platform_accounts (
  id uuid primary key,
  platform text not null check (platform in ('q-global', 'aimswebplus')),
  account_number text not null,
  customer_id uuid references customer_accounts (id) on delete set null,
  owner_user_id uuid references users (id) on delete set null,
  unique (platform, account_number)
);

create table addresses (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  first_name text not null,
  last_name text not null,
  organization text,
  line1 text not null,
  line2 text,
  line3 text,
  town text not null,
  region text,
  postal_code text not null default '',
  country char(2) not null,
  phone text,
  default_shipping boolean not null default false,
  default_billing boolean not null default false,
  created_at timestamptz not null default now()
);

create index addresses_user on addresses (user_id);

-- Tokens from the payment gateway only: never a card number or security code.
create table payment_methods (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  gateway_token text not null,
  brand text not null,
  last4 char(4) not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null,
  holder_name text not null,
  billing_address_id uuid references addresses (id) on delete set null,
  created_at timestamptz not null default now()
);

create index payment_methods_user on payment_methods (user_id);
