-- Customer service acting for a buyer (decision 063).
-- A store session is a buyer's or a customer service agent's: the cookie that carries it and
-- the routes it opens differ, and one never stands for the other.
alter table web_sessions add column purpose text not null default 'buyer';

-- The store's customer service agents: users of the identity provider with the site regions
-- (SPEC 3: US, CA, EU, AP) whose customers they serve. A removed agent keeps their row for
-- the audit, with the time of removal.
create table support_agents (
  user_id uuid primary key references users (id) on delete cascade,
  regions text[] not null,
  added_at timestamptz not null default now(),
  removed_at timestamptz
);

-- An agent acting for a buyer and one of their customer accounts, from the agent's sign-in
-- (its web session's id hash). Kept for the audit; the events made in it name the agent.
create table agent_sessions (
  id uuid primary key,
  agent_id uuid not null references users (id),
  sign_in_hash text not null,
  buyer_id uuid not null references users (id),
  account_id uuid references customer_accounts (id) on delete set null,
  saved_card_consent boolean not null default false,
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  end_reason text
);
create unique index agent_sessions_one_open on agent_sessions (sign_in_hash) where ended_at is null;
create index agent_sessions_buyer_open on agent_sessions (buyer_id) where ended_at is null;
create index agent_sessions_agent on agent_sessions (agent_id, started_at desc);
create index agent_sessions_buyer on agent_sessions (buyer_id, started_at desc);

-- The audit lists what was done in a session: the events whose metadata names it.
create index events_agent_session on events ((metadata -> 'onBehalfOf' ->> 'agentSessionId'))
  where metadata ? 'onBehalfOf';
