/**
 * The Asia-Pacific automatic locale switch (SPEC 4.5) in the browser: when the signed-in
 * user's registration country belongs to the sibling storefront, record the switch in
 * browser storage (SPEC 3: registration store country code, currency-switched flags) and
 * give the path to move to.
 */
import { apLocaleSwitch, pathInLocale } from '../../domain/storefront/ap-switch';
import type { Locale } from '../../domain/storefront/storefronts';
import { writeItem } from './browser-storage';

export const REGISTRATION_COUNTRY_KEY = 'registrationStoreCountryCode';
export const CURRENCY_SWITCHED_KEY = 'currencySwitched';

/** The path to move to, or null when the user is on their own storefront. */
export function autoLocaleSwitch(
  registrationCountry: string | null,
  locale: Locale,
  pathname: string,
): string | null {
  const change = apLocaleSwitch(registrationCountry, locale);
  if (!change) return null;
  writeItem('local', REGISTRATION_COUNTRY_KEY, change.registrationCountry);
  writeItem('local', CURRENCY_SWITCHED_KEY, JSON.stringify({ from: change.from, to: change.to }));
  return pathInLocale(pathname, change.from, change.to);
}
