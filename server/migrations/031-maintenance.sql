-- Maintenance mode (decision 069): while the one row is here, storefront pages answer 503
-- with the storefront's error.503.html and API writes are refused with a 503. Operators
-- start and end it (`npm run maintenance`); every instance of the store reads it.
create table store_maintenance (
  singleton boolean primary key default true check (singleton),
  started_at timestamptz not null default now(),
  started_by text not null,
  retry_after_seconds integer not null check (retry_after_seconds between 1 and 86400),
  note text
);
