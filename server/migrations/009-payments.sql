-- The sandbox payment gateway (decision 026), the embedded stand-in for a real one. It keeps
-- what a real gateway shows a store: a token, the brand, the last four digits and the expiry.
-- Never the card number or the security code, not even hashed.

create table payment_sandbox_tokens (
  token text primary key check (token ~ '^sandbox_(tok|pm)_[A-Za-z0-9_-]{8,180}$'),
  -- A one-time token from the card fields, or a reusable one for a saved card.
  kind text not null check (kind in ('one-time', 'reusable')),
  brand text not null check (brand in ('visa', 'mastercard', 'amex', 'discover', 'unknown')),
  last4 char(4) not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null check (exp_year between 2000 and 2099),
  -- What a charge of this card does, decided by the sandbox card it was made from.
  behaviour text not null check (behaviour in ('approve', 'decline', 'insufficient-funds', 'expired')),
  -- A reusable token: the one-time token it was saved from, for the buyer it belongs to.
  source_token text,
  customer_ref text,
  -- A one-time token is used by the charge it paid for.
  used_at timestamptz,
  created_at timestamptz not null,
  check ((kind = 'reusable') = (customer_ref is not null)),
  unique (source_token, customer_ref)
);

create table payment_sandbox_charges (
  id text primary key check (id ~ '^sandbox_ch_[A-Za-z0-9_-]{8,180}$'),
  -- The same key always gives the same answer: a retry never charges twice.
  idempotency_key text not null unique,
  token text not null,
  amount_minor bigint not null check (amount_minor > 0),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
  reference text not null,
  status text not null check (status in ('approved', 'declined', 'refunded')),
  decline_reason text check (
    decline_reason in ('declined', 'insufficient-funds', 'expired-card', 'processing-error')
  ),
  refund_key text,
  created_at timestamptz not null,
  refunded_at timestamptz,
  check ((status = 'declined') = (decline_reason is not null))
);

create index payment_sandbox_charges_token on payment_sandbox_charges (token);
