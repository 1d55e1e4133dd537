-- The event store for every aggregate (decision 018): stream kinds come from the registry in
-- domain/, so the database no longer lists them; owners may be the store itself (process
-- managers) or staff; a snapshot records its shape version; each event records the
-- transaction that wrote it, so readers that follow `position` (process managers) never
-- skip an event whose transaction committed late. Read models, the process managers'
-- checkpoints and the idempotency keys of requests that must run once live beside them.

alter table streams drop constraint if exists streams_kind_check;
alter table streams drop constraint if exists streams_owner_kind_check;
alter table streams add constraint streams_owner_kind_check
  check (owner_kind in ('visitor', 'user', 'agent', 'system'));
alter table streams add column snapshot_shape integer not null default 0;

alter table sync_clients drop constraint if exists sync_clients_owner_kind_check;
alter table sync_clients add constraint sync_clients_owner_kind_check
  check (owner_kind in ('visitor', 'user', 'agent', 'system'));

alter table events add column transaction_id xid8 not null default pg_current_xact_id();
create index events_transaction on events (transaction_id, position);

-- One document per read model and stream, written in the transaction of the events it
-- comes from.
create table read_models (
  model text not null,
  stream_id text not null references streams (stream_id) on delete cascade,
  owner_kind text not null,
  owner_id text not null,
  store_id text,
  version integer not null,
  doc jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (model, stream_id)
);

create index read_models_owner on read_models (model, owner_kind, owner_id, updated_at desc);

-- The shape each read model was last built with; another shape is rebuilt from the events.
create table read_model_shapes (
  model text primary key,
  shape integer not null,
  rebuilt_at timestamptz not null default now()
);

-- How far each process manager has read, and which instance holds it now.
create table checkpoints (
  name text primary key,
  transaction_id xid8 not null default '0',
  position bigint not null default 0,
  lease_owner text,
  lease_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Events a process manager could not react to after repeated tries: set aside (and logged)
-- so the manager goes on, kept here to be looked at and replayed.
create table parked_reactions (
  manager text not null,
  stream_id text not null,
  version integer not null,
  error text not null,
  parked_at timestamptz not null default now(),
  primary key (manager, stream_id, version)
);

-- Requests that must run online and once (place order, pay, create quote): a repeated key
-- returns the first answer.
create table idempotency_keys (
  scope text not null,
  key text not null,
  request_hash text not null,
  status text not null check (status in ('running', 'done')),
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (scope, key)
);
