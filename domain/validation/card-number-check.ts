/**
 * The card-number rule (card-number.ts) as a zod check, kept apart so that code which only
 * asks `containsCardNumber` (a search page's address, read in the first load) loads no zod.
 */
import * as z from 'zod/mini';
import { containsCardNumber } from './card-number';
import { V } from './messages';

/**
 * The check of a free-text field, for `z.string().check(...)` in zod and zod/mini: a card
 * number in it is refused with the domain's message.
 */
export function noCardNumber() {
  return z.refine<string>((value) => !containsCardNumber(value), {
    error: V.cardNumberNotAllowed.id,
  });
}
