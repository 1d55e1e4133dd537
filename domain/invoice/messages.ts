/**
 * Invoice messages (SPEC 2.3 invoice pages; the wording is not in the spec: decision 053):
 * the status labels, and what a buyer is told when a payment cannot be taken.
 */
import type { MessageDescriptor } from '../shared/message';
import type { InvoiceStatus } from './invoice';

export const INVOICE_STATUS_LABELS = {
  open: /*i18n*/ { id: 'invoice.status.open', message: 'Open' },
  'partially-paid': /*i18n*/ { id: 'invoice.status.partially-paid', message: 'Partially paid' },
  paid: /*i18n*/ { id: 'invoice.status.paid', message: 'Paid' },
  overdue: /*i18n*/ { id: 'invoice.status.overdue', message: 'Overdue' },
  credited: /*i18n*/ { id: 'invoice.status.credited', message: 'Credited' },
} as const satisfies Record<InvoiceStatus, MessageDescriptor>;

/** Why a payment of an invoice is refused, by the refusal's code. */
export const INVOICE_REFUSALS = {
  'invoice.not-found': /*i18n*/ { id: 'invoice.not-found', message: 'Invoice not found.' },
  'invoice.amount-too-small': /*i18n*/ {
    id: 'invoice.amount-too-small',
    message: 'Enter an amount of at least {min}.',
  },
  'invoice.amount-above-balance': /*i18n*/ {
    id: 'invoice.amount-above-balance',
    message: 'Enter an amount no larger than the balance of {balance}.',
  },
  'invoice.paid': /*i18n*/ {
    id: 'invoice.paid',
    message: 'This invoice is paid: there is nothing left to pay.',
  },
  'invoice.credited': /*i18n*/ {
    id: 'invoice.credited',
    message: 'This invoice was credited: there is nothing left to pay.',
  },
  'invoice.not-creditable': /*i18n*/ {
    id: 'invoice.not-creditable',
    message: 'This invoice was credited already.',
  },
} as const satisfies Record<string, MessageDescriptor>;

export type InvoiceRefusal = keyof typeof INVOICE_REFUSALS;

export const INVOICE_MESSAGES = {
  /** Paying needs the gateway and the store: said on the payment page while offline. */
  paymentNeedsConnection: /*i18n*/ {
    id: 'invoice.payment-offline',
    message: 'Paying an invoice needs a connection. You can pay when you are back online.',
  },
  /** A payment sent and not answered (the connection dropped): kept, sent again as it was. */
  paymentUnanswered: /*i18n*/ {
    id: 'invoice.payment-unanswered',
    message:
      'We did not get an answer about your payment. It is kept on this device: send it again and it is taken only once.',
  },
  signInToPay: /*i18n*/ {
    id: 'invoice.sign-in-to-pay',
    message: 'Your session has ended. Sign in again to pay this invoice.',
  },
  refused: /*i18n*/ {
    id: 'invoice.refused',
    message: 'We could not record this change to the invoice.',
  },
} as const satisfies Record<string, MessageDescriptor>;
