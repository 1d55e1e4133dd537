/**
 * A storefront's name for people: its country in its own language, and the language too
 * where one country has two storefronts (Canada). Names come from Intl, not a hand-made list.
 */
import { allStorefronts, isLocale, type Storefront } from '../../domain/storefront/storefronts';

const countriesWithSeveralStorefronts = new Set(
  allStorefronts()
    .map((s) => s.country)
    .filter((country, i, all) => all.indexOf(country) !== i),
);

/** Labels by locale: Intl.DisplayNames is slow to build, and the region list has ten per render. */
const labels = new Map<string, string>();

export function storefrontLabel(storefront: Storefront): string {
  const known = labels.get(storefront.locale);
  if (known !== undefined) return known;
  const tag = `${storefront.language}-${storefront.country}`;
  const country = new Intl.DisplayNames([tag], { type: 'region' }).of(storefront.country);
  let label = country ?? storefront.country;
  if (countriesWithSeveralStorefronts.has(storefront.country)) {
    const language = new Intl.DisplayNames([tag], { type: 'language' }).of(storefront.language);
    label = `${label} (${language ?? storefront.language})`;
  }
  labels.set(storefront.locale, label);
  return label;
}

/**
 * The labels a server-rendered page came with (its region selector's options): hydration uses
 * them as they are, rather than building each with Intl while the page waits.
 */
export function keepStorefrontLabels(entries: Iterable<readonly [string, string]>): void {
  for (const [locale, label] of entries) {
    if (isLocale(locale) && label) labels.set(locale, label);
  }
}

/**
 * BCP 47 tag of the storefront for Intl: `en-gb` becomes `en-GB`. Not the language of the page
 * (`<html lang>` is the content language, `storefront.language`): ja-jp's pages are in English.
 */
export function languageTag(storefront: Storefront): string {
  return `${storefront.locale.slice(0, 2)}-${storefront.country}`;
}
