import { describe, expect, it } from 'vitest';
import { earlyQuoteExpiration } from './quote-expiration';

describe('early quote expiration notice (SPEC 2.5, 9)', () => {
  const quote = { today: '2026-11-22', expiresOn: '2027-06-30' };

  it('warns of a price update under 60 days away', () => {
    expect(earlyQuoteExpiration({ ...quote, priceUpdateOn: '2027-01-01' })).toEqual({
      reason: 'price-update',
      on: '2027-01-01',
    });
  });

  it('does not warn at 60 days or more', () => {
    expect(earlyQuoteExpiration({ ...quote, priceUpdateOn: '2027-01-21' })).toBeNull(); // 60 days
    expect(earlyQuoteExpiration({ ...quote, priceUpdateOn: '2027-01-20' })?.reason).toBe(
      'price-update',
    ); // 59 days
  });

  it('takes the earlier of a price update and a discount end', () => {
    expect(
      earlyQuoteExpiration({ ...quote, priceUpdateOn: '2027-01-10', discountEndsOn: '2026-12-31' }),
    ).toEqual({ reason: 'discount-expiry', on: '2026-12-31' });
  });

  it('ignores dates in the past and dates after the quote expires anyway', () => {
    expect(earlyQuoteExpiration({ ...quote, discountEndsOn: '2026-11-01' })).toBeNull();
    expect(
      earlyQuoteExpiration({
        today: '2026-11-22',
        expiresOn: '2026-12-01',
        priceUpdateOn: '2026-12-15',
      }),
    ).toBeNull();
  });
});
