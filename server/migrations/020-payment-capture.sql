-- Payments in two steps (decision 047): the gateway first authorizes an amount (a hold on
-- the card), and the store captures it once the order it pays for is written; a hold whose
-- order was never written is voided, and nothing was taken. `approved` stays the status of a
-- captured charge.
alter table payment_sandbox_charges drop constraint if exists payment_sandbox_charges_status_check;
alter table payment_sandbox_charges add constraint payment_sandbox_charges_status_check
  check (status in ('authorized', 'approved', 'declined', 'refunded', 'voided'));
alter table payment_sandbox_charges add column captured_at timestamptz;
alter table payment_sandbox_charges add column voided_at timestamptz;

-- One order per cart version (decision 047): the place-order attempt that claims the order's
-- id is the only one that may take a payment for it; the others wait for its outcome. What it
-- took is noted here, so that what an attempt whose process died took is given back: by the
-- attempt that takes its claim over (`priors`, settled once that attempt's outcome is known:
-- kept if it pays the order written, given back otherwise), or by the sweep of claims left.
create table order_claims (
  order_id text primary key,
  attempt text not null,
  authorization_id text,
  charge_id text,
  priors jsonb not null default '[]',
  status text not null check (status in ('running', 'placed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
