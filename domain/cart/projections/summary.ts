/**
 * The cart as people see it (SPEC 3 cart line: totalPrice.value and totalDiscounts.value):
 * each line's total and discount, the promotion codes with what each takes off, and the
 * subtotal, discounts and total, in the cart's currency. Derived from the state only.
 */
import type { CartLine, CartState, NotAddedItem, QuantityReduction } from '../state';

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
  readonly notAdded: readonly NotAddedItem[];
  readonly reductions: readonly QuantityReduction[];
}

function share(amountMinor: number, basisPoints: number): number {
  return Math.round((amountMinor * basisPoints) / 10_000);
}

export function cartSummary(state: CartState): CartSummary {
  const totals = state.lines.map((line) => line.unitPriceMinor * line.quantity);
  const discounts = state.lines.map(() => 0);
  const subtotalMinor = totals.reduce((a, b) => a + b, 0);
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
    notAdded: state.notAdded,
    reductions: state.reductions,
  };
}
