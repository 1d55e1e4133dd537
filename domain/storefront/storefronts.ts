/**
 * The ten regional storefronts and their store paths (SPEC 1, 2.2).
 * Pure data and functions: shared by the browser, the service worker and the server.
 */

export const LOCALES = [
  'en-us',
  'en-ca',
  'fr-ca',
  'en-gb',
  'en-au',
  'en-nz',
  'ja-jp',
  'nl-nl',
  'es-es',
  'zh-sg',
] as const;

export type Locale = (typeof LOCALES)[number];

/** The storefront a visitor lands on when nothing else says which one. */
export const DEFAULT_LOCALE: Locale = 'en-us';

/** Store path language segment (SPEC 2.2): fr for fr-ca, nl for nl-nl, es for es-es, otherwise en. */
export type StoreLanguage = 'en' | 'fr' | 'nl' | 'es';

export type StoreId =
  | 'usassessments'
  | 'caassessments'
  | 'ukassessments'
  | 'auassessments'
  | 'nzassessments'
  | 'asiaassessments'
  | 'nlassessments'
  | 'esassessments'
  | 'sgassessments';

/** SPEC 3: site regions US, CA, EU (gb, nl, es), AP (au, nz, sg, ja). */
export type SiteRegion = 'US' | 'CA' | 'EU' | 'AP';

export interface Storefront {
  readonly locale: Locale;
  readonly storeId: StoreId;
  /** Store path language segment and content language: en, fr, nl or es (SPEC 2.2). */
  readonly language: StoreLanguage;
  readonly region: SiteRegion;
  /** Country preselected in address and phone fields. */
  readonly defaultCountry: string;
  /** International calling code of the default country (checked against libphonenumber-js). */
  readonly phoneCode: string;
  /** ISO 3166-1 alpha-2 country of the storefront's region part. */
  readonly country: string;
  /** ISO 4217 currency the store sells in. */
  readonly currency: string;
  /**
   * Whether the store runs the University Alliance Program, whose discount then carries its
   * own label (SPEC 4.7; a store setting, as SPEC 9 has no flag for it).
   */
  readonly uapProgram: boolean;
}

const STOREFRONTS: Readonly<Record<Locale, Storefront>> = {
  'en-us': {
    locale: 'en-us',
    region: 'US',
    defaultCountry: 'US',
    phoneCode: '1',
    storeId: 'usassessments',
    language: 'en',
    country: 'US',
    currency: 'USD',
    uapProgram: true,
  },
  'en-ca': {
    locale: 'en-ca',
    region: 'CA',
    defaultCountry: 'CA',
    phoneCode: '1',
    storeId: 'caassessments',
    language: 'en',
    country: 'CA',
    currency: 'CAD',
    uapProgram: true,
  },
  'fr-ca': {
    locale: 'fr-ca',
    region: 'CA',
    defaultCountry: 'CA',
    phoneCode: '1',
    storeId: 'caassessments',
    language: 'fr',
    country: 'CA',
    currency: 'CAD',
    uapProgram: true,
  },
  'en-gb': {
    locale: 'en-gb',
    region: 'EU',
    defaultCountry: 'GB',
    phoneCode: '44',
    storeId: 'ukassessments',
    language: 'en',
    country: 'GB',
    currency: 'GBP',
    uapProgram: false,
  },
  'en-au': {
    locale: 'en-au',
    region: 'AP',
    defaultCountry: 'AU',
    phoneCode: '61',
    storeId: 'auassessments',
    language: 'en',
    country: 'AU',
    currency: 'AUD',
    uapProgram: false,
  },
  'en-nz': {
    locale: 'en-nz',
    region: 'AP',
    defaultCountry: 'NZ',
    phoneCode: '64',
    storeId: 'nzassessments',
    language: 'en',
    country: 'NZ',
    currency: 'NZD',
    uapProgram: false,
  },
  'ja-jp': {
    locale: 'ja-jp',
    region: 'AP',
    defaultCountry: 'JP',
    phoneCode: '81',
    storeId: 'asiaassessments',
    language: 'en',
    country: 'JP',
    currency: 'USD',
    uapProgram: false,
  },
  'nl-nl': {
    locale: 'nl-nl',
    region: 'EU',
    defaultCountry: 'NL',
    phoneCode: '31',
    storeId: 'nlassessments',
    language: 'nl',
    country: 'NL',
    currency: 'EUR',
    uapProgram: false,
  },
  'es-es': {
    locale: 'es-es',
    region: 'EU',
    defaultCountry: 'ES',
    phoneCode: '34',
    storeId: 'esassessments',
    language: 'es',
    country: 'ES',
    currency: 'EUR',
    uapProgram: false,
  },
  'zh-sg': {
    locale: 'zh-sg',
    region: 'AP',
    defaultCountry: 'SG',
    phoneCode: '65',
    storeId: 'sgassessments',
    language: 'en',
    country: 'SG',
    currency: 'SGD',
    uapProgram: false,
  },
};

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

export function storefrontFor(locale: Locale): Storefront {
  return STOREFRONTS[locale];
}

export function allStorefronts(): readonly Storefront[] {
  return LOCALES.map((locale) => STOREFRONTS[locale]);
}

/** `/store/{storeId}/{language}` (SPEC 2.2). */
export function storePath(locale: Locale): string {
  const { storeId, language } = STOREFRONTS[locale];
  return `/store/${storeId}/${language}`;
}

/** The storefront of a store path's store and language segment, e.g. caassessments + fr. */
export function storefrontForStorePath(storeId: string, language: string): Storefront | undefined {
  return allStorefronts().find((s) => s.storeId === storeId && s.language === language);
}

/** The storefronts of a site region (SPEC 3). */
export function storefrontsInRegion(region: SiteRegion): readonly Storefront[] {
  return allStorefronts().filter((s) => s.region === region);
}
