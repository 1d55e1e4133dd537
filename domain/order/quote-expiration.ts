/**
 * The early quote expiration notice (SPEC 2.5, 9): a quote whose prices will be updated, or
 * whose discount ends, less than 60 days from now may expire before its own date.
 */
import { daysBetween } from '../shared/calendar';
import type { MessageDescriptor } from '../shared/message';

export const EARLY_EXPIRATION_NOTICE_DAYS = 60;

export interface QuoteDates {
  /** All YYYY-MM-DD. */
  readonly today: string;
  readonly expiresOn: string;
  readonly priceUpdateOn?: string | null;
  readonly discountEndsOn?: string | null;
}

export interface EarlyExpiration {
  readonly reason: 'price-update' | 'discount-expiry';
  /** The date the quote's terms stop holding. */
  readonly on: string;
}

/** The earliest price update or discount end under 60 days away and before the quote's own expiry. */
export function earlyQuoteExpiration(dates: QuoteDates): EarlyExpiration | null {
  const candidates: EarlyExpiration[] = [];
  if (dates.priceUpdateOn) candidates.push({ reason: 'price-update', on: dates.priceUpdateOn });
  if (dates.discountEndsOn)
    candidates.push({ reason: 'discount-expiry', on: dates.discountEndsOn });
  const early = candidates
    .filter((c) => {
      const away = daysBetween(dates.today, c.on);
      return away >= 0 && away < EARLY_EXPIRATION_NOTICE_DAYS && c.on < dates.expiresOn;
    })
    .sort((a, b) => a.on.localeCompare(b.on));
  return early[0] ?? null;
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
