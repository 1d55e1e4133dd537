/**
 * What the store's staff do to invoices (`npm run invoices`; decision 053): list them, look at
 * one with its stream's history, issue the invoice of an order that qualifies and has none
 * yet, or credit one. Each change is a command on the invoice's stream with the operator as
 * its actor, decided by the invoice's own rules. An issue is the invoicing process manager's
 * own (invoice-process.ts): the stream of the order's id, a number taken once, `invoiceOf` the
 * order dated by the change that shipped it; so the manager, coming to that change later,
 * finds the invoice issued and does nothing.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  invoiceView,
  type InvoiceState,
  type InvoiceStatus,
  type InvoiceView,
} from '../../../domain/invoice/invoice';
import { invoiceIdOf, invoiceOf, issuingChange } from '../../../domain/invoice/issue';
import { filterInvoices } from '../../../domain/invoice/list';
import { creditNoteText } from '../../../domain/invoice/operator';
import { INVOICES_READ_MODEL, invoiceStreamKind } from '../../../domain/invoice/stream';
import type { Order } from '../../../domain/order/order';
import { minorDigits } from '../../../domain/pricing/money';
import type { Actor } from '../../../domain/shared/event-metadata';
import { formatMessage } from '../../../domain/shared/message';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { acting } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { findOrder, OperatorError } from '../orders/operator';
import { issueInvoiceNumber } from './invoice-repository';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An invoice as the read model holds it, with its stream's address and version. */
export interface FoundInvoice {
  readonly streamId: string;
  readonly version: number;
  readonly view: InvoiceView;
}

/** Letters and digits only, upper case: 'inv-4820 0011' is INV48200011. */
const numberLike = (text: string): string => text.toUpperCase().replace(/[\s-]/g, '');

/** One invoice by its id or its number (INV…). */
export async function findInvoice(db: Db, reference: string): Promise<FoundInvoice | undefined> {
  const wanted = reference.trim();
  const [row] = rowsOf<{ stream_id: string; version: number; doc: InvoiceState }>(
    await db.execute(sql`
      select stream_id, version, doc from read_models
       where model = ${INVOICES_READ_MODEL}
         and (stream_id = ${streamIdOf(invoiceStreamKind, wanted)}
              or doc -> 'invoice' ->> 'number' = ${numberLike(wanted)})
       limit 1`),
  );
  if (!row) return undefined;
  const version = Number(row.version);
  return { streamId: row.stream_id, version, view: invoiceView(row.doc, version) };
}

/** The invoice's number, for messages (a read model row always holds an issued invoice). */
const numberOf = (view: InvoiceView): string => view.invoice?.number ?? '-';

/** An amount in its currency's minor units, written for a terminal: `123.45 GBP`. */
export function amountText(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}

export interface InvoiceListOptions {
  readonly status?: InvoiceStatus;
  /** A customer account's id or number. */
  readonly account?: string;
  readonly limit?: number;
}

/** The invoices, newest first (the status is worked out from each, as the pages do). */
async function listInvoices(db: Db, options: InvoiceListOptions): Promise<InvoiceView[]> {
  const limit = options.limit ?? 50;
  const account = options.account?.trim();
  const rows = rowsOf<{ doc: InvoiceState; version: number }>(
    await db.execute(sql`
      select rm.doc, rm.version from read_models rm
        join streams s on s.stream_id = rm.stream_id
       where rm.model = ${INVOICES_READ_MODEL}
         ${
           account
             ? sql`and (rm.doc -> 'invoice' -> 'account' ->> 'id' = ${account}
                        or rm.doc -> 'invoice' -> 'account' ->> 'number' = ${account})`
             : sql``
         }
       order by rm.doc -> 'invoice' ->> 'issuedOn' desc, s.created_at desc, rm.stream_id
       ${options.status ? sql`` : sql`limit ${limit}`}`),
  );
  const views = rows.map((row) => invoiceView(row.doc, Number(row.version)));
  return filterInvoices(views, { status: options.status }).slice(0, limit);
}

/** The invoices, a line each, for a terminal. */
export async function invoicesReport(db: Db, options: InvoiceListOptions = {}): Promise<string> {
  const views = await listInvoices(db, options);
  if (views.length === 0) return 'No invoices.\n';
  const header = [
    'Invoice #'.padEnd(11),
    'Order'.padEnd(11),
    'PO'.padEnd(16),
    'Account'.padEnd(8),
    'Status'.padEnd(14),
    'Total'.padEnd(14),
    'Balance'.padEnd(14),
    'Due',
  ].join('  ');
  const lines = views.flatMap(({ invoice, status, balanceMinor }) =>
    invoice
      ? [
          [
            invoice.number.padEnd(11),
            invoice.webReference.padEnd(11),
            (invoice.poNumber ?? '-').padEnd(16),
            invoice.account.number.padEnd(8),
            status.padEnd(14),
            amountText(invoice.totals.totalMinor, invoice.currency).padEnd(14),
            amountText(balanceMinor, invoice.currency).padEnd(14),
            invoice.dueOn,
          ].join('  '),
        ]
      : [],
  );
  return `${header}\n${lines.join('\n')}\n`;
}

interface HistoryRow {
  version: number;
  type: string;
  actor: Actor | null;
  at: string;
}

/** The stream's events, oldest first: what happened, who did it and when (UTC). */
async function historyOf(db: Db, streamId: string): Promise<HistoryRow[]> {
  return rowsOf<HistoryRow>(
    await db.execute(sql`
      select version, type, metadata -> 'actor' as actor,
             to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at
        from events where stream_id = ${streamId} order by version`),
  );
}

const actorText = (actor: Actor | null): string =>
  actor ? `${actor.kind === 'system' ? 'store' : actor.kind} ${actor.id}` : 'unknown';

/** One invoice's every field, payments, credit note and history, for a terminal. */
export async function invoiceReport(db: Db, found: FoundInvoice): Promise<string> {
  const { view } = found;
  const invoice = view.invoice;
  if (!invoice) return `Invoice ${found.streamId}: not issued.\n`;
  const money = (minor: number) => amountText(minor, invoice.currency);
  const bill = invoice.billTo;
  const contact = invoice.invoiceContact;
  const field = (name: string, value: string) => `  ${name.padEnd(17)}${value}`;
  const lines = invoice.lines.map(
    (l) =>
      `  ${String(l.quantity)} × ${l.code}  ${l.name}  at ${money(l.unitPriceMinor)}` +
      `${l.discountMinor ? `, less ${money(l.discountMinor)}` : ''}  = ${money(l.totalMinor)}`,
  );
  const discounts = [
    ...invoice.promotions.map((p) =>
      field(`Promotion`, `${p.code} ${p.name}: -${money(p.discountMinor)}`),
    ),
    ...(invoice.accountDiscount
      ? [
          field(
            'Account discount',
            `${invoice.accountDiscount.programme}: -${money(invoice.accountDiscount.discountMinor)}`,
          ),
        ]
      : []),
  ];
  const payments = view.payments.map(
    (p) =>
      `  ${p.at.slice(0, 19).replace('T', ' ')}  ${money(p.amountMinor).padEnd(14)} ` +
      `${p.method}${p.card ? ` ${p.card.brand} ending ${p.card.last4}` : ''}, ${p.source}, ` +
      `by ${p.paidBy.name} <${p.paidBy.email}>  (${p.paymentId})`,
  );
  const credit = view.creditNote;
  const history = (await historyOf(db, found.streamId)).map(
    (e) => `  ${e.at}  ${String(e.version).padStart(3)}  ${e.type.padEnd(24)}${actorText(e.actor)}`,
  );
  return [
    `Invoice ${invoice.number}`,
    field('Id', invoice.invoiceId),
    field('Status', view.status),
    field(
      'Order',
      `${invoice.webReference} (Order # ${invoice.orderNumber ?? '-'}, id ${invoice.orderId})`,
    ),
    field('PO number', invoice.poNumber ?? '-'),
    field('Terms', invoice.terms),
    field('Issued', invoice.issuedOn),
    field('Due', invoice.dueOn),
    ...(view.overdueOn ? [field('Overdue since', view.overdueOn)] : []),
    field('Store', `${invoice.storeId} (${invoice.locale}, ${invoice.currency})`),
    field(
      'Account',
      `${invoice.account.number} ${invoice.account.name} (${invoice.account.type}, id ${invoice.account.id})`,
    ),
    field('Buyer', `${invoice.buyer.firstName} ${invoice.buyer.lastName} <${invoice.buyer.email}>`),
    ...(contact
      ? [
          field(
            'Invoice contact',
            `${contact.firstName} ${contact.lastName} <${contact.email}> ${contact.phone.e164}`,
          ),
        ]
      : []),
    field(
      'Bill to',
      [
        `${bill.firstName} ${bill.lastName}`,
        bill.organization,
        bill.line1,
        bill.line2,
        bill.line3,
        bill.town,
        bill.region,
        bill.postalCode,
        bill.country,
      ]
        .filter((part) => part)
        .join(', '),
    ),
    'Lines',
    ...lines,
    ...discounts,
    'Totals',
    field('Subtotal', money(invoice.totals.subtotalMinor)),
    field('Discounts', money(invoice.totals.discountsMinor)),
    field('Shipping', money(invoice.totals.shippingMinor)),
    field(`Tax (${invoice.tax.basis})`, money(invoice.totals.taxMinor)),
    ...invoice.tax.lines.map((t) =>
      field(`  ${formatMessage(t.label)} ${t.rate}`, money(t.amountMinor)),
    ),
    field('Total', money(invoice.totals.totalMinor)),
    field('Paid', money(view.paidMinor)),
    field('Balance', money(view.balanceMinor)),
    'Payments',
    ...(payments.length > 0 ? payments : ['  none']),
    'Credit note',
    credit
      ? `  ${credit.number}  ${money(credit.amountMinor)}  ${credit.at.slice(0, 19).replace('T', ' ')}  ${credit.reason}${credit.note ? `: ${credit.note}` : ''}`
      : '  none',
    'History',
    ...history,
    '',
  ].join('\n');
}

/** Why an order has no invoice to issue yet, in an operator's words. */
function notInvoiceable(order: Order): string {
  const ref = order.webReference;
  switch (order.status) {
    case 'cancelled':
    case 'cancelling':
    case 'declined':
    case 'rejected':
    case 'closed':
      return `Order ${ref} is ${order.status} and never shipped: it has no invoice.`;
    default:
      return `Order ${ref} has not shipped yet (it is ${order.status}): its invoice is issued when it ships, or completes with nothing to ship.`;
  }
}

const alreadyIssued = (order: Order, number: string): string =>
  `Order ${order.webReference} has its invoice already: ${number}.`;

export interface OperatorIssue {
  /** The order: its id, Web reference # or Order #. */
  readonly reference: string;
  readonly operator: string;
  readonly now?: Date;
}

/**
 * Issues the invoice of an order that shipped (or completed with nothing to ship) and has
 * none yet, as the invoicing process manager would; the invoice as it now stands.
 */
export async function issueOrderInvoice(
  db: Db,
  commands: CommandHandler,
  issue: OperatorIssue,
): Promise<InvoiceView> {
  const row = await findOrder(db, issue.reference);
  if (!row) throw new OperatorError(`No order ${issue.reference}.`);
  const order = row.order;
  const invoiceId = invoiceIdOf(order.orderId);
  const existing = await findInvoice(db, invoiceId);
  if (existing) throw new OperatorError(alreadyIssued(order, numberOf(existing.view)));
  const change = issuingChange(order);
  if (!change) throw new OperatorError(notInvoiceable(order));
  const number = await issueInvoiceNumber(db);
  const executed = await commands.execute(
    'invoice',
    streamIdOf(invoiceStreamKind, invoiceId),
    {
      type: 'IssueInvoice',
      // Dated by the change that shipped it, as the manager dates it.
      data: invoiceOf(order, { number, issuedOn: change.at.slice(0, 10), at: change.at }),
    },
    acting.operator(issue.operator),
    {
      commandId: `operator-${randomUUID()}`,
      owner: { kind: 'user', id: order.buyer.userId },
      storeId: order.storeId,
      now: issue.now ?? new Date(),
    },
  );
  const result = executed.result;
  if (result.status === 'rejected') throw new OperatorError(formatMessage(result.message));
  const after = await findInvoice(db, invoiceId);
  if (!after) throw new Error(`Invoice ${invoiceId} was not found after it was issued`);
  // The manager issued it meanwhile: the stream took the first, this one was a no-op.
  if (numberOf(after.view) !== number) {
    throw new OperatorError(alreadyIssued(order, numberOf(after.view)));
  }
  return after.view;
}

export interface OperatorCredit {
  /** The invoice: its id or number. */
  readonly reference: string;
  readonly reason: string;
  readonly note?: string;
  readonly operator: string;
  readonly now?: Date;
}

/** Credits an invoice in full with a credit note (`CreditInvoice`); the invoice after it. */
export async function creditInvoice(
  db: Db,
  commands: CommandHandler,
  credit: OperatorCredit,
): Promise<InvoiceView> {
  const found = await findInvoice(db, credit.reference);
  if (!found) throw new OperatorError(`No invoice ${credit.reference}.`);
  const creditNote = found.view.creditNote;
  if (creditNote) {
    throw new OperatorError(
      `Invoice ${numberOf(found.view)} was credited already: credit note ${creditNote.number}.`,
    );
  }
  const number = await issueInvoiceNumber(db, 'credit-note');
  const executed = await commands.execute(
    'invoice',
    found.streamId,
    {
      type: 'CreditInvoice',
      data: { number, reason: 'operator', note: creditNoteText(credit.reason, credit.note) },
    },
    acting.operator(credit.operator),
    {
      commandId: `operator-${randomUUID()}`,
      expectedVersion: found.version,
      now: credit.now ?? new Date(),
    },
  );
  const result = executed.result;
  if (result.status === 'rejected') throw new OperatorError(formatMessage(result.message));
  const after = await findInvoice(db, found.view.invoice?.invoiceId ?? credit.reference);
  if (!after) throw new Error(`Invoice ${credit.reference} was not found after it was credited`);
  return after.view;
}
