/**
 * The order pages' online calls (decision 029): the buyer's order history, one of their
 * orders, and the status lookup open to visitors.
 */
import type { OrderHistoryPage } from '../../../domain/order/history';
import type { OrderStatusView } from '../../../domain/order/lookup';
import type { Order } from '../../../domain/order/order';
import type { OrderStatus } from '../../../domain/order/status';
import type { Locale } from '../../../domain/storefront/storefronts';
import { apiJson } from '../api';

export interface OrderHistoryFilters {
  readonly page?: number;
  readonly status?: OrderStatus;
  readonly from?: string;
  readonly to?: string;
  readonly q?: string;
}

function query(values: Readonly<Record<string, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function fetchOrderHistory(
  locale: Locale,
  filters: OrderHistoryFilters,
): Promise<OrderHistoryPage> {
  return apiJson(`/api/orders?${query({ locale, ...filters })}`);
}

export function fetchOrder(orderId: string): Promise<{ order: Order }> {
  return apiJson(`/api/orders/${encodeURIComponent(orderId)}`);
}

/** A found order's progress; its id when it is the signed-in buyer's own. */
export type FoundOrder = OrderStatusView & { readonly orderId: string | null };

export type OrderLookup =
  | { readonly orderNumber: string }
  | { readonly poNumber: string; readonly organizationNumber: string };

export function lookupOrderStatus(
  locale: Locale,
  lookup: OrderLookup,
): Promise<{ orders: FoundOrder[] }> {
  return apiJson(`/api/order-status?${query({ locale, ...lookup })}`);
}
