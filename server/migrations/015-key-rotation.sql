-- Keys rotate without signing anyone out (decision 034): one row per key, each with the
-- purpose it serves. The current key of a purpose has no retired_at; a retired key still
-- verifies (tokens it signed, cookies it signed) until its purpose's keep time has passed.

alter table oidc_keys drop constraint if exists oidc_keys_purpose_check;
alter table oidc_keys drop constraint oidc_keys_pkey;
alter table oidc_keys add column id text;
alter table oidc_keys add column retired_at timestamptz;

-- The signing key, made once as a one-key JWK array: the row of that key.
update oidc_keys
   set id = 'signing:' || (material -> 0 ->> 'kid'), material = material -> 0
 where purpose = 'signing';
update oidc_keys set id = 'client-secret' where purpose = 'client-secret';

-- The cookie key the provider and the store shared: each purpose keeps verifying it (a
-- cookie signed with it still works) and gets a key of its own on the next start.
insert into oidc_keys (id, purpose, material, created_at, retired_at)
select 'provider-cookies:shared', 'provider-cookies', material -> 0, created_at, now()
  from oidc_keys where purpose = 'cookies';
insert into oidc_keys (id, purpose, material, created_at, retired_at)
select 'store-cookies:shared', 'store-cookies', material -> 0, created_at, now()
  from oidc_keys where purpose = 'cookies';
delete from oidc_keys where purpose = 'cookies';

alter table oidc_keys alter column id set not null;
alter table oidc_keys add primary key (id);
alter table oidc_keys add constraint oidc_keys_purpose_check
  check (purpose in ('signing', 'provider-cookies', 'store-cookies', 'client-secret'));
-- One current key per purpose (and one client secret): two instances starting together, or
-- two rotations at once, cannot both make one.
create unique index oidc_keys_current on oidc_keys (purpose) where retired_at is null;

-- A sync client's sequence record belongs to the owner it writes for: the same client id
-- used by another owner (a browser shared by two buyers, or anyone who copies an id) has a
-- record of its own and can never move or advance someone else's.
alter table sync_clients drop constraint sync_clients_pkey;
alter table sync_clients add primary key (client_id, owner_kind, owner_id);
