-- Orders after checkout (decision 029).

-- The Order # the fulfilment system gives an order when it accepts it (SPEC 3).
create sequence order_numbers start with 40000001 maxvalue 99999999;

-- Order status lookups (SPEC 2.6): by Web reference #, Order # or PO number, any case.
create index read_models_order_web_reference on read_models (upper(doc ->> 'webReference'))
  where model = 'orders';
create index read_models_order_number on read_models (upper(doc -> 'fulfilment' ->> 'orderNumber'))
  where model = 'orders';
create index read_models_order_po on read_models (upper(doc -> 'payment' ->> 'poNumber'))
  where model = 'orders';

-- The fulfilment's work list, and the order history's filter: orders by status.
create index read_models_order_status on read_models ((doc ->> 'status'))
  where model = 'orders';

-- Requests counted per client and minute (the order status lookup, open to visitors): one
-- row per key, its window restarting each minute, shared by every instance of the store.
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);
