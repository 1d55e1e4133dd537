-- The checkout challenge's sandbox (decision 061): each token spent, by the attempt that
-- spent it, until its expiry has passed (housekeeping removes it then). A token is good for
-- one place-order attempt; the same attempt sent again may show it again.
create table challenge_sandbox_spent (
  jti text primary key,
  attempt text not null,
  expires_at timestamptz not null
);
