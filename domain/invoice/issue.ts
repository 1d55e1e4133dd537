/**
 * When an order issues its invoice, and what the invoice says (decision 053): when the order
 * ships, or completes with nothing to ship (digital items, online training); a cancelled or
 * declined order never gets there. The invoice is the order as it was placed: its lines,
 * discounts, shipping, tax and totals. A purchase order's and a third party's are due in 30
 * days (the third party's to its contact); a card order's
 * (charged at checkout) and a bank transfer's (paid before it shipped) are paid at issue.
 * A returned order's invoice is credited.
 */
import type { Order } from '../order/order';
import type { StatusChange, StatusChangeData } from '../order/fulfilment';
import { addDays } from '../shared/calendar';
import { INVOICE_NET_DAYS, type Invoice, type InvoicePayment } from './invoice';

/** Whether this change of an order's status issues its invoice. */
export function issuesInvoice(change: Pick<StatusChangeData, 'to' | 'reason'>): boolean {
  return change.reason === 'shipped' || change.to === 'completed';
}

/**
 * The change of an order's status that issued (or issues) its invoice: the first of its
 * history, whose time the invoice is dated by. None while the order has not shipped (or
 * completed), and never for a cancelled or declined order.
 */
export function issuingChange(order: Pick<Order, 'fulfilment'>): StatusChange | undefined {
  return order.fulfilment.history.find((change) =>
    issuesInvoice({ to: change.status, reason: change.reason }),
  );
}

/** Whether this change of an order's status credits its invoice. */
export function creditsInvoice(change: Pick<StatusChangeData, 'to'>): boolean {
  return change.to === 'returned';
}

/** An order's invoice has the order's id: one invoice per order, whatever runs twice. */
export const invoiceIdOf = (orderId: string): string => orderId;

export interface IssuedInvoice {
  readonly invoice: Invoice;
  readonly paidAtIssue: InvoicePayment | null;
}

/** The invoice of an order, issued on `issuedOn` (YYYY-MM-DD) at `at` with this number. */
export function invoiceOf(
  order: Order,
  issue: { readonly number: string; readonly issuedOn: string; readonly at: string },
): IssuedInvoice {
  const payment = order.payment;
  const byPurchaseOrder = payment.method === 'purchase-order';
  // A third party pays its invoice as an organisation pays a purchase order's: in 30 days,
  // to its own contact (decision 061).
  const byThirdParty = payment.method === 'third-party';
  const net = byPurchaseOrder || byThirdParty;
  const invoice: Invoice = {
    invoiceId: invoiceIdOf(order.orderId),
    number: issue.number,
    orderId: order.orderId,
    webReference: order.webReference,
    orderNumber: order.fulfilment.orderNumber,
    storeId: order.storeId,
    locale: order.locale,
    currency: order.currency,
    issuedOn: issue.issuedOn,
    dueOn: net ? addDays(issue.issuedOn, INVOICE_NET_DAYS) : issue.issuedOn,
    terms: net ? 'net-30' : 'paid-at-issue',
    poNumber: byPurchaseOrder ? payment.poNumber : null,
    invoiceContact: byPurchaseOrder
      ? payment.invoiceContact
      : byThirdParty
        ? payment.payer.contact
        : null,
    account: order.account,
    buyer: order.buyer,
    placedBy: order.placedBy,
    billTo: order.billingAddress,
    lines: order.lines.map((line) => ({
      code: line.code,
      name: line.name,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      discountMinor: line.discountMinor,
      totalMinor: line.totalMinor,
      format: line.format,
      qualificationLevel: line.qualificationLevel,
    })),
    promotions: order.promotions,
    accountDiscount: order.accountDiscount,
    tax: order.tax,
    totals: order.totals,
  };
  const paidBy = {
    userId: order.buyer.userId,
    name: `${order.buyer.firstName} ${order.buyer.lastName}`,
    email: order.buyer.email,
  };
  const paidAtIssue: InvoicePayment | null =
    payment.method === 'card'
      ? {
          paymentId: `checkout:${order.orderId}`,
          amountMinor: order.totals.totalMinor,
          method: 'card',
          card: payment.card,
          chargeId: payment.chargeId,
          at: order.placedAt,
          paidBy,
          source: 'checkout',
        }
      : payment.method === 'bank-transfer'
        ? {
            paymentId: `transfer:${order.orderId}`,
            amountMinor: order.totals.totalMinor,
            method: 'bank-transfer',
            card: null,
            chargeId: null,
            at: issue.at,
            paidBy,
            source: 'operator',
          }
        : null;
  return { invoice, paidAtIssue };
}
