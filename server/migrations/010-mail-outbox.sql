-- Mails to send (decision 027): a stream kind's outbox messages, written in the transaction
-- of the event they come from (an order placed → its confirmation), so a mail is never lost
-- and never written twice (the id is made from the event: a retry or a replay does nothing).
-- The mail worker sends them over SMTP: it claims due rows with a lease, marks each one sent
-- with the SMTP Message-ID, or tries again later with backoff, and gives up as 'failed'.
-- The body is never stored: it is rendered from `data` when sent, in the recipient's language.
create table mail_outbox (
  id text primary key,
  template text not null,
  recipient text not null,
  locale text not null,
  data jsonb not null,
  -- The event it comes from.
  stream_id text,
  event_version integer,
  created_at timestamptz not null default now(),
  status text not null default 'pending'
    check (status in ('pending', 'sending', 'sent', 'failed')),
  -- Claims so far (a claim that lapsed in a crash counts too, so a mail that kills its
  -- worker is given up on like any other).
  attempts integer not null default 0,
  -- When it is due: the next try while pending, the end of the claim while sending.
  next_attempt_at timestamptz not null default now(),
  lease_owner text,
  lease_until timestamptz,
  -- What went wrong last (the SMTP answer or the error), never the mail's content.
  last_error text,
  sent_at timestamptz,
  message_id text
);

-- The worker's pick: due rows that wait or whose claim lapsed, oldest due first.
create index mail_outbox_due on mail_outbox (next_attempt_at)
  where status in ('pending', 'sending');
