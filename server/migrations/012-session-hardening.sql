-- Store sessions bound to the sign-in they came from, and ended when idle (decision 031).

-- The OpenID grant a session came from (the embedded provider's, in oidc_models): when the
-- grant is revoked (refresh token revoked, sign-out), the session answers 401. Null with an
-- external provider, whose grants the store cannot see.
alter table web_sessions add column grant_id text;

-- When the session ended (idle for 1800 s, its grant gone, or logout). An ended row stays
-- until its expiry, so that the access token it was opened with cannot open it again.
alter table web_sessions add column ended_at timestamptz;

-- last_seen_at is now the buyer's last activity (SPEC 4.4), as reported by the session check.
comment on column web_sessions.last_seen_at is 'The buyer''s last activity (SPEC 4.4)';
