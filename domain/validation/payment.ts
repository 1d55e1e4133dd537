/**
 * Payment rules (SPEC 3, 5): the purchase order number, and the card checks the store and
 * the gateway's fields share (Luhn, brand, expiry). A card as typed is checked by the
 * gateway's fields (domain/payment/card.ts `checkCard`); the store only ever holds its token.
 */
import { FIELD_LIMITS, requiredText } from './fields';
import { V } from './messages';

export { passesLuhn } from './card-number';

export const poNumberSchema = requiredText(FIELD_LIMITS.poNumber, {
  required: V.poNumberRequired,
});

/** The card networks the store names; any other is 'unknown' (one vocabulary with the gateway). */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A brand as a gateway or the database names it; one the store does not know is 'unknown'. */
export function cardBrandOf(name: string): CardBrand {
  return CARD_BRANDS.find((brand) => brand === name) ?? 'unknown';
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card is good until the end of its expiry month. */
export function isExpired(month: number, year: number, today: string): boolean {
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  return year < thisYear || (year === thisYear && month < thisMonth);
}
