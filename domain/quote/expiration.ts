/**
 * The early quote expiration notice (SPEC 2.5, 9): a price update, or the end of a discount
 * the quote counts on, less than 60 days from the day the quote is made. The buyer is told
 * before confirming; when the date falls before the quote's own expiry, the quote ends the
 * day before it (decision 051), as its prices would no longer hold.
 */
import { addDays, daysBetween } from '../shared/calendar';
import type { MessageDescriptor } from '../shared/message';

export const EARLY_EXPIRATION_NOTICE_DAYS = 60;

export interface QuoteDates {
  /** All YYYY-MM-DD. */
  readonly today: string;
  /** The first day at another price of any product quoted; null: none is planned. */
  readonly priceUpdateOn?: string | null;
  /** The first day without a discount the quote counts on; null: none ends. */
  readonly discountEndsOn?: string | null;
}

export interface EarlyExpiration {
  readonly reason: 'price-update' | 'discount-expiry';
  /** The first day the quote's terms no longer hold. */
  readonly on: string;
}

/** The earliest price update or discount end under 60 days away (today included), if any. */
export function earlyQuoteExpiration(dates: QuoteDates): EarlyExpiration | null {
  const candidates: EarlyExpiration[] = [];
  if (dates.priceUpdateOn) candidates.push({ reason: 'price-update', on: dates.priceUpdateOn });
  if (dates.discountEndsOn)
    candidates.push({ reason: 'discount-expiry', on: dates.discountEndsOn });
  const early = candidates
    .filter((c) => {
      const away = daysBetween(dates.today, c.on);
      return away > 0 && away < EARLY_EXPIRATION_NOTICE_DAYS;
    })
    .sort((a, b) => a.on.localeCompare(b.on) || a.reason.localeCompare(b.reason));
  return early[0] ?? null;
}

/**
 * The last day a quote made today can be ordered: its own validity, or the day before its
 * terms stop holding when that comes first.
 */
export function quoteLastDay(
  today: string,
  validDays: number,
  early: EarlyExpiration | null,
): string {
  const own = addDays(today, validDays);
  if (!early) return own;
  const before = addDays(early.on, -1);
  return before < own ? before : own;
}

export const EARLY_EXPIRATION_MESSAGES = {
  'price-update': /*i18n*/ {
    id: 'quote.early-expiration.price-update',
    message: 'Prices change on {date}. This quote can only be ordered at its prices until then.',
  },
  'discount-expiry': /*i18n*/ {
    id: 'quote.early-expiration.discount-expiry',
    message: 'A discount in this quote ends on {date}. Order before then to keep it.',
  },
} as const satisfies Record<EarlyExpiration['reason'], MessageDescriptor>;
