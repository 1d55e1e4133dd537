/**
 * The invoice aggregate (SPEC 2.3 invoice pages; decision 053): a stream per invoice, written
 * only by the store. An order issues its invoice when it ships (or, with nothing to ship,
 * when it completes): a purchase order's is due in 30 days, a card order's is paid at issue
 * (the card was charged when the order was placed). It is then paid in one or more parts,
 * becomes overdue past its due date (the store's daily step), or is credited when its order
 * is returned. Its status is worked out from its facts (`invoiceStatus`), never stored.
 */
import type { Level, ProductFormat } from '../catalog/catalog';
import type {
  CardSummary,
  CheckoutAddress,
  ChosenAccount,
  InvoiceContact,
} from '../checkout/state';
import type { Order, OrderTaxLine, OrderTotals, PlacedBy } from '../order/order';
import { minorDigits } from '../pricing/money';
import { daysBetween } from '../shared/calendar';
import type { CommandMetadata } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { withValues } from '../shared/message';
import type { TaxBasis } from '../tax/tax';
import { INVOICE_REFUSALS, type InvoiceRefusal } from './messages';

/** A purchase order's invoice is due this many days after it is issued (net 30). */
export const INVOICE_NET_DAYS = 30;

export type InvoiceStatus = 'open' | 'partially-paid' | 'paid' | 'overdue' | 'credited';

export const INVOICE_STATUSES: readonly InvoiceStatus[] = [
  'open',
  'partially-paid',
  'paid',
  'overdue',
  'credited',
];

export interface InvoiceLine {
  readonly code: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitPriceMinor: number;
  readonly discountMinor: number;
  readonly totalMinor: number;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
}

/** An invoice as the store issued it: the order's lines, discounts, shipping, tax and totals. */
export interface Invoice {
  readonly invoiceId: string;
  /** `INV`, seven digits and a check digit (numbers.ts). */
  readonly number: string;
  readonly orderId: string;
  /** The order's numbers as the buyer knows them (SPEC 3: web reference, Order #). */
  readonly webReference: string;
  readonly orderNumber: string | null;
  readonly storeId: string;
  readonly locale: string;
  readonly currency: string;
  /** YYYY-MM-DD. */
  readonly issuedOn: string;
  readonly dueOn: string;
  readonly terms: 'net-30' | 'paid-at-issue';
  readonly poNumber: string | null;
  /** Who receives a purchase order's invoice (given at checkout). */
  readonly invoiceContact: InvoiceContact | null;
  /** Whose it is: every member of an organization's account sees it (decision 053). */
  readonly account: ChosenAccount;
  readonly buyer: Order['buyer'];
  /** Who placed its order ('Placed by', decision 063); absent in invoices issued before. */
  readonly placedBy?: PlacedBy;
  readonly billTo: CheckoutAddress;
  readonly lines: readonly InvoiceLine[];
  readonly promotions: Order['promotions'];
  readonly accountDiscount: Order['accountDiscount'];
  /** The order's taxes and totals, as ordered. */
  readonly tax: { readonly basis: TaxBasis; readonly lines: readonly OrderTaxLine[] };
  readonly totals: OrderTotals;
}

/** A payment of an invoice: the card charged at checkout, or one made on the invoice's page. */
export interface InvoicePayment {
  /** The payment's own id: the place-order charge, or the payment request's key. */
  readonly paymentId: string;
  readonly amountMinor: number;
  /** A bank transfer is an order's, recorded by an operator before it shipped. */
  readonly method: 'card' | 'bank-transfer';
  readonly card: CardSummary | null;
  /** The gateway's charge (a card). */
  readonly chargeId: string | null;
  readonly at: string;
  /** Who paid: the buyer at checkout, or a member of the account on the invoice's page. */
  readonly paidBy: { readonly userId: string; readonly name: string; readonly email: string };
  readonly source: 'checkout' | 'invoice' | 'operator';
  /**
   * The store's address the payer reached it at (PUBLIC_URL, or the request's checked
   * address: server/src/auth/public-origin.ts), where the payment's receipt links to. Absent
   * for a payment made without a request (at issue, by an operator) and in older events.
   */
  readonly origin?: string;
}

/** A credit note against the invoice (its order was returned): the invoice is settled by it. */
export interface CreditNote {
  readonly number: string;
  readonly amountMinor: number;
  readonly reason: 'returned' | 'operator';
  readonly note: string | null;
  readonly at: string;
}

export interface InvoiceState {
  readonly invoice: Invoice | null;
  readonly payments: readonly InvoicePayment[];
  readonly paidMinor: number;
  /** The day the store's daily step found it past its due date, unpaid. */
  readonly overdueOn: string | null;
  readonly creditNote: CreditNote | null;
}

export const initialInvoiceState = (): InvoiceState => ({
  invoice: null,
  payments: [],
  paidMinor: 0,
  overdueOn: null,
  creditNote: null,
});

export type InvoiceCommand = (
  | {
      readonly type: 'IssueInvoice';
      readonly data: {
        readonly invoice: Invoice;
        /** A card order's charge: the invoice is paid at issue. */
        readonly paidAtIssue: InvoicePayment | null;
      };
    }
  | { readonly type: 'RecordInvoicePayment'; readonly data: { readonly payment: InvoicePayment } }
  /** The store's daily step. */
  | { readonly type: 'MarkInvoiceOverdue'; readonly data: { readonly today: string } }
  | {
      readonly type: 'CreditInvoice';
      readonly data: {
        readonly number: string;
        readonly reason: CreditNote['reason'];
        readonly note: string | null;
      };
    }
) & { readonly metadata: CommandMetadata };

export type InvoiceEvent =
  | { readonly type: 'InvoiceIssued'; readonly v: 1; readonly data: { readonly invoice: Invoice } }
  | {
      readonly type: 'InvoicePaymentRecorded';
      readonly v: 1;
      readonly data: { readonly payment: InvoicePayment };
    }
  | { readonly type: 'InvoiceOverdue'; readonly v: 1; readonly data: { readonly on: string } }
  | {
      readonly type: 'InvoiceCredited';
      readonly v: 1;
      readonly data: { readonly creditNote: CreditNote };
    };

export type InvoiceEventType = InvoiceEvent['type'];

export const INVOICE_EVENT_VERSIONS = {
  InvoiceIssued: 1,
  InvoicePaymentRecorded: 1,
  InvoiceOverdue: 1,
  InvoiceCredited: 1,
} as const satisfies { [K in InvoiceEventType]: Extract<InvoiceEvent, { type: K }>['v'] };

/** What is left to pay: nothing once credited. */
export function invoiceBalance(state: InvoiceState): number {
  if (!state.invoice || state.creditNote) return 0;
  return Math.max(0, state.invoice.totals.totalMinor - state.paidMinor);
}

/**
 * What was left to pay once this payment was taken (a receipt's balance): the payments up to
 * and including it; null when the invoice has no such payment.
 */
export function balanceAfterPayment(state: InvoiceState, paymentId: string): number | null {
  const index = state.payments.findIndex((p) => p.paymentId === paymentId);
  if (!state.invoice || index < 0) return null;
  const paid = state.payments.slice(0, index + 1).reduce((sum, p) => sum + p.amountMinor, 0);
  return Math.max(0, state.invoice.totals.totalMinor - paid);
}

/** The status a buyer sees, from the invoice's facts. */
export function invoiceStatus(state: InvoiceState): InvoiceStatus {
  if (state.creditNote) return 'credited';
  if (invoiceBalance(state) === 0) return 'paid';
  if (state.overdueOn) return 'overdue';
  return state.paidMinor > 0 ? 'partially-paid' : 'open';
}

/** The smallest payment: 1.00 in the invoice's currency (1 in a currency with no decimals). */
export function smallestPaymentMinor(currency: string): number {
  return 10 ** minorDigits(currency);
}

export function refuseInvoice(
  code: InvoiceRefusal,
  values: Record<string, string> = {},
): DomainError {
  return new DomainError(code, withValues(INVOICE_REFUSALS[code], values));
}

/**
 * Why a payment of this amount cannot be taken now, or null: checked before the card is
 * charged (nothing is charged for a refused amount) and again when the payment is recorded.
 * `format` writes an amount in the invoice's currency for the message.
 */
export function paymentRefusal(
  state: InvoiceState,
  amountMinor: number,
  format: (minor: number) => string = String,
): DomainError | null {
  const invoice = state.invoice;
  if (!invoice) return refuseInvoice('invoice.not-found');
  if (state.creditNote) return refuseInvoice('invoice.credited');
  const balance = invoiceBalance(state);
  if (balance === 0) return refuseInvoice('invoice.paid');
  const min = Math.min(smallestPaymentMinor(invoice.currency), balance);
  if (!Number.isSafeInteger(amountMinor) || amountMinor < min) {
    return refuseInvoice('invoice.amount-too-small', { min: format(min) });
  }
  if (amountMinor > balance) {
    return refuseInvoice('invoice.amount-above-balance', { balance: format(balance) });
  }
  return null;
}

/** Whether the invoice is past its due date on `today` and still owed. */
export function isPastDue(state: InvoiceState, today: string): boolean {
  return (
    state.invoice !== null &&
    daysBetween(state.invoice.dueOn, today) > 0 &&
    invoiceBalance(state) > 0
  );
}

export function decideInvoice(command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'IssueInvoice': {
      // An order issues one invoice, whatever retries, restarts or instances do.
      if (state.invoice) return [];
      const issued: InvoiceEvent = {
        type: 'InvoiceIssued',
        v: 1,
        data: { invoice: command.data.invoice },
      };
      const paid = command.data.paidAtIssue;
      return paid
        ? [issued, { type: 'InvoicePaymentRecorded', v: 1, data: { payment: paid } }]
        : [issued];
    }
    case 'RecordInvoicePayment': {
      const payment = command.data.payment;
      // The same payment asked for again (a retry with its key): recorded once.
      if (state.payments.some((p) => p.paymentId === payment.paymentId)) return [];
      const refusal = paymentRefusal(state, payment.amountMinor);
      if (refusal) throw refusal;
      return [{ type: 'InvoicePaymentRecorded', v: 1, data: { payment } }];
    }
    case 'MarkInvoiceOverdue':
      return !state.overdueOn && !state.creditNote && isPastDue(state, command.data.today)
        ? [{ type: 'InvoiceOverdue', v: 1, data: { on: command.data.today } }]
        : [];
    case 'CreditInvoice': {
      if (!state.invoice) throw refuseInvoice('invoice.not-found');
      if (state.creditNote) {
        // The same credit asked for again: once.
        if (state.creditNote.number === command.data.number) return [];
        throw refuseInvoice('invoice.not-creditable');
      }
      return [
        {
          type: 'InvoiceCredited',
          v: 1,
          data: {
            creditNote: {
              number: command.data.number,
              // The whole invoice: what was paid of it is the order's refund to make.
              amountMinor: state.invoice.totals.totalMinor,
              reason: command.data.reason,
              note: command.data.note,
              at: now,
            },
          },
        },
      ];
    }
  }
}

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceIssued':
      return { ...state, invoice: event.data.invoice };
    case 'InvoicePaymentRecorded':
      return {
        ...state,
        payments: [...state.payments, event.data.payment],
        paidMinor: state.paidMinor + event.data.payment.amountMinor,
      };
    case 'InvoiceOverdue':
      return { ...state, overdueOn: event.data.on };
    case 'InvoiceCredited':
      return { ...state, creditNote: event.data.creditNote };
    default:
      return state;
  }
}

export const invoiceDecider = {
  initialState: initialInvoiceState,
  decide: (command: InvoiceCommand, state: InvoiceState, _context: undefined) =>
    decideInvoice(command, state),
  evolve: evolveInvoice,
};

/** Stored invoice events at their current version; an unknown type or version is an error. */
export function upcastInvoiceEvent(stored: {
  type: string;
  v: number;
  data: unknown;
}): InvoiceEvent {
  const type = stored.type as InvoiceEventType;
  if (!(type in INVOICE_EVENT_VERSIONS) || stored.v !== INVOICE_EVENT_VERSIONS[type]) {
    throw new Error(`No upcaster for ${stored.type}@${String(stored.v)}`);
  }
  return stored as InvoiceEvent;
}

/** An invoice as the store sends it: its facts, its status and what is left to pay. */
export interface InvoiceView extends InvoiceState {
  readonly status: InvoiceStatus;
  readonly balanceMinor: number;
  readonly version: number;
}

export function invoiceView(state: InvoiceState, version: number): InvoiceView {
  return { ...state, status: invoiceStatus(state), balanceMinor: invoiceBalance(state), version };
}
