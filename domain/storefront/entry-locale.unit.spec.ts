import { describe, expect, it } from 'vitest';
import { acceptedLanguages, belongsToNoStorefront, entryLocale } from './entry-locale';

const HOSTS = { 'store.example.co.uk': 'en-gb' } as const;

describe('the storefront the root opens', () => {
  it('is the one used last, before the host and the country', () => {
    expect(
      entryLocale({
        remembered: 'nl-nl',
        host: 'store.example.co.uk',
        hosts: HOSTS,
        country: 'JP',
      }),
    ).toBe('nl-nl');
  });

  it('ignores a remembered value that is not a storefront', () => {
    expect(entryLocale({ remembered: 'xx-yy', host: 'localhost', hosts: HOSTS })).toBe('en-us');
  });

  it('is the host’s storefront next, then the country’s', () => {
    expect(entryLocale({ host: 'STORE.example.co.uk:443', hosts: HOSTS, country: 'JP' })).toBe(
      'en-gb',
    );
    expect(entryLocale({ host: 'localhost:8080', hosts: HOSTS, country: 'jp' })).toBe('ja-jp');
  });

  it('sends a French-speaking Canadian to fr-ca and others to en-us', () => {
    expect(
      entryLocale({ host: 'localhost', hosts: {}, country: 'CA', languages: ['fr-CA', 'en'] }),
    ).toBe('fr-ca');
    expect(entryLocale({ host: 'localhost', hosts: {}, country: 'CA', languages: ['en'] })).toBe(
      'en-ca',
    );
    expect(entryLocale({ host: 'localhost', hosts: {}, country: 'DE' })).toBe('en-us');
    expect(entryLocale({ host: 'localhost', hosts: {} })).toBe('en-us');
  });
});

describe('Accept-Language', () => {
  it('lists the languages by preference', () => {
    expect(acceptedLanguages('en;q=0.5, fr-CA, fr;q=0.9, *;q=0.1')).toEqual(['fr-CA', 'fr', 'en']);
  });

  it('leaves out refused and malformed entries', () => {
    expect(acceptedLanguages('fr;q=0, <script>, en-GB')).toEqual(['en-GB']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});

describe('addresses outside every storefront', () => {
  it('are the sign-in return and the languages’ sign-in pages', () => {
    for (const path of ['/auth', '/auth/callback', '/en/login', '/es/login/']) {
      expect(belongsToNoStorefront(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/authors',
      '/en/login/x',
      '/ja/login',
      '/en-gb/login',
      '/search.html',
    ]) {
      expect(belongsToNoStorefront(path), path).toBe(false);
    }
  });
});
