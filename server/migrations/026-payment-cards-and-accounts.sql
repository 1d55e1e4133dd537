-- Payment Cards (SPEC 2.7, decision 056): one saved card of a buyer is their default, the one
-- checkout offers first. The oldest card of each buyer is their default to begin with.
alter table payment_methods add column is_default boolean not null default false;

update payment_methods set is_default = true
where id in (
  select distinct on (user_id) id from payment_methods order by user_id, created_at, id
);

create unique index payment_methods_one_default on payment_methods (user_id) where is_default;
