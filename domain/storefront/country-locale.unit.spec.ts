import { describe, expect, it } from 'vitest';
import { localeForCountry } from './country-locale';

describe('storefront for a country', () => {
  it.each([
    ['US', 'en-us'],
    ['gb', 'en-gb'],
    ['NL', 'nl-nl'],
    ['ES', 'es-es'],
    ['AU', 'en-au'],
    ['NZ', 'en-nz'],
    ['SG', 'zh-sg'],
    ['JP', 'ja-jp'],
    ['KR', 'ja-jp'],
    ['CA', 'en-ca'],
  ] as const)('sends %s to %s', (country, locale) => {
    expect(localeForCountry(country)).toBe(locale);
  });

  it('sends French-speaking Canadians to fr-ca', () => {
    expect(localeForCountry('CA', ['fr-CA', 'en'])).toBe('fr-ca');
  });

  it('has no storefront for other or unknown countries', () => {
    expect(localeForCountry('DE')).toBeUndefined();
    expect(localeForCountry(null)).toBeUndefined();
  });
});
