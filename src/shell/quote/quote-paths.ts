/** Where the quote pages live below a storefront (SPEC 2.7), under my-account. */
import type { Storefront } from '../../../domain/storefront/storefronts';

export function quotesPath(storefront: Pick<Storefront, 'locale'>): string {
  return `/${storefront.locale}/my-account/quotes`;
}

export function quoteDetailsPath(storefront: Pick<Storefront, 'locale'>, quoteId: string): string {
  return `${quotesPath(storefront)}/${encodeURIComponent(quoteId)}`;
}

export function quotePdfUrl(quoteId: string): string {
  return `/api/quotes/${encodeURIComponent(quoteId)}/pdf`;
}
