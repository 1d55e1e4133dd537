/**
 * The quote/proforma number (SPEC 3 Quote): `Q`, seven random digits (the first not 0, drawn
 * by the server) and Damm's check digit, as the order numbers (decision 045), so a mistyped
 * or guessed number names no quote.
 */
import { dammCheckDigit, hasDammCheckDigit } from '../order/numbers';

export const QUOTE_NUMBER_DIGITS = 7;

const QUOTE_NUMBER = /^Q([1-9]\d{7})$/;

/** `Q`, the seven random digits given and their check digit. */
export function quoteNumberFrom(random: string): string {
  if (!new RegExp(`^[1-9]\\d{${String(QUOTE_NUMBER_DIGITS - 1)}}$`).test(random)) {
    throw new Error('A quote number is made of seven random digits, the first not 0');
  }
  return `Q${random}${dammCheckDigit(random)}`;
}

/** Whether a text is a quote number whose check digit holds. */
export function isQuoteNumber(value: string): boolean {
  const match = QUOTE_NUMBER.exec(value);
  return match !== null && hasDammCheckDigit(match[1] ?? '');
}
