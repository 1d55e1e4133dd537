/** Money and dates of a quote as the storefront writes them. */
import { formatMoney, money } from '../../../domain/pricing/money';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { languageTag } from '../storefront-label';

export interface QuoteFormat {
  readonly amount: (minor: number) => string;
  /** A calendar date (YYYY-MM-DD) or an instant, as a date. */
  readonly date: (iso: string) => string;
}

export function quoteFormat(storefront: Storefront, currency: string): QuoteFormat {
  const tag = languageTag(storefront);
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    amount: (minor) => formatMoney(money(minor, currency), tag),
    date: (iso) => dates.format(new Date(`${iso.slice(0, 10)}T12:00:00Z`)),
  };
}
