/**
 * The cart as checkout sees it: what is ordered (codes, quantities, the promotion codes),
 * which kinds of items it holds (physical, Q-global, aimswebPlus, pre-ordered), the level
 * they need, and its fingerprint. A checkout is tied to the cart version it started from;
 * it restarts when the fingerprint moves (SPEC 4.8), so a notice dismissed on the cart page
 * or a command rebased with another number of events does not restart it, while any change
 * to what is bought does.
 */
import type { Level } from '../catalog/catalog';
import { cartSummary } from '../cart/projections/summary';
import type { AccountDiscount, AppliedPromotion, CartQuote, CartState } from '../cart/state';
import { requiredLevel } from '../validation/account';

export interface CheckoutCartLine {
  readonly code: string;
  readonly name: string;
  readonly programName: string;
  readonly quantity: number;
  readonly unitPriceMinor: number;
  readonly format: CartState['lines'][number]['format'];
  readonly qualificationLevel: Level;
  readonly aimsweb: boolean;
  readonly preOrder: boolean;
  readonly notDiscountable: boolean;
}

export interface CheckoutCart {
  readonly cartId: string;
  /** The cart stream's version this view of it was taken at. */
  readonly version: number;
  readonly fingerprint: string;
  readonly currency: string;
  readonly lines: readonly CheckoutCartLine[];
  readonly promotions: readonly AppliedPromotion[];
  /** The discounts of the account the cart itself is priced for (before checkout chooses one). */
  readonly accountDiscounts?: readonly AccountDiscount[];
  /** The quote the cart orders, its prices held until its last day (decision 051). */
  readonly quote?: CartQuote;
}

/** What is bought, in a stable text: lines by code with quantities, then the codes applied. */
export function cartFingerprint(state: Pick<CartState, 'lines' | 'promotions'>): string {
  const lines = [...state.lines]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((line) => `${line.code}x${String(line.quantity)}`);
  const codes = state.promotions.map((p) => p.code).sort();
  return `${lines.join(',')}|${codes.join(',')}`;
}

export function checkoutCartOf(state: CartState, version: number): CheckoutCart | null {
  if (!state.cartId || !state.currency) return null;
  return {
    cartId: state.cartId,
    version,
    fingerprint: cartFingerprint(state),
    currency: state.currency,
    lines: state.lines.map((line) => ({
      code: line.code,
      name: line.name,
      programName: line.programName,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      format: line.format,
      qualificationLevel: line.qualificationLevel,
      aimsweb: line.aimsweb,
      preOrder: line.preOrder,
      notDiscountable: line.notDiscountable,
    })),
    promotions: state.promotions,
    accountDiscounts: state.account?.discounts ?? [],
    ...(state.quote ? { quote: state.quote } : {}),
  };
}

/** Items sent by post: they need a delivery address and a shipping method. */
export const isPhysical = (line: Pick<CheckoutCartLine, 'format'>): boolean =>
  line.format === 'physical-kit';

/**
 * Items delivered into a Q-global account (SPEC 2.6): digital scoring and reporting and
 * digital libraries, aimswebPlus excepted (it has its own platform account).
 */
export const isQglobalItem = (line: Pick<CheckoutCartLine, 'format' | 'aimsweb'>): boolean =>
  !line.aimsweb && (line.format === 'digital-scoring' || line.format === 'digital-library');

export interface CartNeeds {
  readonly shipping: boolean;
  readonly qglobal: boolean;
  readonly aimsweb: boolean;
  readonly preOrder: boolean;
  /** The level a qualified user needs for every item; null when no item needs one. */
  readonly level: Level | null;
}

export function cartNeeds(lines: readonly CheckoutCartLine[]): CartNeeds {
  return {
    shipping: lines.some(isPhysical),
    qglobal: lines.some(isQglobalItem),
    aimsweb: lines.some((l) => l.aimsweb),
    preOrder: lines.some((l) => l.preOrder),
    level: requiredLevel(lines.map((l) => l.qualificationLevel)),
  };
}

/**
 * The cart priced for a customer account: the account's discount programme and the cart's
 * promotion codes, exactly as the cart page prices it (the cart's own rules), whatever
 * account the cart itself was last priced for.
 */
export function priceCart(cart: CheckoutCart, discounts: readonly AccountDiscount[] | null) {
  return cartSummary({
    cartId: cart.cartId,
    storeId: null,
    currency: cart.currency,
    owner: null,
    lines: cart.lines.map((line) => ({
      ...line,
      minOrderQuantity: null,
      maxOrderQuantity: null,
    })),
    promotions: cart.promotions,
    account: discounts ? { id: '', number: '', name: '', type: 'ORGANIZATION', discounts } : null,
    mergedFrom: [],
    clearedOrders: [],
    notAdded: [],
    reductions: [],
    quote: null,
  });
}

/** What the aimswebPlus products of a cart come to, at list price (SPEC 5: at least $300). */
export function aimswebAmountMinor(lines: readonly CheckoutCartLine[]): number {
  return lines.filter((l) => l.aimsweb).reduce((n, l) => n + l.unitPriceMinor * l.quantity, 0);
}
