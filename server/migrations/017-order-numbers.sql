-- The numbers a visitor can look an order up by (issue 26, decision 045): random, with a
-- check digit, instead of the sequences anyone could walk. Each number is taken here before
-- it is given, so no two orders share one; a number already taken is drawn again.
create table issued_order_numbers (
  number text primary key,
  issued_at timestamptz not null default now()
);

-- The numbers the sequences gave, so that a random one never repeats them.
insert into issued_order_numbers (number)
  select upper(doc ->> 'webReference') from read_models
   where model = 'orders' and doc ->> 'webReference' is not null
  union
  select upper(doc -> 'fulfilment' ->> 'orderNumber') from read_models
   where model = 'orders' and doc -> 'fulfilment' ->> 'orderNumber' is not null
on conflict do nothing;

drop sequence web_reference_numbers;
drop sequence order_numbers;
