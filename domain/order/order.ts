/**
 * The order aggregate (SPEC 3 Order, 4.8): a stream per order, written only by the store
 * (placing an order is one online request; fulfilment comes later as more events), and the
 * `orders` read model, written in the same transaction as its events. An order's id is the
 * cart's id and version when it is placed, so a cart can never make two orders, whatever
 * retries, tabs, devices or instances do (decision 024).
 */
import type { Level, ProductFormat } from '../catalog/catalog';
import type {
  CheckoutAddress,
  ChosenAccount,
  ChosenQualifiedUser,
  PaymentChoice,
} from '../checkout/state';
import type { ShippingMethod } from '../checkout/shipping-methods';
import type { CommandMetadata } from '../shared/decider';
import type { MessageDescriptor } from '../shared/message';
import { defineStreamKind } from '../sync/stream-kind';
import * as z from 'zod';
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
  readonly payment: PaymentChoice;
  readonly totals: OrderTotals;
  /** Access codes of digital items, given at fulfilment. */
  readonly accessCodes: readonly { readonly code: string; readonly accessCode: string }[];
  readonly checkoutId: string;
  readonly cartId: string;
  /** The delivery address goes into the buyer's address book (asked for at checkout). */
  readonly saveShippingAddress: boolean;
}

export interface OrderState {
  readonly order: Order | null;
}

export type OrderCommand = {
  readonly type: 'PlaceOrder';
  readonly data: { readonly order: Order };
} & { readonly metadata: CommandMetadata };

export type OrderEvent = {
  readonly type: 'OrderPlaced';
  readonly v: 1;
  readonly data: { readonly order: Order };
};

export const ORDER_EVENT_VERSIONS = { OrderPlaced: 1 } as const satisfies {
  [K in OrderEvent['type']]: Extract<OrderEvent, { type: K }>['v'];
};

export const ORDER_MESSAGES = {
  refused: /*i18n*/ { id: 'order.refused', message: 'This order could not be changed.' },
} as const satisfies Record<string, MessageDescriptor>;

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  // Placing the same checkout again (another tab, a retry) changes nothing.
  if (state.order) return [];
  return [{ type: 'OrderPlaced', v: 1, data: { order: command.data.order } }];
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  return event.type === 'OrderPlaced' ? { order: event.data.order } : state;
}

/** The order document of the `orders` read model: what order pages and lookups read. */
export const ORDERS_READ_MODEL = 'orders';

export const orderStreamKind = defineStreamKind<OrderState, OrderCommand, OrderEvent>({
  name: 'order',
  // Written by the store only: placing an order is its own online request.
  address: null,
  owners: 'users',
  perStore: true,
  initialState: () => ({ order: null }),
  decide: (command, state) => decideOrder(command, state),
  evolve: evolveOrder,
  upcast: (stored) => {
    if (stored.type === 'OrderPlaced' && stored.v !== ORDER_EVENT_VERSIONS.OrderPlaced) {
      throw new Error(`No upcaster for OrderPlaced@${String(stored.v)}`);
    }
    return stored as OrderEvent;
  },
  // No browser pushes orders (no address); the store's own commands are made in code.
  commandSchema: z.never(),
  refused: ORDER_MESSAGES.refused,
  snapshotShape: 1,
  readModels: [{ name: ORDERS_READ_MODEL, shape: 1, project: (state) => state.order }],
});
