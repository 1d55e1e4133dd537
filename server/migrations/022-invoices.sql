-- Invoices (issue 28, decision 053). Each invoice and credit note number is taken here
-- before it is given, as order and quote numbers are (017, 021), so no two share one.
create table issued_invoice_numbers (
  number text primary key,
  issued_at timestamptz not null default now()
);

-- An account's invoices: every member of the account reads them (not only the buyer).
create index read_models_invoice_account on read_models ((doc -> 'invoice' -> 'account' ->> 'id'), store_id)
  where model = 'invoices';
