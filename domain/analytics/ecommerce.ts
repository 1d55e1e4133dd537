/**
 * The analytics events of the cart (SPEC 3 analytics product entry, pushed to the data
 * layer): `view_item`, `add_to_cart`, `remove_from_cart` and `view_cart`, each with the
 * store's currency, the value in major units, and one entry per product: name, program,
 * price, discountPrice, quantity, position, and when present addToCartSource, coupon,
 * discount_value, discount_percentage, promotion_type, promotion_name, promo_exclude.
 * What a cart command changed is in cart-changes.ts: it replays the cart's events, and pages
 * that only show products do not load the cart's decider.
 */
import type { AppliedPromotion, CartLine } from '../cart/state';
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

/** The entry of a product shown or added, before any discount. */
export function baseEntry(
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

/** What the entries come to, in major units. */
export function total(items: readonly AnalyticsProductEntry[]): number {
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
