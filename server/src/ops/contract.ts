/**
 * The operator channel's commands (decision 037): a Unix domain socket in DATA_DIR through
 * which the running store answers the store's operators (`npm run backup`, `keys`,
 * `housekeeping`, `orders`, `invoices`, `mail`, `maintenance`). Each command names its arguments and its answer with zod; the
 * store validates the arguments, the operator's tool validates the answer. A command is added
 * here and in handlers.ts; the types make both sides agree.
 */
import path from 'node:path';
import * as z from 'zod';
import {
  creditNoteRemarkSchema,
  creditReasonSchema,
  invoiceAccountSchema,
  invoiceListLimitSchema,
  invoiceReferenceSchema,
  invoiceStatusSchema,
} from '../../../domain/invoice/operator';
import { ORDER_STATUSES } from '../../../domain/order/status';
import {
  qualificationIdSchema,
  qualificationListLimitSchema,
  qualificationListStatusSchema,
  reviewLevelSchema,
  reviewReasonSchema,
} from '../../../domain/qualification/operator';
import { KEY_PURPOSES } from '../auth/keys';

/** Linux keeps a socket's path in 108 bytes, the terminating NUL included. */
export const MAX_SOCKET_PATH_BYTES = 107;

/** The channel lives in a directory only the store's OS user may enter. */
export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, 'operator', 'store.sock');
}

const counts = z.record(z.string(), z.number().int().nonnegative());
const rotatedKey = z.object({ purpose: z.enum(KEY_PURPOSES), id: z.string().min(1) });
/** An order's id, Web reference # or Order #. */
const orderReference = z.string().trim().min(1).max(100);
/** Who acts: their name is the actor of the order's event. */
const operatorName = z.string().trim().min(1).max(100);
const orderSummary = z.object({
  orderId: z.string().min(1),
  webReference: z.string().min(1),
  orderNumber: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
});
const invoiceSummary = z.object({
  invoiceId: z.string().min(1),
  number: z.string().min(1),
  webReference: z.string().min(1),
  status: invoiceStatusSchema,
  currency: z.string().min(1),
  totalMinor: z.number().int(),
  balanceMinor: z.number().int(),
  creditNote: z.string().nullable(),
});

const maintenanceState = z.object({
  /** The maintenance running, or null when the store is open. */
  maintenance: z
    .object({
      since: z.iso.datetime(),
      by: z.string(),
      retryAfterSeconds: z.number().int().positive(),
      note: z.string().nullable(),
    })
    .nullable(),
  report: z.string(),
});

export const OPERATOR_COMMANDS = {
  status: {
    summary: 'the running store: its process, database and how long it has run',
    args: z.object({}).strict(),
    result: z.object({
      pid: z.number().int().positive(),
      database: z.enum(['pglite', 'postgres']),
      startedAt: z.iso.datetime(),
    }),
  },
  backup: {
    summary: 'a consistent image of the embedded database, sent after the answer',
    args: z.object({}).strict(),
    result: z.object({
      takenAt: z.iso.datetime(),
      /** The PostgreSQL major version of the image (PG_VERSION). */
      postgresVersion: z.string().min(1),
      /** Streams of each kind that hold an event, events and the last event position, as the image holds them. */
      streams: counts,
      events: z.number().int().nonnegative(),
      lastPosition: z.number().int().nonnegative(),
    }),
  },
  'keys-list': {
    summary: "the sign-in keys' ids, purposes and ages (never their material)",
    args: z.object({}).strict(),
    result: z.array(
      z.object({
        id: z.string().min(1),
        purpose: z.string().min(1),
        state: z.enum(['current', 'retired']),
        createdAt: z.iso.datetime(),
        retiredAt: z.iso.datetime().nullable(),
        keptUntil: z.iso.datetime().nullable(),
      }),
    ),
  },
  'keys-rotate': {
    summary: 'new sign-in keys of these purposes become current; the old ones still verify',
    args: z
      .object({ purposes: z.array(z.enum(KEY_PURPOSES)).min(1).max(KEY_PURPOSES.length) })
      .strict(),
    result: z.object({
      added: z.array(rotatedKey),
      retired: z.array(rotatedKey),
      dropped: z.array(z.string()),
    }),
  },
  housekeeping: {
    summary: 'purges now what has outlived its retention (decision 044), or counts it (dry run)',
    args: z.object({ dryRun: z.boolean() }).strict(),
    result: z.object({
      dryRun: z.boolean(),
      outcome: z.enum(['purged', 'counted', 'busy', 'lost']),
      round: z.number().int().nonnegative().nullable(),
      tables: z.array(
        z.object({
          table: z.string().min(1),
          retentionMs: z.number().int().nonnegative(),
          rows: z.number().int().nonnegative(),
        }),
      ),
    }),
  },
  'orders-list': {
    summary: 'the newest orders, a line each (npm run orders -- list)',
    args: z
      .object({
        status: z.enum(ORDER_STATUSES).optional(),
        limit: z.number().int().min(1).max(10_000),
      })
      .strict(),
    result: z.object({ report: z.string() }),
  },
  'orders-show': {
    summary: 'one order and its history',
    args: z.object({ reference: orderReference }).strict(),
    result: z.object({ order: orderSummary, report: z.string() }),
  },
  'orders-change': {
    summary: "an operator cancels, returns or moves an order, under the fulfilment's rules",
    args: z
      .object({
        reference: orderReference,
        action: z.enum(['cancel', 'return', 'move']),
        /** The status a move goes to. */
        to: z.enum(ORDER_STATUSES).optional(),
        note: z.string().max(2_000).optional(),
        by: operatorName,
      })
      .strict(),
    result: orderSummary,
  },
  'orders-step': {
    summary: "the order's next fulfilment step, taken now rather than at its time",
    args: z.object({ reference: orderReference, by: operatorName }).strict(),
    result: orderSummary.extend({
      stepped: z.boolean(),
      /** What the order waits for, when no step was taken. */
      waiting: z.string().nullable(),
    }),
  },
  'invoices-list': {
    summary: 'the newest invoices, a line each (npm run invoices -- list)',
    args: z
      .object({
        status: invoiceStatusSchema.optional(),
        account: invoiceAccountSchema.optional(),
        limit: invoiceListLimitSchema,
      })
      .strict(),
    result: z.object({ report: z.string() }),
  },
  'invoices-show': {
    summary: 'one invoice: its fields, payments, credit note and history',
    args: z.object({ reference: invoiceReferenceSchema }).strict(),
    result: z.object({ invoice: invoiceSummary, report: z.string() }),
  },
  'invoices-issue': {
    summary: 'an operator issues the invoice of an order that shipped and has none yet',
    args: z.object({ reference: orderReference, by: operatorName }).strict(),
    result: invoiceSummary,
  },
  'invoices-credit': {
    summary: 'an operator credits an invoice in full with a credit note',
    args: z
      .object({
        reference: invoiceReferenceSchema,
        reason: creditReasonSchema,
        note: creditNoteRemarkSchema.optional(),
        by: operatorName,
      })
      .strict(),
    result: invoiceSummary,
  },
  'qualifications-list': {
    summary: 'the qualifications of a status, pending by default (npm run qualifications -- list)',
    args: z
      .object({ status: qualificationListStatusSchema, limit: qualificationListLimitSchema })
      .strict(),
    result: z.object({ report: z.string() }),
  },
  'qualifications-review': {
    summary: 'an operator approves a qualification with the level it grants, or rejects it',
    args: z
      .object({
        id: qualificationIdSchema,
        level: reviewLevelSchema.optional(),
        reason: reviewReasonSchema.optional(),
        by: operatorName,
      })
      .strict()
      .refine((a) => (a.level === undefined) !== (a.reason === undefined), {
        message: 'Give either a level to approve with or a reason to reject.',
      }),
    result: z.object({
      id: z.string(),
      email: z.string(),
      status: z.string(),
      grantedLevel: z.string().nullable(),
      userLevel: z.string().nullable(),
    }),
  },
  'agents-list': {
    summary: 'the customer service agents and their regions (npm run agents -- list)',
    args: z.object({}).strict(),
    result: z.object({ report: z.string() }),
  },
  'agents-add': {
    summary: 'makes a user a customer service agent for these regions',
    args: z
      .object({
        email: z.string().trim().min(3).max(254),
        regions: z
          .array(z.enum(['US', 'CA', 'EU', 'AP']))
          .min(1)
          .max(4),
      })
      .strict(),
    result: z.object({ report: z.string() }),
  },
  'agents-remove': {
    summary: 'a customer service agent no longer is one; their sign-ins end',
    args: z.object({ email: z.string().trim().min(3).max(254) }).strict(),
    result: z.object({ report: z.string() }),
  },
  audit: {
    summary: 'customer service sessions and what was done in them (npm run audit)',
    args: z
      .object({
        agent: z.string().trim().min(3).max(254).optional(),
        customer: z.string().trim().min(3).max(254).optional(),
        since: z.iso.datetime().optional(),
      })
      .strict()
      .refine((a) => a.agent !== undefined || a.customer !== undefined, {
        message: 'Give --agent or --customer.',
      }),
    result: z.object({ report: z.string() }),
  },
  'maintenance-start': {
    summary:
      'storefront pages answer 503 with the error.503.html page and API writes are refused (npm run maintenance -- start)',
    args: z
      .object({
        retryAfterSeconds: z.number().int().min(1).max(86_400),
        note: z.string().trim().min(1).max(500).optional(),
        by: operatorName,
      })
      .strict(),
    result: maintenanceState,
  },
  'maintenance-end': {
    summary: 'the store is open again (npm run maintenance -- end)',
    args: z.object({ by: operatorName }).strict(),
    result: maintenanceState,
  },
  'maintenance-show': {
    summary: 'whether the store is down for maintenance, since when and by whom',
    args: z.object({}).strict(),
    result: maintenanceState,
  },
  'buyers-new': {
    summary:
      'a new set of buyers shaped as the demo buyers, with emails and account numbers of their own (decision 067)',
    args: z.object({}).strict(),
    result: z.object({
      tag: z.string().min(1),
      buyers: z.record(
        z.enum(['dana', 'sam', 'priya', 'tomas', 'grace']),
        z.object({
          email: z.string().min(3),
          password: z.string().min(1),
          firstName: z.string().min(1),
          lastName: z.string().min(1),
        }),
      ),
      accounts: z.record(
        z.enum([
          'danaPersonal',
          'riverside',
          'lakeshore',
          'riversideQglobal',
          'tomasQglobal',
          'danaQglobal',
          'riversideAimsweb',
          'northgate',
          'danaMerged',
          'eastbrook',
        ]),
        z.string().min(1),
      ),
    }),
  },
  'mail-list': {
    summary: 'the mails not sent yet (npm run mail)',
    args: z.object({}).strict(),
    result: z.object({ report: z.string() }),
  },
  'mail-show': {
    summary: "one mail's headers and its plain-text (or HTML) part",
    args: z.object({ id: z.string().min(1).max(300), html: z.boolean() }).strict(),
    result: z.object({ text: z.string() }),
  },
} as const satisfies Record<
  string,
  { readonly summary: string; readonly args: z.ZodType; readonly result: z.ZodType }
>;

export type OperatorCommandName = keyof typeof OPERATOR_COMMANDS;
export type OperatorArgs<N extends OperatorCommandName> = z.output<
  (typeof OPERATOR_COMMANDS)[N]['args']
>;
export type OperatorResult<N extends OperatorCommandName> = z.output<
  (typeof OPERATOR_COMMANDS)[N]['result']
>;

export const MAX_REQUEST_BYTES = 64 * 1024;

/** One line of JSON from the operator's tool. */
export const operatorRequestSchema = z
  .object({
    command: z.string().min(1).max(100),
    args: z.unknown().optional(),
  })
  .strict();

export const operatorErrorCodes = [
  'bad_request',
  'unknown_command',
  'invalid_args',
  'unavailable',
  /** What was asked cannot be done, and the message says why (no such order, a rule). */
  'refused',
  'failed',
] as const;

/**
 * The store's one line of answer; when `attachment` is given, that many bytes follow it on
 * the socket (the backup's image).
 */
export const operatorAnswerSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    result: z.unknown(),
    attachment: z.number().int().nonnegative().optional(),
  }),
  z.object({
    ok: z.literal(false),
    error: z.object({ code: z.enum(operatorErrorCodes), message: z.string() }),
  }),
]);
export type OperatorAnswer = z.infer<typeof operatorAnswerSchema>;
