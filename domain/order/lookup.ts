/**
 * Order status lookup (SPEC 2.6, 5, 8, 9), open to visitors: by order number (the Web
 * reference # or the Order #, 7 to 14 characters), or by PO number plus the organization's
 * 4-digit account number. What a lookup shows is the order's progress: status, dates, items
 * and tracking; never an address, a name or the payment (`orderStatusView`).
 */
import * as z from 'zod';
import { LOCALES } from '../storefront/storefronts';
import { storableText } from '../validation/storable-check';
import { orderNumberSearchSchema, poSearchSchema } from '../validation/order-search';
import { V } from '../validation/messages';
import type { MessageDescriptor } from '../shared/message';
import type { Shipment, StatusChange } from './fulfilment';
import type { Order, OrderLine } from './order';
import type { OrderStatus } from './status';

/** The lookup's query: one of the two ways, with the storefront it is asked in. */
export const orderLookupQuerySchema = z.union([
  orderNumberSearchSchema.extend({ locale: z.enum(LOCALES) }),
  poSearchSchema.extend({ locale: z.enum(LOCALES) }),
]);
export type OrderLookupQuery = z.infer<typeof orderLookupQuerySchema>;

/** The raw query's shape at the edge, before the rules (which answer in their own words). */
export const orderLookupRawQuerySchema = z.object({
  locale: z.enum(LOCALES),
  orderNumber: z.string().max(200).check(storableText()).optional(),
  poNumber: z.string().max(200).check(storableText()).optional(),
  organizationNumber: z.string().max(200).check(storableText()).optional(),
});

/** What a lookup found: an order's progress, without names, addresses or payment. */
export interface OrderStatusView {
  readonly webReference: string;
  readonly orderNumber: string | null;
  readonly placedAt: string;
  readonly status: OrderStatus;
  /** SPEC 4.8: online training waits for its participants ('Additional Processing'). */
  readonly trainingInformationNeeded: boolean;
  readonly lines: readonly Pick<
    OrderLine,
    'code' | 'name' | 'programName' | 'quantity' | 'format' | 'qualificationLevel' | 'preOrder'
  >[];
  readonly estimatedShipDate: string | null;
  readonly shipment: Shipment | null;
  readonly history: readonly Pick<StatusChange, 'status' | 'at'>[];
}

export function orderStatusView(order: Order): OrderStatusView {
  return {
    webReference: order.webReference,
    orderNumber: order.fulfilment.orderNumber,
    placedAt: order.placedAt,
    status: order.status,
    trainingInformationNeeded: order.trainingInformationNeeded,
    lines: order.lines.map((line) => ({
      code: line.code,
      name: line.name,
      programName: line.programName,
      quantity: line.quantity,
      format: line.format,
      qualificationLevel: line.qualificationLevel,
      preOrder: line.preOrder,
    })),
    estimatedShipDate: order.fulfilment.estimatedShipDate,
    shipment: order.fulfilment.shipment,
    history: order.fulfilment.history.map(({ status, at }) => ({ status, at })),
  };
}

/** An order number as typed: no spaces around, any case. */
export function normalizedOrderNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether the order is the one with this number (its Web reference # or its Order #). */
export function hasOrderNumber(
  order: Pick<Order, 'webReference' | 'fulfilment'>,
  value: string,
): boolean {
  const wanted = normalizedOrderNumber(value);
  return (
    order.webReference.toUpperCase() === wanted ||
    order.fulfilment.orderNumber?.toUpperCase() === wanted
  );
}

/** The PO number of an order paid by purchase order. */
export function poNumberOf(order: Pick<Order, 'payment'>): string | null {
  return order.payment.method === 'purchase-order' ? order.payment.poNumber : null;
}

/**
 * The lookup's answer when nothing is shown (SPEC 8): an unknown order number; a PO number
 * no order has; a PO number the organization has no order with.
 */
export function lookupMiss(query: OrderLookupQuery, poKnownElsewhere: boolean): MessageDescriptor {
  if ('orderNumber' in query) return V.orderNotFound;
  return poKnownElsewhere ? V.noOrdersFound : V.purchaseOrderNotFound;
}

/** SPEC 9: order status may be unavailable for up to 3 business days after placing. */
export const LOOKUP_MESSAGES = {
  delay: /*i18n*/ {
    id: 'order-status.delay',
    message: 'Order status may be unavailable for up to 3 business days after an order is placed.',
  },
  tooMany: /*i18n*/ {
    id: 'order-status.too-many',
    message: 'Too many lookups from this device. Please wait a minute and try again.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Lookups a client may make in a minute. */
export const LOOKUPS_PER_MINUTE = 10;
