import { describe, expect, it } from 'vitest';
import { resolveLocale } from './resolve-locale';

const hosts = { 'store.example.co.uk': 'en-gb', 'store.example.ca': 'en-ca' } as const;

describe('resolveLocale (SPEC 2.2)', () => {
  it('reads the first path segment', () => {
    expect(resolveLocale({ host: 'store.example', pathname: '/fr-ca/cart' })).toEqual({
      locale: 'fr-ca',
      source: 'path',
      rest: '/cart',
    });
    expect(resolveLocale({ host: 'x', pathname: '/en-gb' })).toMatchObject({
      locale: 'en-gb',
      rest: '/',
    });
  });

  it('reads a store path', () => {
    expect(resolveLocale({ host: 'x', pathname: '/store/caassessments/fr/order-status' })).toEqual({
      locale: 'fr-ca',
      source: 'store-path',
      rest: '/order-status',
    });
    expect(resolveLocale({ host: 'x', pathname: '/store/usassessments/en' })).toMatchObject({
      locale: 'en-us',
      rest: '/',
    });
  });

  it('falls back to a host configured for a storefront, then to the default', () => {
    expect(resolveLocale({ host: 'STORE.example.co.uk:443', pathname: '/cart' }, hosts)).toEqual({
      locale: 'en-gb',
      source: 'host',
      rest: '/cart',
    });
    expect(resolveLocale({ host: 'store.example.ca', pathname: '/fr-ca/' }, hosts).locale).toBe(
      'fr-ca',
    );
    expect(resolveLocale({ host: 'elsewhere', pathname: '/cart' }, hosts)).toEqual({
      locale: 'en-us',
      source: 'default',
      rest: '/cart',
    });
  });
});
