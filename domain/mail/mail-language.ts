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
