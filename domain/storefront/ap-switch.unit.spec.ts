import { describe, expect, it } from 'vitest';
import { AP_REGISTRATION_LOCALES, apLocaleSwitch, pathInLocale } from './ap-switch';

describe('Asia-Pacific locale switch (SPEC 4.5)', () => {
  it('maps the registration countries of the spec', () => {
    for (const c of ['KH', 'ID', 'JP', 'LA', 'MM', 'KR', 'PH', 'TW', 'TH', 'VN', 'MO', 'HK']) {
      expect(AP_REGISTRATION_LOCALES[c], c).toBe('ja-jp');
    }
    expect(AP_REGISTRATION_LOCALES.SG).toBe('zh-sg');
    expect(AP_REGISTRATION_LOCALES.AU).toBe('en-au');
    expect(AP_REGISTRATION_LOCALES.NZ).toBe('en-nz');
  });

  it('moves a user on the sibling storefront to their own', () => {
    expect(apLocaleSwitch('kr', 'zh-sg')).toEqual({
      from: 'zh-sg',
      to: 'ja-jp',
      registrationCountry: 'KR',
    });
    expect(apLocaleSwitch('SG', 'ja-jp')?.to).toBe('zh-sg');
    expect(apLocaleSwitch('NZ', 'en-au')?.to).toBe('en-nz');
    expect(apLocaleSwitch('AU', 'en-nz')?.to).toBe('en-au');
  });

  it('leaves everyone else where they are', () => {
    expect(apLocaleSwitch('JP', 'ja-jp')).toBeNull();
    expect(apLocaleSwitch('JP', 'en-au')).toBeNull(); // not the sibling
    expect(apLocaleSwitch('US', 'zh-sg')).toBeNull();
    expect(apLocaleSwitch(null, 'zh-sg')).toBeNull();
  });

  it('keeps the page when moving', () => {
    expect(pathInLocale('/zh-sg/cart', 'zh-sg', 'ja-jp')).toBe('/ja-jp/cart');
    expect(pathInLocale('/zh-sg', 'zh-sg', 'ja-jp')).toBe('/ja-jp');
    expect(pathInLocale('/elsewhere', 'zh-sg', 'ja-jp')).toBe('/ja-jp/');
  });
});
