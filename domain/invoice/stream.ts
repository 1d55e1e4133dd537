/**
 * The invoice as a stream kind (decision 018, 053): a stream per order's invoice, written by
 * the store only (issued by a process manager, paid through the invoice payment request,
 * overdue by the daily step, credited when its order is returned). Browsers read it through
 * the `invoices` read model (`GET /api/invoices`), never push to it. A payment made after the
 * invoice was issued sends its payer a receipt, written with the payment (decision 027).
 */
import * as z from 'zod';
import { defineStreamKind, type OutboxMessage } from '../sync/stream-kind';
import {
  invoiceBalance,
  invoiceDecider,
  upcastInvoiceEvent,
  type Invoice,
  type InvoiceCommand,
  type InvoiceEvent,
  type InvoicePayment,
  type InvoiceState,
} from './invoice';
import { INVOICE_MESSAGES } from './messages';

/** The invoice document of the `invoices` read model: the invoice's whole state once issued. */
export const INVOICES_READ_MODEL = 'invoices';

/** The receipt mail's template (domain/mail/invoice-receipt.ts renders it). */
export const INVOICE_RECEIPT_TEMPLATE = 'invoice-receipt';

/** What a receipt mail keeps: the invoice's numbers, the payment and what is left after it. */
export interface InvoiceReceipt {
  readonly invoice: Pick<
    Invoice,
    | 'invoiceId'
    | 'number'
    | 'webReference'
    | 'orderNumber'
    | 'poNumber'
    | 'storeId'
    | 'locale'
    | 'currency'
  >;
  readonly payment: InvoicePayment;
  /** The balance once this payment was recorded. */
  readonly balanceMinor: number;
}

/**
 * The receipt of a payment, to its payer, once per payment (its id names the mail). None for
 * the payment an invoice is issued with (a card order's charge, a bank transfer paid before
 * the order shipped): the buyer paid when ordering and had the order's confirmation then. A
 * payment an operator records later is a payment like one made on the invoice's page.
 */
export function invoiceReceiptMails(
  event: InvoiceEvent,
  state: InvoiceState,
): readonly OutboxMessage[] {
  const invoice = state.invoice;
  if (event.type !== 'InvoicePaymentRecorded' || !invoice) return [];
  const payment = event.data.payment;
  if (payment.source === 'checkout' || invoice.terms === 'paid-at-issue') return [];
  const receipt: InvoiceReceipt = {
    invoice: {
      invoiceId: invoice.invoiceId,
      number: invoice.number,
      webReference: invoice.webReference,
      orderNumber: invoice.orderNumber,
      poNumber: invoice.poNumber,
      storeId: invoice.storeId,
      locale: invoice.locale,
      currency: invoice.currency,
    },
    payment,
    balanceMinor: invoiceBalance(state),
  };
  return [
    {
      id: `${INVOICE_RECEIPT_TEMPLATE}:${payment.paymentId}`,
      template: INVOICE_RECEIPT_TEMPLATE,
      to: payment.paidBy.email,
      locale: invoice.locale,
      data: receipt,
      // The receipt of a payment the member just made: always sent (decision 060).
      preference: null,
    },
  ];
}

export const invoiceStreamKind = defineStreamKind<InvoiceState, InvoiceCommand, InvoiceEvent>({
  name: 'invoice',
  // Written by the store only: paying is its own online request.
  address: null,
  owners: 'users',
  perStore: true,
  initialState: invoiceDecider.initialState,
  decide: invoiceDecider.decide,
  evolve: invoiceDecider.evolve,
  upcast: upcastInvoiceEvent,
  // No browser pushes invoices (no address); the store's commands are made in code.
  commandSchema: z.never(),
  refused: INVOICE_MESSAGES.refused,
  snapshotShape: 1,
  readModels: [
    { name: INVOICES_READ_MODEL, shape: 1, project: (state) => (state.invoice ? state : null) },
  ],
  outbox: (event, state) => invoiceReceiptMails(event, state),
});
