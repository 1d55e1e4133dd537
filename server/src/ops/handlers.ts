/**
 * What the running store does for each operator command (contract.ts). The mapped type
 * makes a command without a handler, or a handler with the wrong arguments or answer, a
 * type error.
 */
import type { InvoiceView } from '../../../domain/invoice/invoice';
import type { Order } from '../../../domain/order/order';
import type { OrderStatus } from '../../../domain/order/status';
import { listKeys, rotateKeys } from '../auth/keys';
import type { CommandHandler } from '../commands/execute';
import { seedBuyerSet } from '../customers/buyer-sets';
import type { Database, SqlSession } from '../db/database';
import { runHousekeepingNow } from '../housekeeping/housekeeper';
import type { HousekeepingSettings } from '../housekeeping/settings';
import {
  creditInvoice,
  findInvoice,
  invoiceReport,
  invoicesReport,
  issueOrderInvoice,
} from '../invoices/operator';
import { hasMailOutbox } from '../mail/outbox';
import {
  endMaintenance,
  readMaintenance,
  startMaintenance,
  type Maintenance,
} from '../maintenance/maintenance';
import { mailPart, outboxReport } from '../mail/report';
import type { MailTranslations } from '../mail/translations';
import {
  changeOrder,
  findOrder,
  OperatorError,
  orderReport,
  ordersReport,
  stepOrder,
  type OperatorAction,
} from '../orders/operator';
import { qualificationsReport, reviewQualification } from '../qualifications/operator';
import { NoSuchUserError } from '../support/agents';
import { addAgentReport, agentsReport, auditReport, removeAgentReport } from '../support/operator';
import type { OperatorArgs, OperatorCommandName, OperatorResult } from './contract';

export interface OperatorContext {
  readonly database: Database;
  readonly startedAt: Date;
  /** The store's housekeeping settings, for `npm run housekeeping` (decision 044). */
  readonly housekeeping: HousekeepingSettings;
  /**
   * The store's one way in for writes (decision 047), for `npm run orders` and `npm run
   * invoices`; its event store
   * serves the order kind's fulfilment context, which `orders-step` needs.
   */
  readonly commands: CommandHandler;
  /** For `npm run mail`: where the store sends mail (SMTP_URL) and the mails' catalogs. */
  readonly mail: {
    readonly smtpUrl: string | undefined;
    /** Read when first needed. */
    readonly translations: () => MailTranslations;
  };
  /**
   * Maintenance started or ended (`npm run maintenance`): the running store's pages and API
   * follow at once, not after their next read (decision 069).
   */
  readonly maintenanceChanged?: () => void;
  /** The store seeds the demo users (DEMO_USERS=on): only then are new sets of them made. */
  readonly demoUsers?: boolean;
}

export interface Handled<N extends OperatorCommandName> {
  readonly result: OperatorResult<N>;
  /** Bytes sent after the answer. */
  readonly attachment?: Uint8Array;
}

/** A refusal the operator can act on, as opposed to a failure of the store. */
export class OperatorCommandError extends Error {
  override readonly name = 'OperatorCommandError';
  constructor(
    readonly code: 'unavailable' | 'refused' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a database holds, in a few numbers an operator can compare after a restore. A stream
 * is counted once it holds an event: a new stream's row is made just before its first write,
 * in a transaction of its own, so an image can hold a row whose first command had not yet
 * written (an order being placed as the image was taken is not an order).
 */
export async function storeFacts(session: Pick<SqlSession, 'rows'>) {
  const kinds = await session.rows<{ kind: string; n: string }>(
    'select kind, count(*)::text as n from streams where version > 0 group by kind order by kind',
  );
  const [events] = await session.rows<{ n: string; last: string }>(
    'select count(*)::text as n, coalesce(max(position), 0)::text as last from events',
  );
  const [version] = await session.rows<{ v: string }>(
    "select current_setting('server_version') as v",
  );
  return {
    streams: Object.fromEntries(kinds.map((row) => [row.kind, Number(row.n)])),
    events: Number(events?.n ?? 0),
    lastPosition: Number(events?.last ?? 0),
    postgresVersion: version?.v ?? 'unknown',
  };
}

/** An order in a few words: what the operator's tool prints and tests look at. */
function summaryOf(order: Order): OperatorResult<'orders-show'>['order'] {
  return {
    orderId: order.orderId,
    webReference: order.webReference,
    orderNumber: order.fulfilment.orderNumber,
    status: order.status,
  };
}

/** An invoice in a few words: what the operator's tool prints and tests look at. */
function invoiceSummaryOf(view: InvoiceView): OperatorResult<'invoices-show'>['invoice'] {
  const invoice = view.invoice;
  if (!invoice) throw new OperatorCommandError('failed', 'The invoice has not been issued.');
  return {
    invoiceId: invoice.invoiceId,
    number: invoice.number,
    webReference: invoice.webReference,
    status: view.status,
    currency: invoice.currency,
    totalMinor: invoice.totals.totalMinor,
    balanceMinor: view.balanceMinor,
    creditNote: view.creditNote?.number ?? null,
  };
}

/** An unknown user given to `npm run agents` or `npm run audit`, answered as a refusal. */
async function asSupportRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NoSuchUserError) {
      throw new OperatorCommandError('refused', error.message);
    }
    throw error;
  }
}

/** A change the rules refuse, or an order that is not there, answered as a refusal. */
async function refusingAsOperator<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OperatorError) throw new OperatorCommandError('refused', error.message);
    throw error;
  }
}

function orderAction(
  action: OperatorArgs<'orders-change'>['action'],
  to: OrderStatus | undefined,
): OperatorAction {
  if (action !== 'move') return { kind: action };
  if (to === undefined)
    throw new OperatorCommandError('refused', 'move needs the status to move to.');
  return { kind: 'move', to };
}

/** Maintenance as the operator's tool shows it. */
function maintenanceState(maintenance: Maintenance | null, what: string) {
  if (!maintenance) return { maintenance: null, report: `${what}The store is open.\n` };
  const note = maintenance.note ? ` Note: ${maintenance.note}` : '';
  return {
    maintenance: {
      since: maintenance.since.toISOString(),
      by: maintenance.by,
      retryAfterSeconds: maintenance.retryAfterSeconds,
      note: maintenance.note,
    },
    report: `${what}The store is down for maintenance since ${maintenance.since.toISOString()} (started by ${maintenance.by}): pages answer 503 with Retry-After ${String(maintenance.retryAfterSeconds)} s, API writes are refused.${note}\n`,
  };
}

const NO_OUTBOX = 'Mail outbox: none in this database yet (start the store once).\n';

type Handlers = {
  readonly [N in OperatorCommandName]: (
    args: OperatorArgs<N>,
    context: OperatorContext,
  ) => Promise<Handled<N>>;
};

export const OPERATOR_HANDLERS: Handlers = {
  status: (_args, { database, startedAt }) =>
    Promise.resolve({
      result: { pid: process.pid, database: database.kind, startedAt: startedAt.toISOString() },
    }),

  backup: async (_args, { database }) => {
    if (!database.snapshot) {
      throw new OperatorCommandError(
        'unavailable',
        'The store runs on PostgreSQL (DATABASE_URL): back it up with pg_dump (see the README).',
      );
    }
    const { image, facts } = await database.snapshot(async (session) => ({
      takenAt: new Date().toISOString(),
      ...(await storeFacts(session)),
    }));
    return {
      result: facts,
      attachment: image,
    };
  },

  'keys-list': async (_args, { database }) => ({
    result: (await listKeys(database.db)).map((key) => ({
      id: key.id,
      purpose: key.purpose,
      state: key.state,
      createdAt: key.createdAt.toISOString(),
      retiredAt: key.retiredAt?.toISOString() ?? null,
      keptUntil: key.keptUntil?.toISOString() ?? null,
    })),
  }),

  // The running store reads the rotation like any other (decision 034): within a minute.
  'keys-rotate': async ({ purposes }, { database }) => {
    const rotation = await rotateKeys(database.db, new Date(), purposes);
    return {
      result: {
        added: [...rotation.added],
        retired: [...rotation.retired],
        dropped: [...rotation.dropped],
      },
    };
  },

  // With the store's own settings, under the same lease as its rounds (decision 044).
  housekeeping: async ({ dryRun }, { database, housekeeping }) => {
    const report = await runHousekeepingNow(database.db, housekeeping, { dryRun });
    return { result: { ...report, tables: [...report.tables] } };
  },

  'orders-list': async ({ status, limit }, { database }) => ({
    result: {
      report: await ordersReport(database.db, { limit, ...(status ? { status } : {}) }),
    },
  }),

  'orders-show': async ({ reference }, { database }) => {
    const found = await findOrder(database.db, reference);
    if (!found) throw new OperatorCommandError('refused', `No order ${reference}.`);
    return { result: { order: summaryOf(found.order), report: orderReport(found.order) } };
  },

  // Each change is an event with the operator as its actor (decision 047).
  'orders-change': async ({ reference, action, to, note, by }, { database, commands }) => {
    const order = await refusingAsOperator(() =>
      changeOrder(database.db, commands, {
        reference,
        action: orderAction(action, to),
        operator: by,
        ...(note ? { note } : {}),
      }),
    );
    return { result: summaryOf(order) };
  },

  'orders-step': async ({ reference, by }, { database, commands }) => {
    const { order, stepped, waiting } = await refusingAsOperator(() =>
      stepOrder(database.db, commands, { reference, operator: by }),
    );
    return { result: { ...summaryOf(order), stepped, waiting } };
  },

  'invoices-list': async ({ status, account, limit }, { database }) => ({
    result: {
      report: await invoicesReport(database.db, {
        limit,
        ...(status ? { status } : {}),
        ...(account ? { account } : {}),
      }),
    },
  }),

  'invoices-show': async ({ reference }, { database }) => {
    const found = await findInvoice(database.db, reference);
    if (!found) throw new OperatorCommandError('refused', `No invoice ${reference}.`);
    return {
      result: {
        invoice: invoiceSummaryOf(found.view),
        report: await invoiceReport(database.db, found),
      },
    };
  },

  // Each change is an event with the operator as its actor (decision 053).
  'invoices-issue': async ({ reference, by }, { database, commands }) => {
    const view = await refusingAsOperator(() =>
      issueOrderInvoice(database.db, commands, { reference, operator: by }),
    );
    return { result: invoiceSummaryOf(view) };
  },

  'invoices-credit': async ({ reference, reason, note, by }, { database, commands }) => {
    const view = await refusingAsOperator(() =>
      creditInvoice(database.db, commands, {
        reference,
        reason,
        operator: by,
        ...(note ? { note } : {}),
      }),
    );
    return { result: invoiceSummaryOf(view) };
  },

  // For the browser tests (decision 067): never in a store without the demo users.
  'buyers-new': async (_args, { database, commands, demoUsers }) => {
    if (!demoUsers) {
      throw new OperatorCommandError(
        'refused',
        'This store has no demo users (DEMO_USERS=off): it makes no new sets of them.',
      );
    }
    return { result: await seedBuyerSet(database.db, commands) };
  },

  'mail-list': async (_args, { database, mail }) => {
    if (!(await hasMailOutbox(database.db))) return { result: { report: NO_OUTBOX } };
    const report = await outboxReport(database.db, {
      smtpUrl: mail.smtpUrl,
      translations: mail.translations(),
    });
    return { result: { report } };
  },

  'qualifications-list': async ({ status, limit }, { database }) => ({
    result: { report: await qualificationsReport(database.db, { status, limit }) },
  }),

  'qualifications-review': async ({ id, level, reason, by }, { database, commands }) => {
    try {
      const reviewed = await reviewQualification(
        { db: database.db, commands },
        id,
        level ? { decision: 'approve', level } : { decision: 'reject', reason: reason ?? '' },
        by,
      );
      return {
        result: {
          id,
          email: reviewed.email,
          status: reviewed.qualification.status,
          grantedLevel: reviewed.qualification.level,
          userLevel: reviewed.level,
        },
      };
    } catch (error) {
      if (error instanceof OperatorError) throw new OperatorCommandError('refused', error.message);
      throw error;
    }
  },

  'agents-list': async (_args, { database }) => ({
    result: { report: await agentsReport(database.db) },
  }),

  'agents-add': async ({ email, regions }, { database }) => ({
    result: { report: await asSupportRefusal(() => addAgentReport(database.db, email, regions)) },
  }),

  'agents-remove': async ({ email }, { database }) => ({
    result: {
      report: await asSupportRefusal(() => removeAgentReport(database.db, email, new Date())),
    },
  }),

  audit: async ({ agent, customer, since }, { database }) => ({
    result: {
      report: await asSupportRefusal(() =>
        auditReport(database.db, {
          ...(agent ? { agent } : {}),
          ...(customer ? { customer } : {}),
          ...(since ? { since: new Date(since) } : {}),
        }),
      ),
    },
  }),

  'maintenance-start': async (
    { retryAfterSeconds, note, by },
    { database, maintenanceChanged },
  ) => {
    const started = await startMaintenance(database.db, {
      by,
      retryAfterSeconds,
      ...(note ? { note } : {}),
      now: new Date(),
    });
    maintenanceChanged?.();
    return { result: maintenanceState(started, '') };
  },

  'maintenance-end': async ({ by }, { database, maintenanceChanged }) => {
    const ended = await endMaintenance(database.db);
    maintenanceChanged?.();
    const what = ended
      ? `Maintenance started ${ended.since.toISOString()} by ${ended.by} was ended by ${by}. `
      : 'No maintenance was running. ';
    return { result: maintenanceState(null, what) };
  },

  'maintenance-show': async (_args, { database }) => ({
    result: maintenanceState(await readMaintenance(database.db), ''),
  }),

  'mail-show': async ({ id, html }, { database, mail }) => {
    if (!(await hasMailOutbox(database.db))) return { result: { text: NO_OUTBOX } };
    const part = await mailPart(database.db, id, html ? 'html' : 'text', mail.translations());
    if (part === undefined)
      throw new OperatorCommandError('refused', `No mail ${id} in the outbox.`);
    return { result: { text: part } };
  },
};

/**
 * One command's handler run on arguments its contract has parsed: by the channel, and by an
 * operator's tool that opened the database itself because no store runs.
 */
export function runOperatorCommand<N extends OperatorCommandName>(
  command: N,
  args: OperatorArgs<N>,
  context: OperatorContext,
): Promise<Handled<N>> {
  // The mapped type pairs each name with its own handler; TypeScript cannot follow N into it.
  const handler = OPERATOR_HANDLERS[command] as (
    args: OperatorArgs<N>,
    context: OperatorContext,
  ) => Promise<Handled<N>>;
  return handler(args, context);
}
