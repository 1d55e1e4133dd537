/**
 * Order statuses and the names people see (SPEC 4.8): 'cancelling' shows as Cancel Pending,
 * 'error' as Pending and 'processing' as In Process.
 */
import type { MessageDescriptor } from '../shared/message';

export const ORDER_STATUSES = [
  'cancelled',
  'cancelling',
  'closed',
  'completed',
  'created',
  'declined',
  'error',
  'open',
  'onHold',
  'processing',
  'rejected',
  'returned',
  'awaitingReturn',
  'awaitingBilling',
  'awaitingShipping',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS = {
  cancelled: /*i18n*/ { id: 'order.status.cancelled', message: 'Cancelled' },
  cancelling: /*i18n*/ { id: 'order.status.cancelling', message: 'Cancel Pending' },
  closed: /*i18n*/ { id: 'order.status.closed', message: 'Closed' },
  completed: /*i18n*/ { id: 'order.status.completed', message: 'Completed' },
  created: /*i18n*/ { id: 'order.status.created', message: 'Created' },
  declined: /*i18n*/ { id: 'order.status.declined', message: 'Declined' },
  error: /*i18n*/ { id: 'order.status.error', message: 'Pending' },
  open: /*i18n*/ { id: 'order.status.open', message: 'Open' },
  onHold: /*i18n*/ { id: 'order.status.on-hold', message: 'On Hold' },
  processing: /*i18n*/ { id: 'order.status.processing', message: 'In Process' },
  rejected: /*i18n*/ { id: 'order.status.rejected', message: 'Rejected' },
  returned: /*i18n*/ { id: 'order.status.returned', message: 'Returned' },
  awaitingReturn: /*i18n*/ { id: 'order.status.awaiting-return', message: 'Awaiting Return' },
  awaitingBilling: /*i18n*/ { id: 'order.status.awaiting-billing', message: 'Awaiting Billing' },
  awaitingShipping: /*i18n*/ {
    id: 'order.status.awaiting-shipping',
    message: 'Awaiting Shipping',
  },
} as const satisfies Record<OrderStatus, MessageDescriptor>;

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLabel(status: OrderStatus): MessageDescriptor {
  return ORDER_STATUS_LABELS[status];
}

/** SPEC 4.8, 9: an order on hold goes through about 48 hours of checks. */
export const ORDER_HOLD_HOURS = 48;
/** SPEC 9: order status may be unavailable for up to 3 business days after placing. */
export const ORDER_STATUS_DELAY_BUSINESS_DAYS = 3;
/** SPEC 9: the order email may take up to 5 minutes. */
export const ORDER_EMAIL_DELAY_MINUTES = 5;
