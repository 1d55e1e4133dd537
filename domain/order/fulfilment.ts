/**
 * What happens to an order after it is placed (SPEC 4.8; the transitions are not shown in
 * the spec: decision 029). Every change of status is an `OrderStatusChanged` event on the
 * order's stream, made by the store's fulfilment (a step at a time, `FULFILMENT_STEP_SECONDS`
 * apart) or by an operator (`npm run orders`):
 *
 *     created ─► open (Order # given) ─► processing (In Process) ─► awaitingShipping ─► completed
 *
 * - digital items only: completed at once, with their access codes;
 * - online training without its participants: stays open ('Additional Processing') until
 *   they are given;
 * - pre-ordered items: stay In Process until the product's date;
 * - on hold: when the hold ends, the names are screened again: released (created, access codes
 *   issued) unless a name is now a listed one (declined);
 * - bank transfer: awaiting billing until an operator records the payment;
 * - cancelling (Cancel Pending) becomes cancelled at the next step; a card charge of a
 *   cancelled, returned or declined order is refunded (`OrderRefunded`).
 *
 * Pure: the clock, the numbers and the screening outcome are the caller's.
 */
import { DomainError } from '../shared/domain-error';
import { withValues, type MessageDescriptor } from '../shared/message';
import type { Order, OrderLine } from './order';
import type { ScreeningOutcome } from './screening';
import type { OrderStatus } from './status';

/** Where a shipped order went, and how to follow it (SPEC 3 order status labels). */
export interface Shipment {
  readonly carrier: string;
  readonly trackingNumber: string;
  /** ISO date. */
  readonly estimatedShipDate: string;
}

export const STATUS_CHANGE_REASONS = [
  'placed',
  'accepted',
  'processing',
  'picked',
  'shipped',
  'delivered',
  'hold-released',
  'hold-declined',
  'payment-received',
  'cancel-requested',
  'cancelled',
  'return-requested',
  'returned',
  'moved',
] as const;
export type StatusChangeReason = (typeof STATUS_CHANGE_REASONS)[number];

/** A status the order entered, when and why. */
export interface StatusChange {
  readonly status: OrderStatus;
  readonly at: string;
  readonly reason: StatusChangeReason;
  /** An operator's note. */
  readonly note?: string;
}

export interface OrderFulfilment {
  /** SPEC 3 'Order #': the fulfilment system's number, given when the order is accepted. */
  readonly orderNumber: string | null;
  /** ISO date the physical items are expected to ship (set when In Process). */
  readonly estimatedShipDate: string | null;
  readonly shipment: Shipment | null;
  readonly refund: { readonly refundId: string; readonly at: string } | null;
  /** Every status the order was in, oldest first. */
  readonly history: readonly StatusChange[];
}

export type AccessCode = Order['accessCodes'][number];

/** What a status change carries besides the status. */
export interface StatusChangeData {
  readonly from: OrderStatus;
  readonly to: OrderStatus;
  readonly at: string;
  readonly reason: StatusChangeReason;
  readonly note?: string;
  readonly orderNumber?: string;
  readonly estimatedShipDate?: string;
  readonly shipment?: Shipment;
  /** Issued when a held order is released. */
  readonly accessCodes?: readonly AccessCode[];
}

/**
 * The statuses an order may go to from each status, by the store or an operator. Anything
 * else is refused in `ORDER_TRANSITION_MESSAGES.notAllowed`'s words.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['open', 'completed', 'cancelling', 'cancelled', 'rejected', 'error'],
  awaitingBilling: ['created', 'cancelled', 'rejected'],
  onHold: ['created', 'declined', 'cancelled'],
  open: ['processing', 'completed', 'cancelling', 'cancelled', 'rejected', 'error'],
  processing: ['awaitingShipping', 'completed', 'cancelling', 'error'],
  error: ['processing', 'cancelled'],
  awaitingShipping: ['completed', 'cancelling', 'error'],
  cancelling: ['cancelled'],
  completed: ['awaitingReturn', 'closed'],
  awaitingReturn: ['returned', 'completed'],
  returned: ['closed'],
  cancelled: ['closed'],
  declined: ['closed'],
  rejected: ['closed'],
  closed: [],
};

export const ORDER_TRANSITION_MESSAGES = {
  notAllowed: /*i18n*/ {
    id: 'order.transition-not-allowed',
    message: 'An order that is {from} cannot become {to}.',
  },
  moved: /*i18n*/ {
    id: 'order.status-moved',
    message: 'This order is {status} now. Look at it again before changing it.',
  },
} as const satisfies Record<string, MessageDescriptor>;

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The checks of a status change against the order as it is: throws in the rules' words. */
export function checkStatusChange(order: Pick<Order, 'status'>, change: StatusChangeData): void {
  if (order.status !== change.from) {
    throw new DomainError(
      'order.status-moved',
      withValues(ORDER_TRANSITION_MESSAGES.moved, { status: order.status }),
    );
  }
  if (!canMove(change.from, change.to)) {
    throw new DomainError(
      'order.transition-not-allowed',
      withValues(ORDER_TRANSITION_MESSAGES.notAllowed, { from: change.from, to: change.to }),
    );
  }
}

/** The fulfilment of an order just placed. */
export function placedFulfilment(order: Pick<Order, 'status' | 'placedAt'>): OrderFulfilment {
  return {
    orderNumber: null,
    estimatedShipDate: null,
    shipment: null,
    refund: null,
    history: [{ status: order.status, at: order.placedAt, reason: 'placed' }],
  };
}

/** The order after a status change. */
export function applyStatusChange(order: Order, change: StatusChangeData): Order {
  const fulfilment = order.fulfilment;
  return {
    ...order,
    status: change.to,
    accessCodes: change.accessCodes ? [...change.accessCodes] : order.accessCodes,
    hold: change.from === 'onHold' ? null : order.hold,
    fulfilment: {
      ...fulfilment,
      orderNumber: change.orderNumber ?? fulfilment.orderNumber,
      estimatedShipDate:
        change.estimatedShipDate ??
        change.shipment?.estimatedShipDate ??
        fulfilment.estimatedShipDate,
      shipment: change.shipment ?? fulfilment.shipment,
      history: [
        ...fulfilment.history,
        {
          status: change.to,
          at: change.at,
          reason: change.reason,
          ...(change.note !== undefined ? { note: change.note } : {}),
        },
      ],
    },
  };
}

const isPhysical = (line: Pick<OrderLine, 'format'>) => line.format === 'physical-kit';

/** The order has nothing to ship: its items are digital or online training. */
export function digitalOnly(order: Pick<Order, 'lines'>): boolean {
  return !order.lines.some(isPhysical);
}

/** When the order last changed status. */
export function lastChangeAt(order: Pick<Order, 'placedAt' | 'fulfilment'>): string {
  return order.fulfilment.history.at(-1)?.at ?? order.placedAt;
}

/** `days` working days (Monday to Friday) after an ISO date, as an ISO date. */
export function addBusinessDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00.000Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/** What the store provides to a step: the clock, numbers and outside answers. */
export interface FulfilmentContext {
  readonly now: string;
  /** Time between automatic steps. */
  readonly stepMs: number;
  /** The date each pre-ordered product is available from (ISO date), null when unknown. */
  readonly availableOn: Readonly<Record<string, string | null>>;
  /** A new Order # (the fulfilment system's). */
  readonly orderNumber: () => string;
  /** The carrier and tracking number of a shipment of this order. */
  readonly ship: (order: Order) => Omit<Shipment, 'estimatedShipDate'>;
  /** The order's names screened again against the list as it stands (held orders). */
  readonly screen: (order: Order) => ScreeningOutcome;
  /** An access code for a seat of a digital item (a released order's). */
  readonly accessCode: (code: string, seat: number) => string;
}

/** Business days from In Process to shipping, for items in stock. */
export const SHIP_WITHIN_BUSINESS_DAYS = 2;

/** Digital items give one access code per seat; training is given in its sessions. */
export function givesAccessCodes(line: Pick<OrderLine, 'format'>): boolean {
  return line.format === 'digital-scoring' || line.format === 'digital-library';
}

function accessCodesFor(order: Order, mint: FulfilmentContext['accessCode']): AccessCode[] {
  return order.lines.filter(givesAccessCodes).flatMap((line) =>
    Array.from({ length: line.quantity }, (_, seat) => ({
      code: line.code,
      accessCode: mint(line.code, seat + 1),
    })),
  );
}

/** The last of the pre-ordered items' dates, or null when nothing waits for one. */
function preOrderDate(order: Order, availableOn: FulfilmentContext['availableOn']): string | null {
  const dates = order.lines
    .filter((line) => line.preOrder && isPhysical(line))
    .map((line) => availableOn[line.code])
    .filter((date): date is string => typeof date === 'string');
  return dates.length === 0 ? null : [...dates].sort().at(-1)!;
}

/**
 * The store's next step for this order now, or null when it waits (for its time, its
 * participants, a product's date, a payment, an operator) or is done.
 */
export function nextFulfilmentStep(
  order: Order,
  context: FulfilmentContext,
): StatusChangeData | null {
  const now = context.now;
  const today = now.slice(0, 10);
  const due = Date.parse(lastChangeAt(order)) + context.stepMs <= Date.parse(now);
  const step = (
    to: OrderStatus,
    reason: StatusChangeReason,
    extra: Partial<StatusChangeData> = {},
  ) => ({ from: order.status, to, at: now, reason, ...extra }) satisfies StatusChangeData;
  const digital = digitalOnly(order);

  switch (order.status) {
    case 'onHold': {
      if (!order.hold || Date.parse(order.hold.until) > Date.parse(now)) return null;
      return context.screen(order).result === 'match'
        ? step('declined', 'hold-declined')
        : step('created', 'hold-released', {
            accessCodes: accessCodesFor(order, context.accessCode),
          });
    }
    case 'created':
      // Digital items are delivered at once (their access codes are on the order).
      if (digital && !order.trainingInformationNeeded) {
        return step('completed', 'delivered', { orderNumber: context.orderNumber() });
      }
      return due ? step('open', 'accepted', { orderNumber: context.orderNumber() }) : null;
    case 'open':
      // SPEC 4.8 'additional processing': nothing moves until the participants are given.
      if (order.trainingInformationNeeded) return null;
      if (digital) {
        return step(
          'completed',
          'delivered',
          order.fulfilment.orderNumber ? {} : { orderNumber: context.orderNumber() },
        );
      }
      if (!due) return null;
      return step('processing', 'processing', {
        estimatedShipDate: maxDate(
          addBusinessDays(today, SHIP_WITHIN_BUSINESS_DAYS),
          preOrderDate(order, context.availableOn),
        ),
      });
    case 'processing': {
      const waitsFor = preOrderDate(order, context.availableOn);
      if (waitsFor && waitsFor > today) return null;
      return due ? step('awaitingShipping', 'picked') : null;
    }
    case 'awaitingShipping':
      if (!due) return null;
      return step('completed', 'shipped', {
        shipment: {
          ...context.ship(order),
          estimatedShipDate: order.fulfilment.estimatedShipDate ?? today,
        },
      });
    case 'cancelling':
      return due ? step('cancelled', 'cancelled') : null;
    default:
      return null;
  }
}

/** The later of two dates (ISO), the second optional. */
export function maxDate(a: string, b: string | null): string {
  return b && b > a ? b : a;
}

/**
 * The date shipping now waits for when no step is due because a pre-ordered product's date
 * is later than today: recorded (`OrderFulfilmentDeferred`), the estimate moves to it if it is
 * later, and the fulfilment looks again then.
 */
export function deferredUntil(order: Order, context: FulfilmentContext): string | null {
  if (order.status !== 'processing') return null;
  const waitsFor = preOrderDate(order, context.availableOn);
  // Whenever it still waits, the deferral is recorded: its event is what the fulfilment's
  // process looks at again (a date moved since the last deferral included).
  if (!waitsFor || waitsFor <= context.now.slice(0, 10)) return null;
  return waitsFor;
}

/**
 * When the order's next automatic step is due (ISO instant), or null when it waits for
 * something else (participants, a payment, an operator) or is done: the fulfilment's process
 * manager asks for `AdvanceFulfilment` at that time. `availableOn`: the pre-ordered products'
 * dates as the store has them now.
 */
export function fulfilmentDueAt(
  order: Order,
  stepMs: number,
  availableOn: FulfilmentContext['availableOn'],
): string | null {
  const last = Date.parse(lastChangeAt(order));
  const afterStep = new Date(last + stepMs).toISOString();
  const now = new Date(last).toISOString();
  const digital = digitalOnly(order);
  switch (order.status) {
    case 'onHold':
      return order.hold?.until ?? null;
    case 'created':
      return digital && !order.trainingInformationNeeded ? now : afterStep;
    case 'open':
      if (order.trainingInformationNeeded) return null;
      return digital ? now : afterStep;
    case 'processing': {
      const waitsFor = preOrderDate(order, availableOn);
      const dayOf = waitsFor ? `${waitsFor}T00:00:00.000Z` : null;
      return dayOf && dayOf > afterStep ? dayOf : afterStep;
    }
    case 'awaitingShipping':
    case 'cancelling':
      return afterStep;
    default:
      return null;
  }
}

/** Statuses after which a card charge is given back. */
const REFUNDED: ReadonlySet<OrderStatus> = new Set(['cancelled', 'returned', 'declined']);

/** The charge to give back for this order now, if any (once). */
export function chargeToRefund(order: Order): string | null {
  if (order.fulfilment.refund) return null;
  // Ever cancelled, returned or declined: closed since (before the refund) still refunds.
  const ended =
    REFUNDED.has(order.status) || order.fulfilment.history.some((h) => REFUNDED.has(h.status));
  if (!ended) return null;
  return order.payment.method === 'card' ? order.payment.chargeId : null;
}

/** The carrier of a storefront's parcels. */
export function carrierFor(storeId: string): string {
  const carriers: Readonly<Record<string, string>> = {
    usassessments: 'UPS',
    caassessments: 'Canada Post',
    ukassessments: 'Royal Mail',
    auassessments: 'Australia Post',
    nzassessments: 'NZ Post',
  };
  return carriers[storeId] ?? 'DHL Express';
}
