-- Identity: users and their password hashes, the OpenID provider's persisted models
-- (sessions, grants, codes, tokens, interactions), its keys, the store's web sessions, and
-- the counters that slow down password guessing. Everything lives here so a restart, or a
-- second server instance, keeps everyone signed in.

create table users (
  id uuid primary key,
  email text not null,
  password_hash text not null,
  given_name text not null,
  family_name text not null,
  registration_country char(2) not null check (registration_country ~ '^[A-Z]{2}$'),
  created_at timestamptz not null default now()
);

-- Email addresses are unique whatever their case.
create unique index users_email_lower on users (lower(email));

create table oidc_models (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  uid text,
  user_code text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);

create index oidc_models_grant_id on oidc_models (grant_id) where grant_id is not null;
create index oidc_models_uid on oidc_models (model, uid) where uid is not null;
create index oidc_models_expires_at on oidc_models (expires_at);

-- Keys the provider signs tokens with, and keys for its cookies, made once per database
-- unless given in the environment.
create table oidc_keys (
  purpose text primary key check (purpose in ('signing', 'cookies', 'client-secret')),
  material jsonb not null,
  created_at timestamptz not null default now()
);

-- The server-session sign-in mode (SPEC 4.1, 7.2): an opaque id in an HttpOnly cookie.
create table web_sessions (
  id_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  refresh_token text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index web_sessions_user_id on web_sessions (user_id);

-- Failed sign-ins per account and per address, to slow and then refuse guessing.
create table login_throttle (
  key text primary key,
  failures integer not null default 0,
  locked_until timestamptz,
  last_failure_at timestamptz not null default now()
);
