/**
 * The cart's state: who owns it, which store it sells in, its lines (SPEC 3 cart line:
 * product code, name, programName, notDiscountable, quantity, with the unit price the line
 * was priced at) and the promotion codes applied. Totals and discounts are derived by the
 * projections, never stored.
 */
import type { Level, ProductFormat } from '../catalog/catalog';
import type { OrgDiscountStatus, UapStatus } from '../pricing/discount-label';
import type { Actor } from '../shared/event-metadata';

/** Who owns a cart: a visitor (the browser's cookie) or a signed-in user, never the store. */
export type CartOwner = Extract<Actor, { readonly kind: 'visitor' | 'user' }>;

export interface CartLine {
  readonly code: string;
  readonly name: string;
  readonly programName: string;
  readonly notDiscountable: boolean;
  readonly quantity: number;
  /** Price of one unit in the cart's currency, in minor units. */
  readonly unitPriceMinor: number;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
  readonly preOrder: boolean;
  readonly aimsweb: boolean;
  readonly minOrderQuantity: number | null;
  readonly maxOrderQuantity: number | null;
}

export interface AppliedPromotion {
  readonly code: string;
  readonly name: string;
  /** The whole cart, or only the listed products. */
  readonly appliesTo: 'cart' | 'products';
  readonly productCodes: readonly string[];
  readonly discountBasisPoints: number;
  readonly minimumSubtotalMinor: number;
}

/** A discount programme of a customer account (SPEC 4.7), as the store knew it when chosen. */
export type AccountDiscount =
  | { readonly programme: 'UAP'; readonly status: UapStatus; readonly basisPoints: number }
  | { readonly programme: 'OLD'; readonly status: OrgDiscountStatus; readonly basisPoints: number };

/**
 * The customer account a cart is priced for (SPEC 1, 4.7): its University Alliance Program
 * and organizational discounts apply to the cart's discountable lines.
 */
export interface CartAccount {
  readonly id: string;
  /** A 4-digit organization number or a 12-character temporary number (SPEC 5). */
  readonly number: string;
  readonly name: string;
  readonly type: 'PERSONAL' | 'ORGANIZATION';
  readonly discounts: readonly AccountDiscount[];
}

/** Items a command could not add, with the reason in the spec's words (kept until dismissed). */
export interface NotAddedItem {
  readonly code: string;
  readonly quantity: number;
  readonly reason: {
    readonly code: string;
    readonly messageId: string;
    readonly values: Readonly<Record<string, string | number>>;
  };
}

/** SPEC 8: a quantity the store lowered, with the old and the new quantity. */
export interface QuantityReduction {
  readonly code: string;
  readonly oldQuantity: number;
  readonly newQuantity: number;
}

/**
 * A quote the cart holds (decision 051): its lines at the quoted prices, for its account,
 * until its last day. The cart's lines cannot change while it holds one; emptying the cart
 * lets it go.
 */
export interface CartQuote {
  readonly quoteId: string;
  readonly number: string;
  /** The quote's last day (YYYY-MM-DD). */
  readonly expiresOn: string;
  readonly accountId: string;
}

export interface CartState {
  /** Null until the first event: a cart exists once something was done with it. */
  readonly cartId: string | null;
  readonly storeId: string | null;
  readonly currency: string | null;
  readonly owner: CartOwner | null;
  readonly lines: readonly CartLine[];
  readonly promotions: readonly AppliedPromotion[];
  /** The customer account the cart is priced for; null until one is chosen. */
  readonly account: CartAccount | null;
  /** Carts already merged into this one (merging twice does nothing). */
  readonly mergedFrom: readonly string[];
  /** Orders whose lines already left this cart (clearing for an order twice does nothing). */
  readonly clearedOrders: readonly string[];
  readonly notAdded: readonly NotAddedItem[];
  readonly reductions: readonly QuantityReduction[];
  /** The quote being ordered from this cart; null for a cart of the buyer's own choosing. */
  readonly quote: CartQuote | null;
}

export function initialCartState(): CartState {
  return {
    cartId: null,
    storeId: null,
    currency: null,
    owner: null,
    lines: [],
    promotions: [],
    account: null,
    mergedFrom: [],
    clearedOrders: [],
    notAdded: [],
    reductions: [],
    quote: null,
  };
}
