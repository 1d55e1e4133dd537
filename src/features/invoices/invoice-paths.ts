/** Where the invoice pages live below a storefront (SPEC 2.1: /invoices/{...}). */
import type { Storefront } from '../../../domain/storefront/storefronts';

export function invoicesPath(storefront: Pick<Storefront, 'locale'>): string {
  return `/${storefront.locale}/invoices`;
}

export function invoiceDetailsPath(
  storefront: Pick<Storefront, 'locale'>,
  invoiceId: string,
): string {
  return `${invoicesPath(storefront)}/${encodeURIComponent(invoiceId)}`;
}

export function invoicePaymentPath(
  storefront: Pick<Storefront, 'locale'>,
  invoiceId: string,
): string {
  return `${invoiceDetailsPath(storefront, invoiceId)}/payment`;
}

export function invoiceConfirmationPath(
  storefront: Pick<Storefront, 'locale'>,
  invoiceId: string,
  paymentId: string,
): string {
  return `${invoicePaymentPath(storefront, invoiceId)}/confirmation?payment=${encodeURIComponent(paymentId)}`;
}

/** The order an invoice came from, in the buyer's order history. */
export function invoiceOrderPath(storefront: Pick<Storefront, 'locale'>, orderId: string): string {
  return `/${storefront.locale}/my-account/order-history/order-details/${encodeURIComponent(orderId)}`;
}

/** The invoice's PDF from the store (GET /api/invoices/{id}/pdf). */
export function invoicePdfUrl(invoiceId: string, locale: string): string {
  return `/api/invoices/${encodeURIComponent(invoiceId)}/pdf?locale=${encodeURIComponent(locale)}`;
}
