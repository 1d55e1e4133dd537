-- The order a checkout placed (placing again answers with it), from the orders read model.
create index read_models_order_checkout on read_models ((doc ->> 'checkoutId'))
  where model = 'orders';
