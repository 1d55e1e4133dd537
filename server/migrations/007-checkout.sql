-- Checkout (SPEC 2.6, 4.8, decision 024): who may be chosen as an account's qualified user,
-- organizations' invitations (how an account that is not listed can be added), platform
-- accounts a buyer added to their profile, and the web reference numbers of orders.

-- The qualified users listed for a customer account at checkout; a member of the
-- organization is added by email ('Add qualified user').
create table account_qualified_users (
  customer_id uuid not null references customer_accounts (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (customer_id, user_id)
);

-- Every member with a qualification is listed for their accounts to begin with.
insert into account_qualified_users (customer_id, user_id)
  select m.customer_id, m.user_id
    from customer_members m join qualified_users q on q.user_id = m.user_id
  on conflict do nothing;

-- An organization's invitation of a person (by email) to order on its account: the account
-- number of an invited buyer is found by 'Account not listed'.
create table account_invitations (
  customer_id uuid not null references customer_accounts (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  primary key (customer_id, email)
);

create index account_invitations_email on account_invitations (lower(email));

-- Platform accounts (Q-global) a buyer added to their own profile.
create table user_platform_accounts (
  user_id uuid not null references users (id) on delete cascade,
  platform_account_id uuid not null references platform_accounts (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (user_id, platform_account_id)
);

-- Web reference numbers (SPEC 3): W and nine digits, 10 characters (order search takes 7-14).
create sequence web_reference_numbers start with 100000001 maxvalue 999999999;

-- Orders by their buyer's account, for "has the organization ordered" (SPEC 4.8).
create index read_models_order_account on read_models ((doc -> 'account' ->> 'id'))
  where model = 'orders';
