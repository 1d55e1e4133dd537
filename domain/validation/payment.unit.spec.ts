/**
 * The payment rules the store keeps (SPEC 5): the PO number, and the brand vocabulary and
 * expiry shared with the gateway's fields. A card as typed is checked by `checkCard`
 * (domain/payment/card.unit.spec.ts, with Luhn and brands).
 */
import { describe, expect, it } from 'vitest';
import { cardBrand, cardBrandOf, isExpired, poNumberSchema } from './payment';
import { validate } from './issues';
import { errorsOf } from './test-helpers';

describe('purchase order number (SPEC 5)', () => {
  it('is required, with the spec message, and at most 50 characters', () => {
    expect(errorsOf(poNumberSchema, '')).toEqual([': Please enter purchase order number']);
    expect(errorsOf(poNumberSchema, 'x'.repeat(51))).toEqual([
      ': Enter no more than 50 characters.',
    ]);
    expect(validate(poNumberSchema, ' PO-2026-118 ')).toEqual({ ok: true, value: 'PO-2026-118' });
  });
});

describe('card brands', () => {
  it('names the brand by the first digits, and any other network "unknown"', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3530111333300000')).toBe('unknown');
  });

  it('reads a stored or gateway brand name, unknown names as "unknown"', () => {
    expect(cardBrandOf('mastercard')).toBe('mastercard');
    expect(cardBrandOf('jcb')).toBe('unknown');
    expect(cardBrandOf('other')).toBe('unknown');
  });
});

describe('card expiry', () => {
  it('keeps a card good to the end of its expiry month', () => {
    expect(isExpired(11, 2026, '2026-11-30')).toBe(false);
    expect(isExpired(10, 2026, '2026-11-01')).toBe(true);
    expect(isExpired(1, 2027, '2026-12-31')).toBe(false);
    expect(isExpired(12, 2025, '2026-01-01')).toBe(true);
  });
});
