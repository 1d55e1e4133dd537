-- Payment Cards (SPEC 2.7, decision 056): one saved card of a buyer is their default, the one
-- checkout offers first. The oldest card of each buyer is their default to begin with.
alter table payment_methods add column is_default boolean not null default false;

update payment_methods set is_default = true
where id in (
  select distinct on (user_id) id from payment_methods order by user_id, created_at, id
);

create unique index payment_methods_one_default on payment_methods (user_id) where is_default;

-- Merged duplicate accounts (SPEC 6, decision 056): an account number merged into another,
-- whose notice the Accounts page shows on the account that remains.
create table customer_account_merges (
  merged_number text primary key,
  customer_id uuid not null references customer_accounts (id) on delete cascade,
  merged_on date not null
);

create index customer_account_merges_customer on customer_account_merges (customer_id);
