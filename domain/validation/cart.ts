/** Cart quantities, promotion codes and saved-cart names (SPEC 5). */
import * as z from 'zod';
import { MAX_LINE_QUANTITY } from '../cart/limits';
import {
  SAVED_CART_DESCRIPTION_MAX,
  SAVED_CART_NAME,
  SAVED_CART_NAME_MAX,
} from '../saved-cart/saved-carts';
import { optionalText, requiredText } from './fields';
import { V } from './messages';

export { MAX_LINE_QUANTITY };

/**
 * A quantity typed by a person: empty is 'Quantity field cannot be empty.'; zero, a negative,
 * a fraction or anything not a number is 'Please provide a positive number...'.
 */
export const quantitySchema = z
  .union([z.string(), z.number()], { error: V.quantityEmpty.id })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: V.quantityEmpty.id });
      return z.NEVER;
    }
    if (!/^\+?\d+$/.test(text) || Number(text) < 1) {
      ctx.addIssue({ code: 'custom', message: V.quantityNotPositive.id });
      return z.NEVER;
    }
    const quantity = Number(text);
    if (quantity > MAX_LINE_QUANTITY) {
      ctx.addIssue({
        code: 'custom',
        message: V.quantityTooLarge.id,
        params: { values: { max: MAX_LINE_QUANTITY } },
      });
      return z.NEVER;
    }
    return quantity;
  });

export const PROMOTION_CODE_MAX = 40;

/** A promotion code as typed: letters, digits, hyphens and underscores, upper-cased. */
export const promotionCodeSchema = requiredText(PROMOTION_CODE_MAX, {
  format: { pattern: /^[A-Za-z0-9_-]+$/, message: V.promotionInvalid },
}).transform((code) => code.toUpperCase());

export {
  PROMOTION_CODE_PROBLEM_MESSAGES,
  promotionCodeProblem,
  type PromotionCodeCheck,
  type PromotionCodeProblem,
  type PromotionForCode,
} from '../pricing/promotions';

export { SAVED_CART_DESCRIPTION_MAX, SAVED_CART_NAME_MAX };

export const savedCartSchema = z.object({
  name: requiredText(SAVED_CART_NAME_MAX, {
    format: { pattern: SAVED_CART_NAME, message: V.cartNameNotAlphanumeric },
  }),
  description: optionalText(SAVED_CART_DESCRIPTION_MAX),
});

export type SavedCartInput = z.output<typeof savedCartSchema>;

/** The characters-left counter under the description (never below 0). */
export function charactersLeft(text: string, max: number = SAVED_CART_DESCRIPTION_MAX): number {
  return Math.max(0, max - text.length);
}
