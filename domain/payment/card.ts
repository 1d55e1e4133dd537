/**
 * What the store may know of a card (SPEC 3 card fields, SPEC 5 card rules): its brand, the
 * last four digits and the expiry, and the payment gateway's token for it. The card number
 * and the security code are typed into the gateway's own fields and never reach the store
 * (decision 026); `checkCard` is the gateway side's check of them, kept here so the sandbox
 * gateway and its tests share one definition.
 */
import * as z from 'zod';
import { containsCardNumber } from '../validation/card-number';
import { CARD_NAME, FIELD_LIMITS, requiredText } from '../validation/fields';
import { V } from '../validation/messages';
import { CARD_BRANDS, cardBrand, passesLuhn, type CardBrand } from '../validation/payment';

export { CARD_BRANDS, type CardBrand };

/**
 * A gateway's token for a card, one-time (from its fields) or reusable (a saved card), in
 * the one format the store takes wherever a token comes in (decision 045): the kind of token
 * as lower-case words each ending in `_` (`sandbox_tok_`, `sandbox_pm_`; a gateway's adapter
 * names its own, such as `tok_` and `pm_`), then 8 to 160 letters, digits or hyphens, and no
 * card number anywhere in it. A card number sent in its place is refused, never stored.
 */
export const CARD_TOKEN = /^[a-z]+(?:_[a-z]+)*_[A-Za-z0-9-]{8,160}$/;

export function isCardToken(value: unknown): value is string {
  return typeof value === 'string' && CARD_TOKEN.test(value) && !containsCardNumber(value);
}

export const cardTokenSchema = z.string().superRefine((value, ctx) => {
  if (containsCardNumber(value)) {
    ctx.addIssue({ code: 'custom', message: V.cardNumberNotAllowed.id });
  } else if (!CARD_TOKEN.test(value)) {
    ctx.addIssue({ code: 'custom', message: V.invalid.id });
  }
});

export const cardSummarySchema = z.strictObject({
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.int().min(1).max(12),
  expYear: z.int().min(2000).max(2099),
});

export type CardSummary = z.output<typeof cardSummarySchema>;

/** What the gateway's fields give back: never more (the schema is strict). */
export const tokenizedCardSchema = cardSummarySchema.extend({ token: cardTokenSchema });

export type TokenizedCard = z.output<typeof tokenizedCardSchema>;

/** The card holder's first or last name (SPEC 5: required, at most 60, a-z ' - and space). */
export const cardNameSchema = requiredText(FIELD_LIMITS.name, {
  format: { pattern: CARD_NAME, message: V.cardNameInvalid },
});

/** The card holder's names, typed beside the gateway's card fields. */
export const cardHolderSchema = z.object({ firstName: cardNameSchema, lastName: cardNameSchema });

/** Digits only: spaces and hyphens people type between groups are dropped. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check digit of a card number holds. */
export function luhnValid(digits: string): boolean {
  return passesLuhn(digits);
}

/** The brand a card number's first digits name; 'unknown' for any other network. */
export function brandOf(digits: string): CardBrand {
  return cardBrand(digits);
}

/** American Express has a four-digit security code, the others three. */
export function securityCodeLength(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

/** A calendar month, such as today's where the check runs. */
export interface CardMonth {
  readonly year: number;
  readonly month: number;
}

/** A card is good until the end of its expiry month. */
export function isCardExpired(card: CardMonth, today: CardMonth): boolean {
  return card.year < today.year || (card.year === today.year && card.month < today.month);
}

/** The card fields of a gateway's hosted fields (SPEC 3: card number, month, year, code). */
export const CARD_FIELDS = ['number', 'expMonth', 'expYear', 'securityCode'] as const;

export type CardField = (typeof CARD_FIELDS)[number];

/** Why a card field is not accepted; PAYMENT_MESSAGES has the words for each. */
export const CARD_FIELD_ERRORS = [
  'required',
  'numberInvalid',
  'expiryInvalid',
  'expired',
  'securityCodeInvalid',
] as const;

export type CardFieldError = (typeof CARD_FIELD_ERRORS)[number];

export type CardFieldErrors = Partial<Record<CardField, CardFieldError>>;

/** The card as typed into the fields. */
export type CardInput = Readonly<Record<CardField, string>>;

/** A card that passed the checks: only the gateway ever holds this. */
export interface CheckedCard {
  readonly digits: string;
  readonly brand: CardBrand;
  readonly expMonth: number;
  readonly expYear: number;
  readonly securityCode: string;
}

export type CardCheck =
  | { readonly ok: true; readonly card: CheckedCard }
  | { readonly ok: false; readonly errors: CardFieldErrors };

/** Cards are issued for at most about twenty years. */
const MAX_YEARS_AHEAD = 20;

function expiryYear(text: string, today: CardMonth): number | undefined {
  const year = /^\d{4}$/.test(text)
    ? Number(text)
    : /^\d{2}$/.test(text)
      ? 2000 + Number(text)
      : Number.NaN;
  return year >= 2000 && year <= Math.min(2099, today.year + MAX_YEARS_AHEAD) ? year : undefined;
}

/**
 * The checks of the card fields (SPEC 5: number and expiration date required, the security
 * code required with an invalid-format message): a number of 12 to 19 digits passing Luhn,
 * a month 1-12, a year YY or YYYY not in the past, a security code of 3 digits (4 for
 * American Express). Each field gets one error at a time; every field is checked.
 */
export function checkCard(input: CardInput, today: CardMonth): CardCheck {
  const errors: Record<string, CardFieldError> = {};
  const number = input.number.trim();
  const digits = cardDigits(number);
  if (number === '') errors.number = 'required';
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = 'numberInvalid';

  const monthText = input.expMonth.trim();
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : Number.NaN;
  if (monthText === '') errors.expMonth = 'required';
  else if (!(month >= 1 && month <= 12)) errors.expMonth = 'expiryInvalid';

  const yearText = input.expYear.trim();
  const year = expiryYear(yearText, today);
  if (yearText === '') errors.expYear = 'required';
  else if (year === undefined) errors.expYear = 'expiryInvalid';

  if (!errors.expMonth && year !== undefined && isCardExpired({ year, month }, today)) {
    errors.expMonth = 'expired';
  }

  const brand = brandOf(digits);
  const code = input.securityCode.trim();
  if (code === '') errors.securityCode = 'required';
  else if (!new RegExp(`^\\d{${securityCodeLength(brand)}}$`).test(code)) {
    errors.securityCode = 'securityCodeInvalid';
  }

  if (Object.keys(errors).length > 0 || year === undefined) return { ok: false, errors };
  return { ok: true, card: { digits, brand, expMonth: month, expYear: year, securityCode: code } };
}

/** What a gateway shows of a checked card. */
export function summaryOf(card: CheckedCard): CardSummary {
  return {
    brand: card.brand,
    last4: card.digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}

/** Card brands by their own names (not translated); 'unknown' has none. */
export const CARD_BRAND_NAMES = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
} as const satisfies Record<Exclude<CardBrand, 'unknown'>, string>;
