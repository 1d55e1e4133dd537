/** Where the order pages live below a storefront (SPEC 2.7), under my-account. */
import type { Storefront } from '../../../domain/storefront/storefronts';

export function orderHistoryPath(storefront: Pick<Storefront, 'locale'>): string {
  return `/${storefront.locale}/my-account/order-history`;
}

export function orderDetailsPath(storefront: Pick<Storefront, 'locale'>, orderId: string): string {
  return `${orderHistoryPath(storefront)}/order-details/${encodeURIComponent(orderId)}`;
}

export function orderStatusPath(storefront: Pick<Storefront, 'locale'>): string {
  return `/${storefront.locale}/order-status`;
}
