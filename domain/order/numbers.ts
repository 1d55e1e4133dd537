/**
 * The numbers a visitor can look an order up by (SPEC 2.6, 3; issue 26, decision 045): the
 * Web reference # (`W` and ten digits) and the Order # (eight digits), as the spec and the
 * pages show them. Both were taken from sequences, so anyone could walk the orders one
 * number after another in the public status lookup. Now their digits are random (the server
 * draws them; the domain has no randomness) and the last one is a check digit (Damm's: it
 * catches every mistyped digit and every swap of two neighbouring ones), so:
 *
 * - a guess is right about once in the number of possible values over the orders there are,
 *   and nine guesses in ten are answered "not found" by the check digit alone, without a
 *   database query;
 * - a buyer who mistypes their own number is told it is not found, never shown another order.
 *
 * A Web reference # has ten digits, not more, so that it can never be taken for a card number
 * (12 to 19 digits, card-number.ts) in a note that quotes it.
 */

/** Damm's quasigroup of order 10 (H. M. Damm, 2004): row = interim digit, column = next digit. */
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/** The interim digit after `digits` (0 when they end in their own check digit). */
function dammInterim(digits: string): number {
  let interim = 0;
  for (const char of digits) interim = DAMM[interim]?.[Number(char)] ?? 0;
  return interim;
}

/** The check digit that follows these digits. */
export function dammCheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('A check digit is made of digits only');
  return String(dammInterim(digits));
}

/** Whether digits end in their own check digit. */
export function hasDammCheckDigit(digits: string): boolean {
  return /^\d{2,}$/.test(digits) && dammInterim(digits) === 0;
}

/** Random digits before the check digit. */
export const WEB_REFERENCE_DIGITS = 9;
export const ORDER_NUMBER_DIGITS = 7;

const WEB_REFERENCE = /^W(\d{10})$/;
const ORDER_NUMBER = /^[1-9]\d{7}$/;

/** `W`, the nine random digits given, and their check digit. */
export function webReferenceFrom(random: string): string {
  if (!new RegExp(`^\\d{${String(WEB_REFERENCE_DIGITS)}}$`).test(random)) {
    throw new Error('A Web reference # is made of nine random digits');
  }
  return `W${random}${dammCheckDigit(random)}`;
}

/** The seven random digits given (the first not 0) and their check digit. */
export function orderNumberFrom(random: string): string {
  if (!new RegExp(`^[1-9]\\d{${String(ORDER_NUMBER_DIGITS - 1)}}$`).test(random)) {
    throw new Error('An Order # is made of seven random digits, the first not 0');
  }
  return `${random}${dammCheckDigit(random)}`;
}

/**
 * Whether a number as typed (any case, spaces around) could be an order's: a Web reference #
 * or an Order # whose check digit holds. Anything else is no order's number.
 */
export function couldBeOrderNumber(typed: string): boolean {
  const value = typed.trim().toUpperCase();
  const web = WEB_REFERENCE.exec(value);
  if (web) return hasDammCheckDigit(web[1] ?? '');
  return ORDER_NUMBER.test(value) && hasDammCheckDigit(value);
}
