-- The event store (ARCHITECTURE §2-3): streams with their owner and snapshot, events with
-- optimistic concurrency (unique stream and version), the commands already answered (unique
-- stream and command id, so a retried command gets the same answer), and each browser
-- client's last applied command sequence.

create table streams (
  stream_id text primary key,
  kind text not null check (kind in ('cart', 'saved-carts')),
  owner_kind text not null check (owner_kind in ('visitor', 'user')),
  owner_id text not null,
  store_id text references stores (store_id),
  version integer not null default 0 check (version >= 0),
  -- The state after `snapshot_version` events, so opening a long stream reads only the tail.
  snapshot jsonb,
  snapshot_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index streams_owner on streams (owner_kind, owner_id, kind, updated_at desc);

create table events (
  stream_id text not null references streams (stream_id) on delete cascade,
  version integer not null check (version > 0),
  type text not null,
  -- The version of the payload's shape (upcast when read).
  v integer not null,
  data jsonb not null,
  metadata jsonb not null default '{}',
  command_id text not null,
  recorded_at timestamptz not null default now(),
  position bigserial,
  primary key (stream_id, version)
);

create index events_command on events (stream_id, command_id);
create index events_position on events (position);

create table commands (
  stream_id text not null references streams (stream_id) on delete cascade,
  command_id text not null,
  client_id text not null,
  seq bigint not null,
  status text not null check (status in ('confirmed', 'rejected')),
  code text,
  message jsonb,
  recorded_at timestamptz not null default now(),
  primary key (stream_id, command_id)
);

create table sync_clients (
  client_id text primary key,
  owner_kind text not null check (owner_kind in ('visitor', 'user')),
  owner_id text not null,
  -- The last command sequence applied for this client, advanced even when a command is
  -- rejected, so a queue never blocks on a command that can never succeed.
  last_seq bigint not null default 0,
  updated_at timestamptz not null default now()
);
