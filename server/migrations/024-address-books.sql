-- Address books (decision 054): a customer account owns its address book stream, which its
-- members read and write, so a stream (and the browser clients that push to it) may be owned
-- by an account.

alter table streams drop constraint if exists streams_owner_kind_check;
alter table streams add constraint streams_owner_kind_check
  check (owner_kind in ('visitor', 'user', 'agent', 'system', 'account'));

alter table sync_clients drop constraint if exists sync_clients_owner_kind_check;
alter table sync_clients add constraint sync_clients_owner_kind_check
  check (owner_kind in ('visitor', 'user', 'agent', 'system', 'account'));
