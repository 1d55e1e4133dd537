/**
 * Promotion codes (SPEC 5): the first reason a code cannot be applied (invalid, inactive,
 * already applied, not applicable to the product or the cart), with the spec's messages.
 * No zod here: the cart's decider uses it in the browser's first load.
 */
import { V } from '../validation/messages';

/** Why a promotion code cannot be applied (SPEC 5): invalid, inactive, already applied, not applicable. */
export type PromotionCodeProblem =
  'invalid' | 'inactive' | 'already-applied' | 'not-applicable-product' | 'not-applicable-cart';

export const PROMOTION_CODE_PROBLEM_MESSAGES = {
  invalid: V.promotionInvalid,
  inactive: V.promotionInactive,
  'already-applied': V.promotionAlreadyApplied,
  'not-applicable-product': V.promotionNotApplicableToProduct,
  'not-applicable-cart': V.promotionNotApplicableToCart,
} as const;

export interface PromotionForCode {
  readonly code: string;
  /** ISO instants; the code works from `startsAt` (inclusive) until `endsAt` (exclusive). */
  readonly startsAt: string;
  readonly endsAt: string | null;
  readonly enabled: boolean;
  /** Either the whole cart, or the listed products. */
  readonly appliesTo:
    | { readonly kind: 'cart' }
    | { readonly kind: 'products'; readonly productCodes: readonly string[] };
  /** Least cart subtotal, in minor units, for a cart-wide code; 0 when none. */
  readonly minimumSubtotalMinor: number;
}

export interface PromotionCodeCheck {
  readonly promotion: PromotionForCode | undefined;
  readonly now: string;
  readonly appliedCodes: readonly string[];
  /** Codes of the products in the cart that may be discounted (not notDiscountable). */
  readonly discountableProductCodes: readonly string[];
  readonly subtotalMinor: number;
  /** When the code is entered against one product line. */
  readonly productCode?: string;
}

/** The first reason the code cannot be applied, or null when it can. */
export function promotionCodeProblem(check: PromotionCodeCheck): PromotionCodeProblem | null {
  const { promotion } = check;
  if (!promotion) return 'invalid';
  const now = Date.parse(check.now);
  const started = Date.parse(promotion.startsAt) <= now;
  const ended = promotion.endsAt !== null && Date.parse(promotion.endsAt) <= now;
  if (!promotion.enabled || !started || ended) return 'inactive';
  if (check.appliedCodes.includes(promotion.code)) return 'already-applied';
  if (promotion.appliesTo.kind === 'products') {
    const products = promotion.appliesTo.productCodes;
    if (check.productCode !== undefined) {
      return products.includes(check.productCode) &&
        check.discountableProductCodes.includes(check.productCode)
        ? null
        : 'not-applicable-product';
    }
    return check.discountableProductCodes.some((code) => products.includes(code))
      ? null
      : 'not-applicable-cart';
  }
  if (check.discountableProductCodes.length === 0) return 'not-applicable-cart';
  if (check.subtotalMinor < promotion.minimumSubtotalMinor) return 'not-applicable-cart';
  return null;
}
