-- Paying an invoice by card (issue 28, decision 053): each attempt is written before the card
-- is charged, so that one whose process died between the charge and its record is settled
-- by the sweep (recorded if the invoice has it, else the charge given back), never orphaned.
create table invoice_payment_attempts (
  payment_id text primary key,
  invoice_id text not null,
  user_id text not null,
  amount_minor bigint not null check (amount_minor > 0),
  authorization_id text,
  charge_id text,
  status text not null default 'running'
    check (status in ('running', 'recorded', 'given-back')),
  lease_until timestamptz not null,
  created_at timestamptz not null default now()
);

create index invoice_payment_attempts_lapsed on invoice_payment_attempts (lease_until)
  where status = 'running';
