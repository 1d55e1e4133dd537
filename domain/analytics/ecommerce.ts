/**
 * The analytics events of the cart (SPEC 3 analytics product entry, pushed to the data
 * layer): `view_item`, `add_to_cart`, `remove_from_cart` and `view_cart`, each with the
 * store's currency, the value in major units, and one entry per product: name, program,
 * price, discountPrice, quantity, position, and when present addToCartSource, coupon,
 * discount_value, discount_percentage, promotion_type, promotion_name, promo_exclude.
 */
import { evolve } from '../cart/decide';
import type { CartEvent } from '../cart/events';
import type { AppliedPromotion, CartLine, CartState } from '../cart/state';
import type { CartAccountDiscountView, CartSummary } from '../cart/projections/summary';

/** How an account's programme is named in the data layer (not shown to people). */
const PROGRAMME_ANALYTICS = {
  UAP: { type: 'uap', name: 'University Alliance Program' },
  OLD: { type: 'organization', name: 'Organizational discount' },
} as const;

export type AddToCartSource = 'product-page' | 'search' | 'quick-order' | 'saved-cart' | 'reorder';

export interface AnalyticsProductEntry {
  readonly item_id: string;
  readonly name: string;
  readonly program: string;
  /** One unit, in major units of the store's currency. */
  readonly price: number;
  /** One unit after discounts, in major units. */
  readonly discountPrice: number;
  readonly quantity: number;
  /** 1-based place in the list the person saw. */
  readonly position: number;
  readonly addToCartSource?: AddToCartSource;
  readonly coupon?: string;
  readonly discount_value?: number;
  readonly discount_percentage?: number;
  /** A promotion code's reach, or the customer account's programme (SPEC 4.7). */
  readonly promotion_type?: 'cart' | 'product' | 'uap' | 'organization';
  readonly promotion_name?: string;
  readonly promo_exclude?: boolean;
}

export interface EcommerceEvent {
  readonly event: 'view_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart';
  readonly ecommerce: {
    readonly currency: string;
    readonly value: number;
    readonly items: readonly AnalyticsProductEntry[];
  };
}

/** Minor units to major units, for currencies with two decimals or none (JPY). */
export function toMajor(amountMinor: number, currency: string): number {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return amountMinor / 10 ** digits;
}

/** What an entry says of a product the store shows (a product page, a search result). */
export interface ShownProduct {
  readonly code: string;
  readonly name: string;
  readonly program: string;
  readonly unitPriceMinor: number;
  readonly notDiscountable?: boolean;
}

function baseEntry(
  product: ShownProduct,
  currency: string,
  quantity: number,
  position: number,
): AnalyticsProductEntry {
  const price = toMajor(product.unitPriceMinor, currency);
  return {
    item_id: product.code,
    name: product.name,
    program: product.program,
    price,
    discountPrice: price,
    quantity,
    position,
    ...(product.notDiscountable ? { promo_exclude: true } : {}),
  };
}

/**
 * The entry for a cart line, with the promotion code that takes something off it, or else
 * the customer account's programme.
 */
export function lineEntry(
  line: CartLine,
  summary: Pick<CartSummary, 'lines' | 'currency'> & {
    readonly promotions: readonly AppliedPromotion[];
    readonly accountDiscount?: CartAccountDiscountView | null;
  },
  position: number,
  source?: AddToCartSource,
): AnalyticsProductEntry {
  const currency = summary.currency ?? 'USD';
  const entry = baseEntry(
    {
      code: line.code,
      name: line.name,
      program: line.programName,
      unitPriceMinor: line.unitPriceMinor,
      notDiscountable: line.notDiscountable,
    },
    currency,
    line.quantity,
    position,
  );
  const view = summary.lines.find((l) => l.code === line.code);
  const discountMinor = view?.totalDiscounts.value ?? 0;
  const promotion = line.notDiscountable
    ? undefined
    : summary.promotions.find((p) => p.appliesTo === 'cart' || p.productCodes.includes(line.code));
  const account = line.notDiscountable ? undefined : summary.accountDiscount;
  return {
    ...entry,
    ...(source ? { addToCartSource: source } : {}),
    ...(discountMinor > 0
      ? {
          discountPrice: toMajor(
            Math.round((line.unitPriceMinor * line.quantity - discountMinor) / line.quantity),
            currency,
          ),
          discount_value: toMajor(discountMinor, currency),
        }
      : {}),
    ...(promotion && discountMinor > 0
      ? {
          coupon: promotion.code,
          discount_percentage: promotion.discountBasisPoints / 100,
          promotion_type: promotion.appliesTo === 'cart' ? 'cart' : 'product',
          promotion_name: promotion.name,
        }
      : account && discountMinor > 0
        ? {
            discount_percentage: account.basisPoints / 100,
            promotion_type: PROGRAMME_ANALYTICS[account.programme].type,
            promotion_name: PROGRAMME_ANALYTICS[account.programme].name,
          }
        : {}),
  };
}

function total(items: readonly AnalyticsProductEntry[]): number {
  const cents = items.reduce((sum, i) => sum + Math.round(i.discountPrice * 100) * i.quantity, 0);
  return cents / 100;
}

export function viewItemEvent(product: ShownProduct, currency: string): EcommerceEvent {
  const items = [baseEntry(product, currency, 1, 1)];
  return { event: 'view_item', ecommerce: { currency, value: total(items), items } };
}

export function viewCartEvent(
  summary: CartSummary,
  promotions: readonly AppliedPromotion[],
): EcommerceEvent {
  const currency = summary.currency ?? 'USD';
  const items = summary.lines.map((line, i) =>
    lineEntry(
      line,
      { lines: summary.lines, currency, promotions, accountDiscount: summary.accountDiscount },
      i + 1,
    ),
  );
  return {
    event: 'view_cart',
    ecommerce: { currency, value: toMajor(summary.totalMinor, currency), items },
  };
}

/**
 * What a cart command changed, as analytics: units added (new lines, higher quantities) in
 * one `add_to_cart`, units taken out (removed lines, lower quantities) in one
 * `remove_from_cart`. Quantities the store lowered for stock and a cleared cart are not a
 * person's choice and are not reported.
 */
export function cartChangeEvents(
  events: readonly CartEvent[],
  before: CartState,
  currency: string,
  source?: AddToCartSource,
): EcommerceEvent[] {
  const added: AnalyticsProductEntry[] = [];
  const removed: AnalyticsProductEntry[] = [];
  let state = before;
  const shown = (l: CartLine): ShownProduct => ({
    code: l.code,
    name: l.name,
    program: l.programName,
    unitPriceMinor: l.unitPriceMinor,
    notDiscountable: l.notDiscountable,
  });
  for (const event of events) {
    if (event.type === 'CartItemAdded') {
      const old = state.lines.find((l) => l.code === event.data.line.code)?.quantity ?? 0;
      const delta = event.data.line.quantity - old;
      if (delta > 0)
        added.push(baseEntry(shown(event.data.line), currency, delta, added.length + 1));
    } else if (event.type === 'CartItemQuantityChanged') {
      const current = state.lines.find((l) => l.code === event.data.code);
      const delta = event.data.quantity - event.data.previousQuantity;
      if (current && delta > 0) {
        added.push(baseEntry(shown(current), currency, delta, added.length + 1));
      }
      if (current && delta < 0) {
        removed.push(baseEntry(shown(current), currency, -delta, removed.length + 1));
      }
    } else if (event.type === 'CartItemRemoved') {
      const current = state.lines.find((l) => l.code === event.data.code);
      if (current)
        removed.push(baseEntry(shown(current), currency, current.quantity, removed.length + 1));
    }
    state = evolve(state, event);
  }
  const out: EcommerceEvent[] = [];
  if (added.length > 0) {
    const items = added.map((i) => (source ? { ...i, addToCartSource: source } : i));
    out.push({ event: 'add_to_cart', ecommerce: { currency, value: total(items), items } });
  }
  if (removed.length > 0) {
    out.push({
      event: 'remove_from_cart',
      ecommerce: { currency, value: total(removed), items: removed },
    });
  }
  return out;
}
