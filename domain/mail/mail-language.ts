/**
 * The language a mail is written in and the locale its numbers and dates are formatted
 * for, from the storefront locale of what it is about (an order's `locale`): fr-ca → fr,
 * nl-nl → nl, es-es → es, any other storefront (or anything unknown) → en (SPEC 2.2).
 */
import { isLocale, storefrontFor, type StoreLanguage } from '../storefront/storefronts';

export function mailLanguageOf(locale: string): StoreLanguage {
  const normalized = locale.toLowerCase();
  return isLocale(normalized) ? storefrontFor(normalized).language : 'en';
}

/**
 * The BCP 47 tag numbers, money and dates are formatted with: the mail's language and the
 * storefront's country (`fr-CA`, `en-GB`, `en-JP`), so a date never comes in another
 * language than the words around it.
 */
export function mailFormatLocale(locale: string): string {
  const normalized = locale.toLowerCase();
  if (!isLocale(normalized)) return 'en';
  const storefront = storefrontFor(normalized);
  return `${storefront.language}-${storefront.country}`;
}

/** A calendar day (YYYY-MM-DD, or the day of an instant) written out: 'November 23, 2026'. */
export function formatLongDate(isoDate: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate.slice(0, 10)}T12:00:00Z`),
  );
}

/** An instant with its time, in UTC and saying so: 'November 23, 2026 at 10:00 AM UTC'. */
export function formatDateTime(instant: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(instant));
}
