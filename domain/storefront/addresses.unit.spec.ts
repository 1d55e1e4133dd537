import { describe, expect, it } from 'vitest';
import {
  checkoutContentLocale,
  checkoutContentPath,
  errorPageUrl,
  isErrorStatus,
  storefrontAddresses,
} from './addresses';
import { LOCALES } from './storefronts';

const config = { origin: 'https://store.example' };

describe('storefront addresses (SPEC 1)', () => {
  it('serves every storefront from the store by default', () => {
    expect(storefrontAddresses('en-gb', config)).toEqual({
      marketingSiteRoot: 'https://store.example/content/en-gb',
      storefrontBase: 'https://store.example/en-gb',
    });
  });

  it('lets a locale point elsewhere', () => {
    expect(
      storefrontAddresses('fr-ca', {
        origin: 'https://store.example/',
        overrides: { 'fr-ca': { marketingSiteRoot: 'https://www.example.ca/fr/' } },
      }),
    ).toEqual({
      marketingSiteRoot: 'https://www.example.ca/fr',
      storefrontBase: 'https://store.example/fr-ca',
    });
  });
});

describe('error pages (SPEC 2.2, 8)', () => {
  it('counts 400-409 and 500-511 as error statuses', () => {
    const errors = Array.from({ length: 700 }, (_, i) => i).filter(isErrorStatus);
    expect(errors).toEqual([
      ...Array.from({ length: 10 }, (_, i) => 400 + i),
      ...Array.from({ length: 12 }, (_, i) => 500 + i),
    ]);
  });

  it('points at {regional site}/error.{code}.html, 500 by default', () => {
    expect(errorPageUrl('en-au', config)).toBe(
      'https://store.example/content/en-au/error.500.html',
    );
    expect(errorPageUrl('en-au', config, 404)).toBe(
      'https://store.example/content/en-au/error.404.html',
    );
    expect(errorPageUrl('en-au', config, 418)).toBe(
      'https://store.example/content/en-au/error.500.html',
    );
  });
});

describe('checkout copy locale (SPEC 7.1)', () => {
  it('is en-us, except zh-sg for zh-sg and ja-jp, en-gb for en-gb, en-au for en-au and en-nz', () => {
    expect(Object.fromEntries(LOCALES.map((l) => [l, checkoutContentLocale(l)]))).toEqual({
      'en-us': 'en-us',
      'en-ca': 'en-us',
      'fr-ca': 'en-us',
      'en-gb': 'en-gb',
      'en-au': 'en-au',
      'en-nz': 'en-au',
      'ja-jp': 'zh-sg',
      'nl-nl': 'en-us',
      'es-es': 'en-us',
      'zh-sg': 'zh-sg',
    });
    expect(checkoutContentPath('en-nz')).toBe('/graphql/execute.json/USAssessments/en-au-checkout');
  });
});
