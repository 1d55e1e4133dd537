/**
 * Where each storefront's regional marketing site and storefront live (SPEC 1), the checkout
 * copy locale (SPEC 7.1) and the error pages (SPEC 2.2, 8). Addresses are configuration: by
 * default everything is served by the store's own origin, and any locale can point elsewhere.
 */
import type { Locale } from './storefronts';

export interface StorefrontAddressOverrides {
  readonly marketingSiteRoot?: string;
  readonly storefrontBase?: string;
}

export interface StorefrontAddressConfig {
  /** The store's own origin, e.g. https://store.example.com (no trailing slash). */
  readonly origin: string;
  readonly overrides?: Partial<Record<Locale, StorefrontAddressOverrides>>;
}

export interface StorefrontAddresses {
  /** Root of the regional marketing site: header, footer and error pages come from here. */
  readonly marketingSiteRoot: string;
  /** Base address of the regional storefront. */
  readonly storefrontBase: string;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function storefrontAddresses(
  locale: Locale,
  config: StorefrontAddressConfig,
): StorefrontAddresses {
  const origin = trimSlash(config.origin);
  const override = config.overrides?.[locale];
  return {
    marketingSiteRoot: trimSlash(override?.marketingSiteRoot ?? `${origin}/content/${locale}`),
    storefrontBase: trimSlash(override?.storefrontBase ?? `${origin}/${locale}`),
  };
}

/** SPEC 8: HTTP statuses 400-409 and 500-511 count as error statuses. */
export function isErrorStatus(status: number): boolean {
  return (
    Number.isInteger(status) &&
    ((status >= 400 && status <= 409) || (status >= 500 && status <= 511))
  );
}

/** SPEC 2.2, 8: `{regional site}/error.{code}.html`, code 500 unless it is an error status. */
export function errorPageUrl(
  locale: Locale,
  config: StorefrontAddressConfig,
  status: number = 500,
): string {
  const code = isErrorStatus(status) ? status : 500;
  return `${storefrontAddresses(locale, config).marketingSiteRoot}/error.${code}.html`;
}

/** SPEC 7.1: the locale of the checkout copy: en-us, except zh-sg for zh-sg and ja-jp, en-gb for en-gb, en-au for en-au and en-nz. */
export type CheckoutContentLocale = 'en-us' | 'zh-sg' | 'en-gb' | 'en-au';

export function checkoutContentLocale(locale: Locale): CheckoutContentLocale {
  switch (locale) {
    case 'zh-sg':
    case 'ja-jp':
      return 'zh-sg';
    case 'en-gb':
      return 'en-gb';
    case 'en-au':
    case 'en-nz':
      return 'en-au';
    default:
      return 'en-us';
  }
}

/** SPEC 7.1: the checkout copy query path. */
export function checkoutContentPath(locale: Locale): string {
  return `/graphql/execute.json/USAssessments/${checkoutContentLocale(locale)}-checkout`;
}
