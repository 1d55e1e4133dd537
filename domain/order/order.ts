/**
 * The order aggregate (SPEC 3 Order, 4.8): a stream per order, written only by the store
 * (placing an order is one online request; fulfilment comes later as more events), and the
 * `orders` read model, written in the same transaction as its events. An order's id is the
 * cart's id and version when it is placed, so a cart can never make two orders, whatever
 * retries, tabs, devices or instances do (decision 024).
 */
import type { Level, ProductFormat } from '../catalog/catalog';
import type {
  CardSummary,
  CheckoutAddress,
  ChosenAccount,
  ChosenQualifiedUser,
  PurchaseOrderPayment,
  ThirdPartyPayment,
} from '../checkout/state';
import type { TaxBasis } from '../tax/tax';
import type { TrainingParticipant } from '../validation/training';
import type { ShippingMethod } from '../checkout/shipping-methods';
import type { CommandMetadata } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { withValues, type MessageDescriptor } from '../shared/message';
import { KIB } from '../sync/command-size';
import { defineStreamKind, type OutboxMessage } from '../sync/stream-kind';
import * as z from 'zod';
import {
  applyStatusChange,
  checkStatusChange,
  deferredUntil,
  maxDate,
  nextFulfilmentStep,
  placedFulfilment,
  type FulfilmentContext,
  type OrderFulfilment,
  type StatusChangeData,
} from './fulfilment';
import type { OrderStatus } from './status';

export interface OrderLine {
  readonly code: string;
  readonly name: string;
  readonly programName: string;
  readonly quantity: number;
  readonly unitPriceMinor: number;
  readonly discountMinor: number;
  /** What the line costs after its discounts. */
  readonly totalMinor: number;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
  /** SPEC 4.8: ships when available. */
  readonly preOrder: boolean;
}

/** Who placed the order: the buyer, or customer service on their behalf ('Placed by'). */
export interface PlacedBy {
  readonly kind: 'user' | 'agent';
  readonly id: string;
  readonly name: string;
}

/** A platform account the digital items go to; a new one is made for the qualified user. */
export type OrderPlatformAccount =
  | { readonly mode: 'existing'; readonly accountNumber: string }
  | { readonly mode: 'new'; readonly ownerUserId: string };

export interface OrderTotals {
  readonly subtotalMinor: number;
  readonly discountsMinor: number;
  readonly shippingMinor: number;
  readonly taxMinor: number;
  readonly totalMinor: number;
}

/**
 * How the order is paid, as the order keeps it (SPEC 3: 'credit card ending in', or the PO
 * number): a card by its summary and the gateway's charge, never its token or number.
 */
export type OrderPayment =
  | PurchaseOrderPayment
  | {
      readonly method: 'card';
      readonly card: CardSummary;
      readonly holderName: string;
      /** The gateway's charge; null while the order is not charged (declined by screening). */
      readonly chargeId: string | null;
    }
  | { readonly method: 'bank-transfer' }
  /** A third party pays against the order's invoice (decision 061). */
  | ThirdPartyPayment;

export interface OrderTaxLine {
  readonly id: string;
  readonly label: MessageDescriptor;
  readonly rate: string;
  readonly amountMinor: number;
}

/** SPEC 4.8: an order held for checks (sanctions screening), for about 48 hours. */
export interface OrderHold {
  readonly reason: 'screening';
  readonly until: string;
}

export interface Order {
  readonly orderId: string;
  /** SPEC 3 web reference number, given when the order is placed. */
  readonly webReference: string;
  readonly placedAt: string;
  readonly storeId: string;
  readonly locale: string;
  readonly currency: string;
  readonly status: OrderStatus;
  readonly buyer: {
    readonly userId: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
  };
  readonly placedBy: PlacedBy;
  readonly account: ChosenAccount;
  readonly qualifiedUser: ChosenQualifiedUser;
  readonly qglobal: OrderPlatformAccount | null;
  readonly aimsweb: OrderPlatformAccount | null;
  readonly lines: readonly OrderLine[];
  readonly promotions: readonly {
    readonly code: string;
    readonly name: string;
    readonly discountMinor: number;
  }[];
  readonly accountDiscount: {
    readonly programme: 'UAP' | 'OLD';
    readonly discountMinor: number;
  } | null;
  readonly shippingAddress: CheckoutAddress | null;
  readonly shippingMethod: ShippingMethod | null;
  readonly billingAddress: CheckoutAddress;
  readonly payment: OrderPayment;
  readonly totals: OrderTotals;
  /** The taxes in `totals.taxMinor`, and why there are none when there are none. */
  readonly tax: { readonly basis: TaxBasis; readonly lines: readonly OrderTaxLine[] };
  /** One access code per seat of each digital item (none while held or declined). */
  readonly accessCodes: readonly { readonly code: string; readonly accessCode: string }[];
  /** Online training participants by product code, one per seat. */
  readonly trainingParticipants: Readonly<Record<string, readonly TrainingParticipant[]>>;
  /** SPEC 4.8 'additional processing': training participants are still to be given. */
  readonly trainingInformationNeeded: boolean;
  readonly hold: OrderHold | null;
  readonly checkoutId: string;
  readonly cartId: string;
  /** The quote it was ordered from, at the quote's prices (decision 051); absent before quotes. */
  readonly quoteId?: string | null;
  /** The delivery address goes into the buyer's address book (asked for at checkout). */
  readonly saveShippingAddress: boolean;
  /** What happened to it since (fulfilment.ts; decision 029). */
  readonly fulfilment: OrderFulfilment;
}

/** The order as it is placed: its fulfilment starts with the event. */
export type PlacedOrder = Omit<Order, 'fulfilment'>;

/** The order once placed: its fulfilment begins with its placement. */
export function placedOrder(placed: PlacedOrder): Order {
  return { ...placed, fulfilment: placedFulfilment(placed) };
}

export interface OrderState {
  readonly order: Order | null;
}

export type OrderCommand = (
  | { readonly type: 'PlaceOrder'; readonly data: { readonly order: PlacedOrder } }
  /** The store's fulfilment or an operator moves the order on (fulfilment.ts). */
  | { readonly type: 'ChangeOrderStatus'; readonly data: StatusChangeData }
  /** The card charge was given back (a cancelled, returned or declined order). */
  | {
      readonly type: 'RecordOrderRefund';
      readonly data: { readonly refundId: string; readonly at: string };
    }
  /**
   * The store's fulfilment takes the order's next step if one is due (fulfilment.ts), from
   * `from` (an order that moved on meanwhile is left alone: its newer change has its own step).
   * `early`: an operator's step (`npm run orders -- step`), taken now rather than once the
   * store's step time has passed; a hold's end, a pre-ordered product's date, a payment or
   * training participants are still waited for.
   */
  | {
      readonly type: 'AdvanceFulfilment';
      readonly data: { readonly from: OrderStatus; readonly early?: boolean };
    }
  /** Participants given after the order was placed (decided by `decideTrainingAfterOrder`). */
  | {
      readonly type: 'GiveOrderTrainingParticipants';
      readonly data: {
        readonly code: string;
        readonly participants: readonly TrainingParticipant[];
      };
    }
) & { readonly metadata: CommandMetadata };

export type OrderEvent =
  | { readonly type: 'OrderPlaced'; readonly v: 2; readonly data: { readonly order: PlacedOrder } }
  | { readonly type: 'OrderStatusChanged'; readonly v: 1; readonly data: StatusChangeData }
  | {
      readonly type: 'OrderRefunded';
      readonly v: 1;
      readonly data: { readonly refundId: string; readonly at: string };
    }
  | {
      readonly type: 'OrderTrainingParticipantsGiven';
      readonly v: 1;
      readonly data: {
        readonly code: string;
        readonly participants: readonly TrainingParticipant[];
      };
    }
  /** Shipping waits for a pre-ordered product's new date (ISO date); the estimate moves. */
  | {
      readonly type: 'OrderFulfilmentDeferred';
      readonly v: 1;
      readonly data: { readonly until: string; readonly at: string };
    };

export const ORDER_EVENT_VERSIONS = {
  OrderPlaced: 2,
  OrderTrainingParticipantsGiven: 1,
  OrderStatusChanged: 1,
  OrderRefunded: 1,
  OrderFulfilmentDeferred: 1,
} as const satisfies {
  [K in OrderEvent['type']]: Extract<OrderEvent, { type: K }>['v'];
};

export const ORDER_MESSAGES = {
  refused: /*i18n*/ { id: 'order.refused', message: 'This order could not be changed.' },
} as const satisfies Record<string, MessageDescriptor>;

export function decideOrder(
  command: OrderCommand,
  state: OrderState,
  context?: FulfilmentContext,
): OrderEvent[] {
  if (command.type === 'PlaceOrder') {
    // Placing the same checkout again (another tab, a retry) changes nothing.
    if (state.order) return [];
    return [{ type: 'OrderPlaced', v: 2, data: { order: command.data.order } }];
  }
  if (!state.order) return [];
  switch (command.type) {
    case 'ChangeOrderStatus':
      checkStatusChange(state.order, command.data);
      return [{ type: 'OrderStatusChanged', v: 1, data: command.data }];
    case 'RecordOrderRefund':
      // A charge is given back once.
      if (state.order.fulfilment.refund) return [];
      return [{ type: 'OrderRefunded', v: 1, data: command.data }];
    case 'AdvanceFulfilment': {
      if (state.order.status !== command.data.from) return [];
      if (!context) throw new DomainError('order.refused', withValues(ORDER_MESSAGES.refused, {}));
      const step = nextFulfilmentStep(
        state.order,
        command.data.early ? { ...context, stepMs: 0 } : context,
      );
      if (step) return [{ type: 'OrderStatusChanged', v: 1, data: step }];
      const until = deferredUntil(state.order, context);
      return until
        ? [{ type: 'OrderFulfilmentDeferred', v: 1, data: { until, at: context.now } }]
        : [];
    }
    default:
      // The rules are checked where the command is made (decideTrainingAfterOrder).
      return [{ type: 'OrderTrainingParticipantsGiven', v: 1, data: command.data }];
  }
}

/** Whether every seat of every training line has its participant. */
export function trainingComplete(
  lines: readonly Pick<OrderLine, 'code' | 'format' | 'quantity'>[],
  participants: Readonly<Record<string, readonly TrainingParticipant[]>>,
): boolean {
  return lines
    .filter((line) => line.format === 'online-training')
    .every((line) => participants[line.code]?.length === line.quantity);
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { order: placedOrder(event.data.order) };
    case 'OrderStatusChanged':
      return state.order ? { order: applyStatusChange(state.order, event.data) } : state;
    case 'OrderRefunded':
      return state.order
        ? {
            order: {
              ...state.order,
              fulfilment: { ...state.order.fulfilment, refund: event.data },
            },
          }
        : state;
    case 'OrderFulfilmentDeferred':
      return state.order
        ? {
            order: {
              ...state.order,
              fulfilment: {
                ...state.order.fulfilment,
                // The ship date told the buyer moves later, never earlier.
                estimatedShipDate: maxDate(
                  event.data.until,
                  state.order.fulfilment.estimatedShipDate,
                ),
              },
            },
          }
        : state;
    case 'OrderTrainingParticipantsGiven': {
      if (!state.order) return state;
      const trainingParticipants = {
        ...state.order.trainingParticipants,
        [event.data.code]: event.data.participants,
      };
      return {
        order: {
          ...state.order,
          trainingParticipants,
          trainingInformationNeeded: !trainingComplete(state.order.lines, trainingParticipants),
        },
      };
    }
    default:
      return state;
  }
}

/**
 * OrderPlaced@1 (purchase orders only, before tax, holds, training and access codes): the
 * same order with nothing taxed, held or waiting for training.
 */
export function upcastOrderPlacedV1(data: unknown): OrderEvent {
  const order = (
    data as {
      order: Omit<
        PlacedOrder,
        'tax' | 'trainingParticipants' | 'hold' | 'trainingInformationNeeded'
      >;
    }
  ).order;
  return {
    type: 'OrderPlaced',
    v: 2,
    data: {
      order: {
        ...order,
        tax: { basis: 'taxed', lines: [] },
        trainingParticipants: {},
        trainingInformationNeeded: false,
        hold: null,
      },
    },
  };
}

/** The order document of the `orders` read model: what order pages and lookups read. */
export const ORDERS_READ_MODEL = 'orders';

/** The order confirmation mail's template (domain/mail/order-confirmation.ts renders it). */
export const ORDER_CONFIRMATION_TEMPLATE = 'order-confirmation';

/** The confirmation mail of a placed order: to the buyer, in the order's language, once. */
export function orderConfirmationMail(order: PlacedOrder): OutboxMessage {
  return {
    id: `${ORDER_CONFIRMATION_TEMPLATE}:${order.orderId}`,
    template: ORDER_CONFIRMATION_TEMPLATE,
    to: order.buyer.email,
    locale: order.locale,
    data: order,
    // An order email: not sent to a buyer who turned order emails off (decision 060).
    preference: 'orderEmails',
  };
}

export const orderStreamKind = defineStreamKind<
  OrderState,
  OrderCommand,
  OrderEvent,
  FulfilmentContext | undefined
>({
  name: 'order',
  // Written by the store only: placing an order is its own online request.
  address: null,
  owners: 'users',
  perStore: true,
  initialState: () => ({ order: null }),
  // The fulfilment's context comes with its commands only (the server's order context).
  decide: (command, state, context) => decideOrder(command, state, context),
  evolve: evolveOrder,
  upcast: (stored) => {
    if (stored.type === 'OrderPlaced' && stored.v === 1) return upcastOrderPlacedV1(stored.data);
    const type = stored.type as OrderEvent['type'];
    if (!(type in ORDER_EVENT_VERSIONS) || stored.v !== ORDER_EVENT_VERSIONS[type]) {
      throw new Error(`No upcaster for ${stored.type}@${String(stored.v)}`);
    }
    return stored as OrderEvent;
  },
  // No browser pushes orders (no address); the store's own commands are made in code.
  commandSchema: z.never(),
  // What a buyer sends for an order: training participants after it was placed (as checkout).
  limits: { commandBytes: 128 * KIB, pushBytes: 256 * KIB },
  refused: ORDER_MESSAGES.refused,
  // 2: tax, holds, training participants and card payments joined the order;
  // 3: its fulfilment (status history, Order #, shipment, refund).
  snapshotShape: 3,
  readModels: [{ name: ORDERS_READ_MODEL, shape: 3, project: (state) => state.order }],
  // SPEC 9: the buyer gets a confirmation email; written with the order (decision 027).
  // A declined order (sanctions screening) is told on the page, and gets no confirmation.
  outbox: (event) =>
    event.type === 'OrderPlaced' && event.data.order.status !== 'declined'
      ? [orderConfirmationMail(event.data.order)]
      : [],
});
