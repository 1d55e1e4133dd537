/**
 * Cart events (past tense, versioned). `v` is the version of the payload's shape; readers
 * turn older shapes into the current one with the upcasters in upcast.ts. An event's `type`
 * never changes, and a shape that may still be stored is never removed.
 */
import type {
  AppliedPromotion,
  CartAccount,
  CartLine,
  CartOwner,
  CartQuote,
  NotAddedItem,
} from './state';

export type CartEvent =
  | {
      readonly type: 'CartCreated';
      readonly v: 1;
      readonly data: {
        readonly cartId: string;
        readonly storeId: string;
        readonly currency: string;
        readonly owner: CartOwner;
      };
    }
  | { readonly type: 'CartItemAdded'; readonly v: 2; readonly data: { readonly line: CartLine } }
  | {
      readonly type: 'CartItemQuantityChanged';
      readonly v: 1;
      readonly data: {
        readonly code: string;
        readonly quantity: number;
        readonly previousQuantity: number;
      };
    }
  | {
      /** SPEC 8: not enough stock; the quantity went from `oldQuantity` to `newQuantity`. */
      readonly type: 'CartItemQuantityReduced';
      readonly v: 1;
      readonly data: {
        readonly code: string;
        readonly oldQuantity: number;
        readonly newQuantity: number;
        readonly reason: 'insufficient-stock';
      };
    }
  | { readonly type: 'CartItemRemoved'; readonly v: 1; readonly data: { readonly code: string } }
  | {
      readonly type: 'CartItemsNotAdded';
      readonly v: 1;
      readonly data: { readonly items: readonly NotAddedItem[] };
    }
  | { readonly type: 'CartNoticesDismissed'; readonly v: 1; readonly data: Record<string, never> }
  | {
      readonly type: 'CartPromotionApplied';
      readonly v: 1;
      readonly data: { readonly promotion: AppliedPromotion };
    }
  | {
      readonly type: 'CartPromotionRemoved';
      readonly v: 1;
      readonly data: { readonly code: string };
    }
  | {
      /** The customer account the cart is priced for, with its discounts (SPEC 4.7). */
      readonly type: 'CartAccountChosen';
      readonly v: 1;
      readonly data: { readonly account: CartAccount };
    }
  | {
      readonly type: 'CartMerged';
      readonly v: 1;
      readonly data: { readonly fromCartId: string };
    }
  | {
      /**
       * An order took these quantities from a cart that changed since (another tab added
       * to it): they leave, the rest stays.
       */
      readonly type: 'CartOrderedItemsRemoved';
      readonly v: 1;
      readonly data: {
        readonly orderId: string;
        readonly lines: readonly { readonly code: string; readonly quantity: number }[];
      };
    }
  | {
      /** A quote's lines, prices and account in place of what the cart held (decision 051). */
      readonly type: 'CartQuoteLoaded';
      readonly v: 1;
      readonly data: {
        readonly quote: CartQuote;
        readonly lines: readonly CartLine[];
        readonly promotions: readonly AppliedPromotion[];
        readonly account: CartAccount;
      };
    }
  | {
      readonly type: 'CartCleared';
      readonly v: 1;
      readonly data: {
        readonly reason: 'checkout' | 'merged' | 'emptied';
        readonly orderId?: string;
      };
    };

export type CartEventType = CartEvent['type'];

/** The current payload version of each event type. */
export const CART_EVENT_VERSIONS = {
  CartCreated: 1,
  CartItemAdded: 2,
  CartItemQuantityChanged: 1,
  CartItemQuantityReduced: 1,
  CartItemRemoved: 1,
  CartItemsNotAdded: 1,
  CartNoticesDismissed: 1,
  CartPromotionApplied: 1,
  CartPromotionRemoved: 1,
  CartAccountChosen: 1,
  CartMerged: 1,
  CartOrderedItemsRemoved: 1,
  CartQuoteLoaded: 1,
  CartCleared: 1,
} as const satisfies { [K in CartEventType]: Extract<CartEvent, { type: K }>['v'] };
