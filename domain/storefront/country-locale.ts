/**
 * The storefront for a visitor's country, when the store has one: used at the root of the
 * site before the visitor has chosen. Asia-Pacific countries follow SPEC 4.5's table.
 */
import { AP_REGISTRATION_LOCALES } from './ap-switch';
import type { Locale } from './storefronts';

const COUNTRY_LOCALES: Readonly<Record<string, Locale>> = {
  US: 'en-us',
  CA: 'en-ca',
  GB: 'en-gb',
  NL: 'nl-nl',
  ES: 'es-es',
  ...AP_REGISTRATION_LOCALES,
};

/** The countries the store has a storefront for. */
export const STOREFRONT_COUNTRIES: readonly string[] = Object.keys(COUNTRY_LOCALES);

export function localeForCountry(
  country: string | null | undefined,
  preferredLanguages: readonly string[] = [],
): Locale | undefined {
  const code = country?.toUpperCase() ?? '';
  if (code === 'CA' && preferredLanguages.some((l) => l.toLowerCase().startsWith('fr'))) {
    return 'fr-ca';
  }
  return COUNTRY_LOCALES[code];
}
