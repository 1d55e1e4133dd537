/**
 * Payment details (SPEC 3, 5): purchase order number, card holder names, card number (Luhn),
 * expiry (not in the past) and security code. Only validated here: no card number or
 * security code is ever stored or logged (the gateway tokenizes them).
 */
import * as z from 'zod';
import { CARD_NAME, FIELD_LIMITS, requiredText } from './fields';
import { V } from './messages';

export const poNumberSchema = requiredText(FIELD_LIMITS.poNumber, {
  required: V.poNumberRequired,
});

/** Digits only: spaces and hyphens people type between groups are dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'other';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'other';
}

export function isValidCardNumber(number: string): boolean {
  const digits = cardDigits(number);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

/** American Express has four digits; the others three. */
export function isValidSecurityCode(code: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(code) : /^\d{3}$/.test(code);
}

/** A card is good until the end of its expiry month. */
export function isExpired(month: number, year: number, today: string): boolean {
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  return year < thisYear || (year === thisYear && month < thisMonth);
}

/** A whole number typed into a field: empty is required, anything else outside the range invalid. */
function wholeNumberIn(min: number, max: number) {
  return z.union([z.string(), z.number()], { error: V.required.id }).transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: V.required.id });
      return z.NEVER;
    }
    const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!(number >= min && number <= max)) {
      ctx.addIssue({ code: 'custom', message: V.invalidDate.id });
      return z.NEVER;
    }
    return number;
  });
}

const cardName = { pattern: CARD_NAME, message: V.cardNameInvalid };

/** A new card as typed at checkout (SPEC 3 card fields). `today` is YYYY-MM-DD. */
export function newCardSchema(options: { readonly today: string }) {
  return z
    .object({
      firstName: requiredText(FIELD_LIMITS.name, { format: cardName }),
      lastName: requiredText(FIELD_LIMITS.name, { format: cardName }),
      number: requiredText(30, {
        format: { pattern: isValidCardNumber, message: V.cardNumberInvalid },
      }).transform(cardDigits),
      month: wholeNumberIn(1, 12),
      year: wholeNumberIn(2000, 2100),
      securityCode: requiredText(4),
      saveCard: z.boolean().default(false),
    })
    .superRefine(
      (card, ctx) => {
        // Runs even when a field failed (see `when`), so every value is checked for its type.
        const number = typeof card.number === 'string' ? card.number : '';
        const code = typeof card.securityCode === 'string' ? card.securityCode : '';
        if (code !== '' && !isValidSecurityCode(code, cardBrand(cardDigits(number)))) {
          ctx.addIssue({
            code: 'custom',
            message: V.securityCodeInvalid.id,
            path: ['securityCode'],
          });
        }
        if (
          typeof card.month === 'number' &&
          typeof card.year === 'number' &&
          isExpired(card.month, card.year, options.today)
        ) {
          ctx.addIssue({ code: 'custom', message: V.cardExpired.id, path: ['month'] });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
}
