-- Qualifications (decision 057): the certificates users upload, kept in the database with a
-- random id and served only to their owner as an attachment; and the level an account
-- specialist recorded for a user, kept apart from the level approvals raise it to.
create table qualification_files (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  content_type text not null
    check (content_type in ('application/pdf', 'image/png', 'image/jpeg')),
  size integer not null check (size > 0 and size <= 5242880),
  -- Base64: the same text through every driver (PostgreSQL, the embedded database's thread).
  content text not null,
  created_at timestamptz not null default now()
);

create index qualification_files_user on qualification_files (user_id);

alter table qualified_users add column recorded_level char(1)
  check (recorded_level in ('A', 'B', 'C'));
update qualified_users set recorded_level = level;
