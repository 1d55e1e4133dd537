/** Cart commands (imperative). Time and the command's id come in `metadata`. */
import type { CommandMetadata } from '../shared/decider';
import type { AppliedPromotion, CartAccount, CartLine, CartQuote } from './state';

export interface ItemRequest {
  readonly code: string;
  readonly quantity: number;
}

export type CartCommand = (
  | { readonly type: 'AddItem'; readonly data: ItemRequest }
  /** Several products at once (quick order, a saved cart): the ones that fail are reported. */
  | {
      readonly type: 'AddItems';
      readonly data: {
        readonly items: readonly ItemRequest[];
        readonly source: 'quick-order' | 'saved-cart' | 'reorder';
      };
    }
  | { readonly type: 'ChangeQuantity'; readonly data: ItemRequest }
  | { readonly type: 'RemoveItem'; readonly data: { readonly code: string } }
  | {
      readonly type: 'ApplyPromotion';
      readonly data: { readonly code: string; readonly productCode?: string };
    }
  | { readonly type: 'RemovePromotion'; readonly data: { readonly code: string } }
  /** The customer account to price the cart for; only the server knows who may use it. */
  | { readonly type: 'ChooseAccount'; readonly data: { readonly accountId: string } }
  /** SPEC 2.5 old-cart merge: an earlier cart's lines and codes into this one. */
  | {
      readonly type: 'MergeCart';
      readonly data: {
        readonly fromCartId: string;
        readonly items: readonly ItemRequest[];
        readonly promotionCodes: readonly string[];
      };
    }
  | { readonly type: 'DismissNotices'; readonly data: Record<string, never> }
  /**
   * The store puts a quote in the cart to order it (decision 051): its lines at the quoted
   * prices and its account, instead of what the cart held. Never sent by a browser.
   */
  | {
      readonly type: 'LoadQuote';
      readonly data: {
        readonly quote: CartQuote;
        readonly lines: readonly CartLine[];
        readonly promotions: readonly AppliedPromotion[];
        readonly account: CartAccount;
      };
    }
  | {
      readonly type: 'ClearCart';
      readonly data: {
        readonly reason: 'checkout' | 'merged' | 'emptied';
        /** The order the cart became: its lines leave the cart once, whoever clears first. */
        readonly orderId?: string;
        /** What the order took: a cart that moved on since keeps what was added after. */
        readonly lines?: readonly ItemRequest[];
      };
    }
) & { readonly metadata: CommandMetadata };

export type CartCommandType = CartCommand['type'];
