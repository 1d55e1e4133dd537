/**
 * Drizzle definitions of the sandbox gateway's tables (server/migrations/009-payments.sql).
 * Kept apart from the store's schema: they belong to the stand-in gateway, not to the store,
 * and a real gateway brings its own storage. A test checks they agree with the SQL.
 */
import { bigint, char, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sandboxTokens = pgTable('payment_sandbox_tokens', {
  token: text('token').primaryKey(),
  kind: text('kind').notNull().$type<'one-time' | 'reusable'>(),
  brand: text('brand').notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour').notNull(),
  sourceToken: text('source_token'),
  customerRef: text('customer_ref'),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const sandboxCharges = pgTable('payment_sandbox_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  token: text('token').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  reference: text('reference').notNull(),
  /** `approved`: captured. */
  status: text('status')
    .notNull()
    .$type<'authorized' | 'approved' | 'declined' | 'refunded' | 'voided'>(),
  declineReason: text('decline_reason'),
  refundKey: text('refund_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  capturedAt: timestamp('captured_at', { withTimezone: true }),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
});

export const SANDBOX_TABLES = [sandboxTokens, sandboxCharges] as const;
