-- One way in for every write (decision 047): commands the store issues itself (process
-- managers, the fulfilment, operators, place order) come from no browser client, so they
-- carry no client id or queue sequence; only a browser's commands advance `sync_clients`.
alter table commands alter column client_id drop not null;
alter table commands alter column seq drop not null;

-- A process manager's reaction that is due later (a fulfilment step in two minutes, a held
-- order's release in 48 hours) waits here until `not_before`, with the command id its
-- reaction was given, so that issuing it (once, by the manager's lease holder) is answered,
-- never applied twice. Written before the manager's checkpoint moves past its event.
create table scheduled_reactions (
  command_id text primary key,
  manager text not null,
  kind text not null,
  stream_id text not null,
  owner_kind text not null,
  owner_id text not null,
  store_id text,
  command jsonb not null,
  causation_id text not null,
  correlation_id text not null,
  not_before timestamptz not null,
  created_at timestamptz not null default now()
);

create index scheduled_reactions_due on scheduled_reactions (manager, not_before);
