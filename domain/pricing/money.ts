/**
 * Money as an integer count of the currency's minor units (cents, pence), never a float,
 * with its ISO 4217 currency. Arithmetic refuses to mix currencies.
 */

export interface Money {
  /** Integer number of minor units; negative for credits. */
  readonly amountMinor: number;
  readonly currency: string;
}

export class CurrencyMismatchError extends Error {
  override readonly name = 'CurrencyMismatchError';
}

const digitsCache = new Map<string, number>();

/** Number of minor-unit digits of a currency (2 for USD, 0 for JPY), from Intl's data. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

export function money(amountMinor: number, currency: string): Money {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money needs a whole number of minor units, got ${amountMinor}`);
  }
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`Not a currency code: ${currency}`);
  return { amountMinor, currency };
}

/** From major units written as a decimal string or number, e.g. ('300', 'USD') or ('19.99', 'GBP'). */
export function fromMajor(major: string | number, currency: string): Money {
  const digits = minorDigits(currency);
  const text = typeof major === 'number' ? major.toFixed(digits) : major.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) {
    throw new RangeError(`${text} has more decimals than ${currency} allows`);
  }
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return money(sign ? -minor : minor, currency);
}

export function zero(currency: string): Money {
  return money(0, currency);
}

function same(a: Money, b: Money): void {
  if (a.currency !== b.currency) {
    throw new CurrencyMismatchError(`Cannot combine ${a.currency} with ${b.currency}`);
  }
}

export function add(a: Money, b: Money): Money {
  same(a, b);
  return money(a.amountMinor + b.amountMinor, a.currency);
}

export function subtract(a: Money, b: Money): Money {
  same(a, b);
  return money(a.amountMinor - b.amountMinor, a.currency);
}

export function multiply(a: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Not a whole quantity: ${quantity}`);
  return money(a.amountMinor * quantity, a.currency);
}

/** Rounds half away from zero to a whole number of minor units. */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A share of an amount in basis points (1/100 of a percent): 2000 is 20 %. */
export function percentage(a: Money, basisPoints: number): Money {
  return money(roundHalfAwayFromZero((a.amountMinor * basisPoints) / 10_000), a.currency);
}

export function sum(amounts: readonly Money[], currency: string): Money {
  return amounts.reduce((total, amount) => add(total, amount), zero(currency));
}

export function compare(a: Money, b: Money): -1 | 0 | 1 {
  same(a, b);
  return a.amountMinor < b.amountMinor ? -1 : a.amountMinor > b.amountMinor ? 1 : 0;
}

export function isNegative(a: Money): boolean {
  return a.amountMinor < 0;
}

export function min(a: Money, b: Money): Money {
  return compare(a, b) <= 0 ? a : b;
}

export function max(a: Money, b: Money): Money {
  return compare(a, b) >= 0 ? a : b;
}

/** The amount as a decimal number of major units, for Intl formatting only. */
export function toMajorNumber(a: Money): number {
  return a.amountMinor / 10 ** minorDigits(a.currency);
}

/** Formats for people in a BCP 47 locale (`en-GB`), with Intl. */
export function formatMoney(a: Money, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: a.currency }).format(
    toMajorNumber(a),
  );
}
