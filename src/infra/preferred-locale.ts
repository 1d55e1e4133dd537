/**
 * The storefront the visitor used last (SPEC 3 browser storage: previous locale). It is kept
 * in localStorage for the installed app, and in a cookie for the server, which redirects the
 * root of the site with it before any script runs (decision 042).
 */
import { PREVIOUS_LOCALE_COOKIE } from '../../domain/storefront/entry-locale';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/storefront/storefronts';
import { readItem, writeItem } from './browser-storage';

const KEY = 'previousLocale';
const ONE_YEAR_S = 31_536_000;

export function rememberedLocale(): Locale | null {
  const stored = readItem('local', KEY);
  return stored && isLocale(stored) ? stored : null;
}

export function preferredLocale(): Locale {
  return rememberedLocale() ?? DEFAULT_LOCALE;
}

export function rememberLocale(locale: Locale): void {
  writeItem('local', KEY, locale);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${PREVIOUS_LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}
