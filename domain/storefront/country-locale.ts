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

/** The region subtag of a language tag, upper-cased ("en-GB" → GB, "zh-Hant-TW" → TW), if any. */
function regionOf(tag: string): string | undefined {
  const [language = '', ...subtags] = tag.split('-');
  // A private-use tag ("x-…") names no language, hence no region.
  if (language.length < 2) return undefined;
  // After the language: extended language subtags (3 letters) and a script (4 letters).
  const region = subtags.find((subtag) => !/^[A-Za-z]{3,4}$/.test(subtag));
  return region !== undefined && /^(?:[A-Za-z]{2}|\d{3})$/.test(region)
    ? region.toUpperCase()
    : undefined;
}

/**
 * The store country a visitor's languages name (SPEC 2.3, decision 013): the region of the most
 * preferred language that has one ("en-GB" names GB), when it is one of the store's countries.
 * A region the store has no storefront for ("fr-FR", "es-419") names none, nor does a language
 * without a region ("en").
 */
export function storeCountryOfLanguages(preferredLanguages: readonly string[]): string | null {
  for (const tag of preferredLanguages) {
    const region = regionOf(tag);
    if (region !== undefined) return STOREFRONT_COUNTRIES.includes(region) ? region : null;
  }
  return null;
}
