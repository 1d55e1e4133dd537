/** The storefront the visitor used last (SPEC 3 browser storage: previous locale). */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/storefront/storefronts';
import { readItem, writeItem } from './browser-storage';

const KEY = 'previousLocale';

export function rememberedLocale(): Locale | null {
  const stored = readItem('local', KEY);
  return stored && isLocale(stored) ? stored : null;
}

export function preferredLocale(): Locale {
  return rememberedLocale() ?? DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale): void {
  writeItem('local', KEY, locale);
}
