-- Housekeeping (issue 26, decision 044): the purge of what has outlived its retention (ended
-- sessions, expired provider records, sign-in throttle and rate-limit rows, finished
-- idempotency keys, sent mail, spent sandbox card tokens) runs in rounds, one instance at a
-- time. A job's row holds its lease (the instance purging now, until when) and its current
-- round: a round that was started and not finished is taken over, once its lease lapses, by
-- the next instance that looks; a finished one is followed by the next when it falls due.
create table housekeeping (
  job text primary key,
  round bigint not null default 0,
  lease_owner text,
  lease_until timestamptz,
  started_at timestamptz,
  -- Null while the round runs (or was left unfinished by an instance that stopped or died).
  finished_at timestamptz
);

-- The purge's picks, on the tables that are written once and then only settled: without
-- them each batch would read the whole table. (web_sessions, login_throttle and rate_limits
-- are rewritten on every request that touches them, where an index on the purged column
-- would cost every such write; the purge itself keeps them small.)
create index idempotency_keys_updated_at on idempotency_keys (updated_at);
create index mail_outbox_sent_at on mail_outbox (sent_at) where status = 'sent';
create index payment_sandbox_tokens_one_time on payment_sandbox_tokens (created_at)
  where kind = 'one-time';
