/**
 * What a product page tells search engines (decision 038): schema.org Product data with the
 * storefront's own price and availability, the page's canonical address, and the same page
 * in every other storefront (hreflang), the first storefront standing for any other language.
 */
import { LOCALES, storefrontFor, type Locale } from '../storefront/storefronts';
import type { Availability, ProductSummary } from './catalog';

const SCHEMA_AVAILABILITY: Record<Availability, string | null> = {
  'in-stock': 'https://schema.org/InStock',
  'out-of-stock': 'https://schema.org/OutOfStock',
  'pre-order': 'https://schema.org/PreOrder',
  'not-orderable-online': 'https://schema.org/LimitedAvailability',
  'not-sold-online': null,
};

export function productPath(locale: Locale, code: string): string {
  return `/${locale}/p/${encodeURIComponent(code)}`;
}

/** The language-region tag of a storefront, as hreflang wants it (en-GB, fr-CA, zh-SG). */
export function hreflangOf(locale: Locale): string {
  return `${locale.slice(0, 2)}-${storefrontFor(locale).country}`;
}

export interface Alternate {
  readonly hreflang: string;
  readonly href: string;
}

/** The page at `path` (below the locale) in every storefront, and x-default (en-us). */
export function storefrontAlternates(origin: string, pathBelowLocale: string): Alternate[] {
  return [
    ...LOCALES.map((locale) => ({
      hreflang: hreflangOf(locale),
      href: `${origin}/${locale}${pathBelowLocale}`,
    })),
    { hreflang: 'x-default', href: `${origin}/${LOCALES[0]}${pathBelowLocale}` },
  ];
}

/** A price in minor units as schema.org writes it: a decimal string, no grouping. */
function decimalPrice(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

export function productStructuredData(
  product: ProductSummary & { readonly description?: string },
  url: string,
): Record<string, unknown> {
  const availability = SCHEMA_AVAILABILITY[product.availability];
  const offer =
    product.priceMinor !== null && availability !== null
      ? {
          '@type': 'Offer',
          url,
          price: decimalPrice(product.priceMinor, product.currency),
          priceCurrency: product.currency,
          availability,
        }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.code,
    url,
    ...(product.description ? { description: product.description } : {}),
    brand: { '@type': 'Brand', name: product.program },
    ...(offer ? { offers: offer } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: nothing in it can end the element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
