/** Invoices for the unit tests: Sam's purchase order for Riverside, shipped and invoiced. */
import {
  BUYER,
  CHECKOUT_ID,
  catalog,
  checkoutCart,
  completedCheckout,
  FACTS,
  line,
  NOW,
  stateOf,
  STORE_ID,
} from '../checkout/test-fixtures';
import type { CommandMetadata } from '../shared/decider';
import { placedOrder, type Order } from '../order/order';
import { decidePlaceOrder } from '../order/place-order';
import type { InvoiceCommand, InvoiceEvent, InvoicePayment } from './invoice';
import { invoiceOf, type IssuedInvoice } from './issue';
import { creditNoteNumberFrom, invoiceNumberFrom } from './numbers';

export { NOW };
export const ISSUED_ON = '2026-11-23';
export const INVOICE_NUMBER = invoiceNumberFrom('4820001');
export const CREDIT_NOTE_NUMBER = creditNoteNumberFrom('7310002');

/** Two kits ordered by purchase order (the checkout fixtures' Riverside account). */
export function order(change: Partial<Order> = {}): Order {
  const cart = checkoutCart([line('kit', 2)]);
  const placed = decidePlaceOrder({
    orderId: CHECKOUT_ID,
    webReference: 'W1000000421',
    now: NOW,
    locale: 'en-us',
    storeId: STORE_ID,
    buyer: BUYER,
    placedBy: { kind: 'user', id: BUYER.userId, name: 'Dana Reyes' },
    checkout: stateOf(completedCheckout(cart)),
    cart,
    facts: FACTS,
    product: catalog(),
    termsAccepted: true,
    accessCode: (code, seat) => `AC-${code}-${String(seat)}`,
  });
  return { ...placedOrder(placed), ...change };
}

export function issued(change: Partial<Order> = {}): IssuedInvoice {
  return invoiceOf(order(change), {
    number: INVOICE_NUMBER,
    issuedOn: ISSUED_ON,
    at: `${ISSUED_ON}T12:00:00.000Z`,
  });
}

export function command<T extends InvoiceCommand['type']>(
  type: T,
  data: Extract<InvoiceCommand, { type: T }>['data'],
  now = NOW,
  commandId = 'command-1',
): InvoiceCommand {
  const metadata: CommandMetadata = { commandId, now };
  return { type, data, metadata } as InvoiceCommand;
}

export function payment(paymentId: string, amountMinor: number): InvoicePayment {
  return {
    paymentId,
    amountMinor,
    method: 'card',
    card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    chargeId: `ch_${paymentId}`,
    at: NOW,
    paidBy: { userId: 'user-priya', name: 'Priya Shah', email: 'priya.shah@demo.example' },
    source: 'invoice',
  };
}

export const events = {
  issued: (invoice = issued().invoice): InvoiceEvent => ({
    type: 'InvoiceIssued',
    v: 1,
    data: { invoice },
  }),
  paid: (paid: InvoicePayment): InvoiceEvent => ({
    type: 'InvoicePaymentRecorded',
    v: 1,
    data: { payment: paid },
  }),
};
