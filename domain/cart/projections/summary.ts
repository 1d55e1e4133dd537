/**
 * The cart as people see it (SPEC 3 cart line: totalPrice.value and totalDiscounts.value):
 * each line's total and discount, the promotion codes with what each takes off, and the
 * subtotal, discounts and total, in the cart's currency. Derived from the state only.
 */
import type {
  AccountDiscount,
  CartAccount,
  CartLine,
  CartQuote,
  CartState,
  NotAddedItem,
  QuantityReduction,
} from '../state';

export interface CartLineView extends CartLine {
  readonly totalPrice: { readonly value: number };
  readonly totalDiscounts: { readonly value: number };
}

export interface CartPromotionView {
  readonly code: string;
  readonly name: string;
  /** What the code takes off now; 0 when nothing in the cart qualifies any more. */
  readonly discountMinor: number;
}

/** The customer account's discount as it applies to this cart (SPEC 4.7). */
export type CartAccountDiscountView = AccountDiscount & {
  /** What it takes off the discountable lines now. */
  readonly discountMinor: number;
};

export interface CartSummary {
  readonly cartId: string | null;
  readonly currency: string | null;
  readonly lines: readonly CartLineView[];
  /** Units across all lines (the header's cart count). */
  readonly itemCount: number;
  readonly subtotalMinor: number;
  readonly discountsMinor: number;
  readonly totalMinor: number;
  readonly promotions: readonly CartPromotionView[];
  /** The customer account the cart is priced for, if chosen. */
  readonly account: CartAccount | null;
  /** The account's discount in force (UAP before organizational), if any applies. */
  readonly accountDiscount: CartAccountDiscountView | null;
  /** The account's programmes that do not apply now (limit reached, expired, not started). */
  readonly accountDiscountStatuses: readonly AccountDiscount['status'][];
  readonly notAdded: readonly NotAddedItem[];
  readonly reductions: readonly QuantityReduction[];
  /** The quote the cart orders, its prices held (decision 051); null for the buyer's own cart. */
  readonly quote: CartQuote | null;
}

function share(amountMinor: number, basisPoints: number): number {
  return Math.round((amountMinor * basisPoints) / 10_000);
}

/**
 * The account's programme that applies: the University Alliance Program when applied, else
 * the organizational discount when applied (SPEC 4.7 gives UAP the first say).
 */
export function appliedAccountDiscount(account: CartAccount | null): AccountDiscount | undefined {
  if (!account) return undefined;
  return (
    account.discounts.find((d) => d.programme === 'UAP' && d.status === 'UAP_APPLIED') ??
    account.discounts.find((d) => d.programme === 'OLD' && d.status === 'OLD_APPLIED')
  );
}

export function cartSummary(state: CartState): CartSummary {
  const totals = state.lines.map((line) => line.unitPriceMinor * line.quantity);
  const subtotalMinor = totals.reduce((a, b) => a + b, 0);
  // The account's discount comes first, on every line that takes discounts; promotion codes
  // then take their share of the line, never more than what is left of it.
  const applied = appliedAccountDiscount(state.account);
  const discounts = state.lines.map((line, i) =>
    applied && !line.notDiscountable ? share(totals[i] ?? 0, applied.basisPoints) : 0,
  );
  const accountDiscountMinor = discounts.reduce((a, b) => a + b, 0);
  const promotions: CartPromotionView[] = state.promotions.map((promotion) => {
    const applies =
      promotion.appliesTo === 'products' || subtotalMinor >= promotion.minimumSubtotalMinor;
    let discountMinor = 0;
    state.lines.forEach((line, i) => {
      if (!applies || line.notDiscountable) return;
      if (promotion.appliesTo === 'products' && !promotion.productCodes.includes(line.code)) return;
      const room = (totals[i] ?? 0) - (discounts[i] ?? 0);
      const off = Math.min(room, share(totals[i] ?? 0, promotion.discountBasisPoints));
      discounts[i] = (discounts[i] ?? 0) + off;
      discountMinor += off;
    });
    return { code: promotion.code, name: promotion.name, discountMinor };
  });
  const discountsMinor = discounts.reduce((a, b) => a + b, 0);
  return {
    cartId: state.cartId,
    currency: state.currency,
    lines: state.lines.map((line, i) => ({
      ...line,
      totalPrice: { value: totals[i] ?? 0 },
      totalDiscounts: { value: discounts[i] ?? 0 },
    })),
    itemCount: state.lines.reduce((n, line) => n + line.quantity, 0),
    subtotalMinor,
    discountsMinor,
    totalMinor: subtotalMinor - discountsMinor,
    promotions,
    account: state.account,
    accountDiscount: applied ? { ...applied, discountMinor: accountDiscountMinor } : null,
    accountDiscountStatuses: (state.account?.discounts ?? [])
      .filter((d) => d !== applied)
      .map((d) => d.status),
    notAdded: state.notAdded,
    reductions: state.reductions,
    quote: state.quote,
  };
}
