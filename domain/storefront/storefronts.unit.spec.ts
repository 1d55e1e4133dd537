import { describe, expect, it } from 'vitest';
import { phoneCodeOf } from '../validation/contact';
import {
  allStorefronts,
  isLocale,
  LOCALES,
  storefrontFor,
  storefrontForStorePath,
  storefrontsInRegion,
  storePath,
} from './storefronts';

describe('storefronts (SPEC 2.2)', () => {
  it('has one storefront for each of the ten locales', () => {
    expect(allStorefronts().map((s) => s.locale)).toEqual([...LOCALES]);
    expect(LOCALES).toHaveLength(10);
  });

  it.each([
    ['en-us', '/store/usassessments/en'],
    ['en-ca', '/store/caassessments/en'],
    ['fr-ca', '/store/caassessments/fr'],
    ['en-gb', '/store/ukassessments/en'],
    ['en-au', '/store/auassessments/en'],
    ['en-nz', '/store/nzassessments/en'],
    ['ja-jp', '/store/asiaassessments/en'],
    ['nl-nl', '/store/nlassessments/nl'],
    ['es-es', '/store/esassessments/es'],
    ['zh-sg', '/store/sgassessments/en'],
  ] as const)('maps %s to the store path %s', (locale, path) => {
    expect(storePath(locale)).toBe(path);
  });

  it('shares the Canadian store between en-ca and fr-ca', () => {
    expect(storefrontFor('en-ca').storeId).toBe(storefrontFor('fr-ca').storeId);
  });

  it('recognises only the ten locales', () => {
    expect(isLocale('en-gb')).toBe(true);
    expect(isLocale('en-GB')).toBe(false);
    expect(isLocale('de-de')).toBe(false);
  });
});

describe('storefront details (SPEC 2.2, 3, 9)', () => {
  it.each([
    ['en-us', 'US', 'US', 'USD', 'en'],
    ['en-ca', 'CA', 'CA', 'CAD', 'en'],
    ['fr-ca', 'CA', 'CA', 'CAD', 'fr'],
    ['en-gb', 'EU', 'GB', 'GBP', 'en'],
    ['nl-nl', 'EU', 'NL', 'EUR', 'nl'],
    ['es-es', 'EU', 'ES', 'EUR', 'es'],
    ['en-au', 'AP', 'AU', 'AUD', 'en'],
    ['en-nz', 'AP', 'NZ', 'NZD', 'en'],
    ['zh-sg', 'AP', 'SG', 'SGD', 'en'],
    ['ja-jp', 'AP', 'JP', 'USD', 'en'],
  ] as const)(
    '%s is in region %s, defaults to %s, sells in %s, speaks %s',
    (locale, region, country, currency, language) => {
      expect(storefrontFor(locale)).toMatchObject({
        region,
        defaultCountry: country,
        currency,
        language,
      });
    },
  );

  it('has phone codes that agree with libphonenumber-js', () => {
    for (const s of allStorefronts())
      expect(s.phoneCode, s.locale).toBe(phoneCodeOf(s.defaultCountry));
  });

  it('finds a storefront from a store path and lists a region', () => {
    expect(storefrontForStorePath('caassessments', 'fr')?.locale).toBe('fr-ca');
    expect(storefrontForStorePath('caassessments', 'es')).toBeUndefined();
    expect(storefrontsInRegion('EU').map((s) => s.locale)).toEqual(['en-gb', 'nl-nl', 'es-es']);
  });
});
