/**
 * Rows for the housekeeping tests (decision 044), in every table it purges, dated by the
 * database's clock against the default retentions: each row's key says whether a purge
 * must delete it (`gone…`) or keep it (`stays…`): finished longer ago than the retention,
 * finished more recently, or not finished at all however old.
 */
import type { Database } from '../../server/src/db/database';

export const HOUSEKEEPING_USER_ID = '3f0c2a64-8d51-4e77-9a0b-5b8c1d2e3f40';

/** Each purged table and the column that names its rows. */
export const PURGED_TABLES = {
  web_sessions: 'id_hash',
  oidc_models: 'id',
  login_throttle: 'key',
  rate_limits: 'key',
  idempotency_keys: 'key',
  mail_outbox: 'id',
  payment_sandbox_tokens: 'token',
  challenge_sandbox_spent: 'jti',
} as const;

export type PurgedTable = keyof typeof PURGED_TABLES;

const SCRIPT = `
insert into users (id, email, password_hash, given_name, family_name, registration_country)
values ('${HOUSEKEEPING_USER_ID}', 'kept.apart@demo.example', 'x', 'Kept', 'Apart', 'GB');

-- Retention 1d. Finished at the first of: ended, idle for 1800 s, expired.
insert into web_sessions (id_hash, user_id, created_at, last_seen_at, expires_at, ended_at) values
  ('gone-ended', '${HOUSEKEEPING_USER_ID}', now() - interval '3 days', now() - interval '2 days', now() + interval '11 days', now() - interval '2 days'),
  ('gone-idle', '${HOUSEKEEPING_USER_ID}', now() - interval '3 days', now() - interval '3 days', now() + interval '11 days', null),
  ('gone-expired', '${HOUSEKEEPING_USER_ID}', now() - interval '16 days', now() - interval '2 days', now() - interval '2 days', null),
  ('stays-ended-an-hour-ago', '${HOUSEKEEPING_USER_ID}', now() - interval '2 hours', now() - interval '1 hour', now() + interval '13 days', now() - interval '1 hour'),
  ('stays-idle-two-hours', '${HOUSEKEEPING_USER_ID}', now() - interval '3 hours', now() - interval '2 hours', now() + interval '13 days', null),
  ('stays-live-for-13-days', '${HOUSEKEEPING_USER_ID}', now() - interval '13 days', now() - interval '5 minutes', now() + interval '1 day', null);

-- Retention 1d, from the expiry.
insert into oidc_models (model, id, payload, expires_at) values
  ('Session', 'gone-expired-2-days', '{}', now() - interval '2 days'),
  ('AccessToken', 'gone-expired-3-days', '{}', now() - interval '3 days'),
  ('Grant', 'stays-expired-an-hour', '{}', now() - interval '1 hour'),
  ('Grant', 'stays-live', '{}', now() + interval '13 days'),
  ('Client', 'stays-no-expiry', '{}', null);

-- Retention 1d, from the end of the hour a count lasts after its last failure.
insert into login_throttle (key, failures, last_failure_at, locked_until) values
  ('gone:pair:203.0.113.9 someone@example.com', 12, now() - interval '2 days', now() - interval '2 days' + interval '15 minutes'),
  ('gone:ip:203.0.113.10', 3, now() - interval '26 hours', null),
  ('stays:ip:203.0.113.11', 3, now() - interval '2 hours', null),
  ('stays:pair:203.0.113.12 locked@example.com', 10, now() - interval '5 minutes', now() + interval '10 minutes');

-- Retention 1h, from the end of the row's minute.
insert into rate_limits (key, window_start, hits) values
  ('gone:search:address:203.0.113.9', now() - interval '2 hours', 40),
  ('stays:search:address:203.0.113.10', now() - interval '30 minutes', 3),
  ('stays:cart:user:current', now(), 1);

-- Retention 1d; a claim lapses after 60 s.
insert into idempotency_keys (scope, key, request_hash, status, status_code, response, created_at, updated_at) values
  ('place-order:u1', 'gone-answered-2-days', 'h', 'done', 201, '{}', now() - interval '2 days', now() - interval '2 days'),
  ('place-order:u1', 'gone-abandoned-claim', 'h', 'running', null, null, now() - interval '2 days', now() - interval '2 days'),
  ('place-order:u1', 'stays-answered-2-hours', 'h', 'done', 201, '{}', now() - interval '2 hours', now() - interval '2 hours'),
  ('place-order:u1', 'stays-claim-lapsed-30-minutes', 'h', 'running', null, null, now() - interval '30 minutes', now() - interval '30 minutes'),
  ('place-order:u1', 'stays-claim-taken-over-now', 'h', 'running', null, null, now() - interval '3 days', now() - interval '10 seconds');

-- Retention 30d, sent mail only.
insert into mail_outbox (id, template, recipient, locale, data, created_at, status, attempts, sent_at) values
  ('gone-sent-31-days', 'order-confirmation', 'dana.reyes@demo.example', 'en-us', '{}', now() - interval '31 days', 'sent', 1, now() - interval '31 days'),
  ('stays-sent-29-days', 'order-confirmation', 'dana.reyes@demo.example', 'en-us', '{}', now() - interval '29 days', 'sent', 1, now() - interval '29 days'),
  ('stays-pending-60-days', 'order-confirmation', 'dana.reyes@demo.example', 'en-us', '{}', now() - interval '60 days', 'pending', 0, null),
  ('stays-failed-60-days', 'order-confirmation', 'dana.reyes@demo.example', 'en-us', '{}', now() - interval '60 days', 'failed', 30, null);

-- Retention 1d, from the end of a one-time token's day.
insert into payment_sandbox_tokens (token, kind, brand, last4, exp_month, exp_year, behaviour, source_token, customer_ref, used_at, created_at) values
  ('sandbox_tok_gone-spent', 'one-time', 'visa', '4242', 12, 2030, 'approve', null, null, now() - interval '3 days', now() - interval '3 days'),
  ('sandbox_tok_gone-never-used', 'one-time', 'visa', '0002', 12, 2030, 'decline', null, null, null, now() - interval '3 days'),
  ('sandbox_tok_stays-expired-12-hours', 'one-time', 'visa', '4242', 12, 2030, 'approve', null, null, null, now() - interval '36 hours'),
  ('sandbox_tok_stays-usable', 'one-time', 'visa', '4242', 12, 2030, 'approve', null, null, null, now() - interval '1 hour'),
  ('sandbox_pm_stays-saved-card', 'reusable', 'visa', '4242', 12, 2030, 'approve', 'sandbox_tok_gone-spent', 'user:u1', null, now() - interval '400 days');

-- Retention 1d, from a spent challenge token's expiry.
insert into challenge_sandbox_spent (jti, attempt, expires_at) values
  ('gone-expired-2-days', 'a1', now() - interval '2 days'),
  ('stays-expired-12-hours', 'a2', now() - interval '12 hours'),
  ('stays-unexpired', 'a3', now() + interval '1 minute');
`;

/** Writes the rows (into a migrated database). */
export async function writeHousekeepingRows(database: Database): Promise<void> {
  await database.transaction((session) => session.exec(SCRIPT));
}

/** The names of a table's rows, sorted. */
export async function rowNames(database: Database, table: PurgedTable): Promise<string[]> {
  const column = PURGED_TABLES[table];
  const rows = await database.transaction((session) =>
    session.rows<{ name: string }>(`select ${column} as name from ${table} order by 1`),
  );
  return rows.map((row) => row.name);
}

/** Whether a row's name says a purge deletes it. */
export function isGone(name: string): boolean {
  return /(^|_)gone/.test(name);
}

/** How many rows of each table a purge must delete. */
export async function expectedGone(database: Database): Promise<Record<PurgedTable, number>> {
  const counts = {} as Record<PurgedTable, number>;
  for (const table of Object.keys(PURGED_TABLES) as PurgedTable[]) {
    counts[table] = (await rowNames(database, table)).filter(isGone).length;
  }
  return counts;
}
