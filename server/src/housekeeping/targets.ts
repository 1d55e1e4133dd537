/**
 * What housekeeping deletes (issue 26, decision 044): for each table, which rows have
 * finished and from when, so that a row goes once it has been finished for longer than its
 * retention (settings.ts). What must stay never matches: a live session, a provider record
 * not yet expired, a throttle count still counting, the current minute's rate count, an
 * idempotency key still within its replay window or still running, a mail not yet sent (or
 * given up on, for an operator to see), a saved card's token.
 *
 * Every condition compares with the database's clock (`cutoff` is its `now()` less the
 * retention), the same for every instance.
 */
import { sql, type SQL } from 'drizzle-orm';
import { THROTTLE } from '../auth/throttle';
import { SESSION_IDLE_SECONDS } from '../auth/web-sessions';
import { ONE_TIME_TOKEN_LIFETIME_MS } from '../payments/sandbox/sandbox-cards';
import { RUNNING_LEASE_MS } from '../plugins/idempotency';
import { RATE_WINDOW_MS } from '../plugins/rate-limit';
import type { RetentionTarget } from './settings';

export interface PurgeTarget {
  /** The table, as the CLI and the logs name it. */
  readonly table: string;
  readonly retention: RetentionTarget;
  /** Its primary key's columns, by which a batch's rows are deleted. */
  readonly key: readonly string[];
  /** Rows finished before `cutoff` (a timestamptz expression). */
  readonly finishedBefore: (cutoff: SQL) => SQL;
}

/** `cutoff` less a number of milliseconds, as SQL. */
function before(cutoff: SQL, ms: number): SQL {
  return sql`(${cutoff} - ${ms}::bigint * interval '1 millisecond')`;
}

export const PURGE_TARGETS: readonly PurgeTarget[] = [
  {
    // Finished when it ended (logout, idle, grant revoked), when its buyer was last active
    // longer ago than the idle limit (it is over even if no request came to mark it), or at
    // its expiry, whichever came first.
    table: 'web_sessions',
    retention: 'sessions',
    key: ['id_hash'],
    finishedBefore: (cutoff) => sql`(ended_at < ${cutoff}
      or last_seen_at < ${before(cutoff, SESSION_IDLE_SECONDS * 1000)}
      or expires_at < ${cutoff})`,
  },
  {
    // The OpenID provider's sessions, grants, codes, tokens and interactions: finished at
    // their expiry (the provider never reads an expired one). A record without an expiry
    // stays until the provider destroys it.
    table: 'oidc_models',
    retention: 'providerRecords',
    key: ['model', 'id'],
    finishedBefore: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  {
    // A count stops counting after a quiet period (the next failure starts again at one),
    // and a lock ends before that period does; both must be over.
    table: 'login_throttle',
    retention: 'signInThrottle',
    key: ['key'],
    finishedBefore: (
      cutoff,
    ) => sql`(last_failure_at < ${before(cutoff, THROTTLE.resetAfterMinutes * 60_000)}
      and (locked_until is null or locked_until < ${cutoff}))`,
  },
  {
    // Each caller's row holds the count of its current window; it is finished when that
    // window ends (the caller's next request starts a new one).
    table: 'rate_limits',
    retention: 'rateLimits',
    key: ['key'],
    finishedBefore: (cutoff) => sql`window_start < ${before(cutoff, RATE_WINDOW_MS)}`,
  },
  {
    // Finished when answered (a repeat within the retention gets the stored answer), or
    // when a claim lapsed without an answer (its process died: a retry would take it over).
    table: 'idempotency_keys',
    retention: 'idempotencyKeys',
    key: ['scope', 'key'],
    finishedBefore: (cutoff) => sql`((status = 'done' and updated_at < ${cutoff})
      or (status = 'running' and updated_at < ${before(cutoff, RUNNING_LEASE_MS)}))`,
  },
  {
    // Sent mail only: pending and sending mail is still to go, and failed mail waits for an
    // operator (npm run mail).
    table: 'mail_outbox',
    retention: 'sentMail',
    key: ['id'],
    finishedBefore: (cutoff) => sql`(status = 'sent' and sent_at < ${cutoff})`,
  },
  {
    // The sandbox gateway's one-time card tokens, spent or not, once they can no longer be
    // charged or saved. Saved cards' tokens (reusable) and the charges stay.
    table: 'payment_sandbox_tokens',
    retention: 'paymentTokens',
    key: ['token'],
    finishedBefore: (cutoff) => sql`(kind = 'one-time'
      and created_at < ${before(cutoff, ONE_TIME_TOKEN_LIFETIME_MS)})`,
  },
  {
    // The checkout challenge sandbox's spent tokens (decision 061): once a token has expired
    // it is refused for that alone, so its row is no longer needed to refuse it again.
    table: 'challenge_sandbox_spent',
    retention: 'paymentTokens',
    key: ['jti'],
    finishedBefore: (cutoff) => sql`expires_at < ${cutoff}`,
  },
];
