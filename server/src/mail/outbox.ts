/**
 * The mail outbox's queries (decision 027). Rows are written by the event store with the
 * events they come from; here they are claimed, marked sent, put back for a later try or
 * given up on, and listed. A claim is a lease: the row is 'sending' until `lease_until`,
 * and only the claim that holds it may settle it, so two workers never both send a mail
 * unless one of them outlived its lease (decision 027 says when that can happen).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mailOutbox, type MailStatus } from './outbox-table';

/** A mail claimed for sending. */
export interface ClaimedMail {
  readonly id: string;
  readonly template: string;
  readonly recipient: string;
  readonly locale: string;
  readonly data: unknown;
  /** Claims so far, this one included. */
  readonly attempts: number;
}

/** A mail as `npm run mail` shows it. */
export interface OutboxEntry {
  readonly id: string;
  readonly template: string;
  readonly recipient: string;
  readonly locale: string;
  readonly data: unknown;
  readonly status: MailStatus;
  readonly attempts: number;
  readonly createdAt: Date;
  readonly nextAttemptAt: Date;
  readonly lastError: string | null;
  readonly sentAt: Date | null;
  readonly messageId: string | null;
}

/** Both drivers answer raw SQL with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const ms = (value: number) =>
  sql`(${Math.max(0, Math.round(value))}::integer * interval '1 millisecond')`;

/**
 * Claims up to `limit` due mails (waiting and due, or claimed by someone whose lease lapsed)
 * for `claim`, until now + `leaseMs`. Rows another transaction is claiming are skipped.
 */
export async function claimDueMails(
  db: Db,
  claim: string,
  leaseMs: number,
  limit: number,
): Promise<ClaimedMail[]> {
  const rows = rowsOf<{
    id: string;
    template: string;
    recipient: string;
    locale: string;
    data: unknown;
    attempts: number;
  }>(
    await db.execute(sql`
      update ${mailOutbox} m
         set status = 'sending',
             attempts = m.attempts + 1,
             lease_owner = ${claim},
             lease_until = now() + ${ms(leaseMs)},
             next_attempt_at = now() + ${ms(leaseMs)}
       where m.id in (
         select id from ${mailOutbox}
          where status in ('pending', 'sending') and next_attempt_at <= now()
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked)
      returning m.id, m.template, m.recipient, m.locale, m.data, m.attempts`),
  );
  return rows
    .map((row) => ({ ...row, attempts: Number(row.attempts) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Marks a mail sent, if `claim` still holds it; false when it does not any more. */
export async function markMailSent(
  db: Db,
  id: string,
  claim: string,
  messageId: string,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${mailOutbox}
         set status = 'sent', sent_at = now(), message_id = ${messageId}, last_error = null,
             lease_owner = null, lease_until = null
       where id = ${id} and lease_owner = ${claim} and status = 'sending'
      returning id`),
  );
  return rows.length > 0;
}

/**
 * Settles a failed try: due again after `retryInMs`, or given up on ('failed') when
 * `retryInMs` is null. `error` says what went wrong, never what the mail said.
 */
export async function markMailFailedTry(
  db: Db,
  id: string,
  claim: string,
  error: string,
  retryInMs: number | null,
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${mailOutbox}
         set status = ${retryInMs === null ? 'failed' : 'pending'},
             next_attempt_at = now() + ${ms(retryInMs ?? 0)},
             last_error = ${error},
             lease_owner = null, lease_until = null
       where id = ${id} and lease_owner = ${claim} and status = 'sending'
      returning id`),
  );
  return rows.length > 0;
}

/** Gives back what `claim` holds and has not tried yet: due at once, the claim not counted. */
export async function releaseMailClaim(db: Db, claim: string): Promise<void> {
  await db.execute(sql`
    update ${mailOutbox}
       set status = 'pending', attempts = greatest(attempts - 1, 0), next_attempt_at = now(),
           lease_owner = null, lease_until = null
     where lease_owner = ${claim} and status = 'sending'`);
}

interface EntryRow {
  id: string;
  template: string;
  recipient: string;
  locale: string;
  data: unknown;
  status: MailStatus;
  attempts: number;
  created_at: Date | string;
  next_attempt_at: Date | string;
  last_error: string | null;
  sent_at: Date | string | null;
  message_id: string | null;
}

function entryOf(row: EntryRow): OutboxEntry {
  return {
    id: row.id,
    template: row.template,
    recipient: row.recipient,
    locale: row.locale,
    data: row.data,
    status: row.status,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at),
    nextAttemptAt: new Date(row.next_attempt_at),
    lastError: row.last_error,
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    messageId: row.message_id,
  };
}

/** Mails not sent yet (waiting, being sent, given up on), oldest first. */
export async function unsentMails(db: Db): Promise<OutboxEntry[]> {
  return rowsOf<EntryRow>(
    await db.execute(sql`
      select id, template, recipient, locale, data, status, attempts, created_at,
             next_attempt_at, last_error, sent_at, message_id
        from ${mailOutbox}
       where status <> 'sent'
       order by created_at, id`),
  ).map(entryOf);
}

export async function mailById(db: Db, id: string): Promise<OutboxEntry | undefined> {
  const [row] = rowsOf<EntryRow>(
    await db.execute(sql`
      select id, template, recipient, locale, data, status, attempts, created_at,
             next_attempt_at, last_error, sent_at, message_id
        from ${mailOutbox}
       where id = ${id}`),
  );
  return row ? entryOf(row) : undefined;
}

/** Whether the database has the outbox (a store that never started since it came has not). */
export async function hasMailOutbox(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('mail_outbox') is not null as present`),
  );
  return row?.present === true;
}
