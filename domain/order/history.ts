/**
 * Order history (SPEC 2.7): the buyer's orders across their customer accounts, newest first,
 * a page at a time, filtered by status and by the date placed, and searched by order number
 * (Web reference # or Order #) or PO number.
 */
import * as z from 'zod';
import { LOCALES } from '../storefront/storefronts';
import { noCardNumber } from '../validation/card-number-check';
import { storableText } from '../validation/storable-check';
import type { Order, PlacedBy } from './order';
import { poNumberOf } from './lookup';
import { ORDER_STATUSES, type OrderStatus } from './status';

export const ORDER_HISTORY_PAGE_SIZE = 10;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'order-history.date-invalid' });

export const orderHistoryQuerySchema = z
  .object({
    locale: z.enum(LOCALES),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    status: z.enum(ORDER_STATUSES).optional(),
    /** Placed on or after this day (ISO date, UTC). */
    from: isoDate.optional(),
    /** Placed on or before this day (ISO date, UTC). */
    to: isoDate.optional(),
    /** An order number or a PO number, or a part of one. */
    q: z.string().trim().max(50).check(storableText(), noCardNumber()).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'order-history.dates-reversed',
    path: ['to'],
  });
export type OrderHistoryQuery = z.infer<typeof orderHistoryQuerySchema>;

/** A line of the order history. */
export interface OrderSummary {
  readonly orderId: string;
  readonly webReference: string;
  readonly orderNumber: string | null;
  readonly placedAt: string;
  readonly status: OrderStatus;
  readonly trainingInformationNeeded: boolean;
  readonly totalMinor: number;
  readonly currency: string;
  readonly storeId: string;
  readonly placedBy: PlacedBy;
  readonly account: { readonly number: string; readonly name: string };
  readonly poNumber: string | null;
  readonly items: number;
}

export interface OrderHistoryPage {
  readonly orders: readonly OrderSummary[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

export function orderSummary(order: Order): OrderSummary {
  return {
    orderId: order.orderId,
    webReference: order.webReference,
    orderNumber: order.fulfilment.orderNumber,
    placedAt: order.placedAt,
    status: order.status,
    trainingInformationNeeded: order.trainingInformationNeeded,
    totalMinor: order.totals.totalMinor,
    currency: order.currency,
    storeId: order.storeId,
    placedBy: order.placedBy,
    account: { number: order.account.number, name: order.account.name },
    poNumber: poNumberOf(order),
    items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** Whether an order belongs on a filtered page (the store's query does the same in SQL). */
export function matchesHistoryQuery(
  order: Order,
  query: Pick<OrderHistoryQuery, 'status' | 'from' | 'to' | 'q'>,
): boolean {
  if (query.status && order.status !== query.status) return false;
  const day = order.placedAt.slice(0, 10);
  if (query.from && day < query.from) return false;
  if (query.to && day > query.to) return false;
  if (query.q) {
    const wanted = query.q.trim().toUpperCase();
    const numbers = [order.webReference, order.fulfilment.orderNumber, poNumberOf(order)];
    if (!numbers.some((n) => n?.toUpperCase().includes(wanted))) return false;
  }
  return true;
}
