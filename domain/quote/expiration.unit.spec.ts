import { describe, expect, it } from 'vitest';
import { earlyQuoteExpiration, quoteLastDay } from './expiration';

describe('early quote expiration notice (SPEC 2.5, 9)', () => {
  const today = '2026-11-22';

  it('warns of a price update 59 days away, not of one 60 or 61 days away', () => {
    expect(earlyQuoteExpiration({ today, priceUpdateOn: '2027-01-20' })).toEqual({
      reason: 'price-update',
      on: '2027-01-20',
    }); // 59 days
    expect(earlyQuoteExpiration({ today, priceUpdateOn: '2027-01-21' })).toBeNull(); // 60 days
    expect(earlyQuoteExpiration({ today, priceUpdateOn: '2027-01-22' })).toBeNull(); // 61 days
  });

  it('warns of a discount that ends under 60 days away', () => {
    expect(earlyQuoteExpiration({ today, discountEndsOn: '2026-12-01' })).toEqual({
      reason: 'discount-expiry',
      on: '2026-12-01',
    });
  });

  it('takes the earlier of a price update and a discount end', () => {
    expect(
      earlyQuoteExpiration({ today, priceUpdateOn: '2027-01-10', discountEndsOn: '2026-12-31' }),
    ).toEqual({ reason: 'discount-expiry', on: '2026-12-31' });
  });

  it('ignores dates today or in the past', () => {
    expect(earlyQuoteExpiration({ today, discountEndsOn: '2026-11-01' })).toBeNull();
    expect(earlyQuoteExpiration({ today, priceUpdateOn: today })).toBeNull();
  });
});

describe("a quote's last day", () => {
  it('is 30 days on without an early date, or one after its own', () => {
    expect(quoteLastDay('2026-11-22', 30, null)).toBe('2026-12-22');
    expect(quoteLastDay('2026-11-22', 30, { reason: 'price-update', on: '2027-01-20' })).toBe(
      '2026-12-22',
    );
  });

  it('is the day before the terms stop holding when that comes first', () => {
    expect(quoteLastDay('2026-11-22', 30, { reason: 'price-update', on: '2026-12-10' })).toBe(
      '2026-12-09',
    );
  });
});
