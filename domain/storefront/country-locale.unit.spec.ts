import { describe, expect, it } from 'vitest';
import { localeForCountry, storeCountryOfLanguages } from './country-locale';

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

describe('the store country a visitor\u2019s languages name', () => {
  it.each([
    [['en-GB'], 'GB'],
    [['en-gb', 'en'], 'GB'],
    [['en', 'en-GB'], 'GB'],
    [['fr-CA', 'fr'], 'CA'],
    [['ko-KR'], 'KR'],
    [['zh-Hant-TW'], 'TW'],
    [['zh-SG'], 'SG'],
  ] as const)('%j names %s', (languages, country) => {
    expect(storeCountryOfLanguages(languages)).toBe(country);
  });

  it.each([
    [[]],
    [['en']],
    [['en', 'fr']],
    [['fr-FR', 'en-GB']],
    [['de-DE', 'de', 'en-US']],
    [['es-419']],
    [['zh-Hant']],
    [['x-klingon']],
    [['x-gb']],
  ] as const)('%j names none', (languages) => {
    expect(storeCountryOfLanguages(languages)).toBeNull();
  });
});
