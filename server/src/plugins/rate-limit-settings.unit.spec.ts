import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEFAULT_RATE_LIMITS, rateLimitsFrom } from './rate-limit-settings';

describe('RATE_LIMIT_* settings', () => {
  it('keeps the defaults when nothing is set, or a variable is empty', () => {
    expect(rateLimitsFrom({})).toEqual(DEFAULT_RATE_LIMITS);
    expect(rateLimitsFrom({ RATE_LIMIT_CART: '  ' })).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('reads each group from its own variable; 0 turns a limit off', () => {
    expect(
      rateLimitsFrom({
        RATE_LIMIT_CART: '120',
        RATE_LIMIT_REGISTER: '5',
        RATE_LIMIT_SESSION: '6',
        RATE_LIMIT_SIGN_IN: ' 7 ',
        RATE_LIMIT_ORDER_STATUS: '0',
        RATE_LIMIT_PLACE_ORDER: '9',
        RATE_LIMIT_SEARCH: '1000',
        RATE_LIMIT_ORDER_STATUS_TOTAL: '2000',
        RATE_LIMIT_CHECKOUT: '11',
        RATE_LIMIT_CARD_TOKENS: '12',
        RATE_LIMIT_AUTHORIZE: '13',
        RATE_LIMIT_ADDRESS_BOOK: '14',
        RATE_LIMIT_ADDRESS_VERIFICATION: '16',
        RATE_LIMIT_QGLOBAL: '15',
        RATE_LIMIT_ACCOUNT: '16',
        RATE_LIMIT_CARD_VERIFY: '17',
      }),
    ).toEqual({
      cart: 120,
      register: 5,
      session: 6,
      signIn: 7,
      orderStatus: 0,
      placeOrder: 9,
      search: 1000,
      orderStatusTotal: 2000,
      checkout: 11,
      cardTokens: 12,
      authorize: 13,
      addressBook: 14,
      addressVerification: 16,
      qglobal: 15,
      account: 16,
      cardVerify: 17,
    });
  });

  it('reaches the server configuration', () => {
    expect(loadConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(loadConfig({ RATE_LIMIT_PLACE_ORDER: '3' }).rateLimits.placeOrder).toBe(3);
    expect(() => loadConfig({ RATE_LIMIT_CART: 'lots' })).toThrow(/RATE_LIMIT_CART/);
  });

  it('refuses a limit that is not a whole number of requests, naming the variable', () => {
    for (const wrong of ['-1', '1.5', 'ten', '1e3', '99999999']) {
      expect(() => rateLimitsFrom({ RATE_LIMIT_SEARCH: wrong })).toThrow(ConfigError);
      expect(() => rateLimitsFrom({ RATE_LIMIT_SEARCH: wrong })).toThrow(/RATE_LIMIT_SEARCH/);
    }
  });

  it('has defaults no one person meets, even many behind one address', () => {
    // Decision 033: far above the browser tests' busiest minute and a clinic's shared address.
    expect(DEFAULT_RATE_LIMITS.cart).toBeGreaterThanOrEqual(300);
    expect(DEFAULT_RATE_LIMITS.search).toBeGreaterThanOrEqual(300);
    for (const limit of Object.values(DEFAULT_RATE_LIMITS)) expect(limit).toBeGreaterThan(0);
  });
});
