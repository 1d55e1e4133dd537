/**
 * A storefront's name for people: its country in its own language, and the language too
 * where one country has two storefronts (Canada). Names come from Intl, not a hand-made list.
 */
import { allStorefronts, type Storefront } from '../../domain/storefront/storefronts';

const countriesWithSeveralStorefronts = new Set(
  allStorefronts()
    .map((s) => s.country)
    .filter((country, i, all) => all.indexOf(country) !== i),
);

export function storefrontLabel(storefront: Storefront): string {
  const tag = `${storefront.language}-${storefront.country}`;
  const country = new Intl.DisplayNames([tag], { type: 'region' }).of(storefront.country);
  const name = country ?? storefront.country;
  if (!countriesWithSeveralStorefronts.has(storefront.country)) return name;
  const language = new Intl.DisplayNames([tag], { type: 'language' }).of(storefront.language);
  return `${name} (${language ?? storefront.language})`;
}

/** BCP 47 tag for Intl and `<html lang>`: `en-gb` becomes `en-GB`. */
export function languageTag(storefront: Storefront): string {
  return `${storefront.locale.slice(0, 2)}-${storefront.country}`;
}
