/**
 * The `mail_outbox` table (server/migrations/010-mail-outbox.sql; decision 027) for typed
 * queries. The SQL file is the source of truth; mail-outbox.int.spec.ts checks they agree.
 */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailOutbox = pgTable('mail_outbox', {
  id: text('id').primaryKey(),
  template: text('template').notNull(),
  recipient: text('recipient').notNull(),
  locale: text('locale').notNull(),
  data: jsonb('data').notNull(),
  streamId: text('stream_id'),
  eventVersion: integer('event_version'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  status: text('status').$type<MailStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  messageId: text('message_id'),
});
