import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  CurrencyMismatchError,
  formatMoney,
  fromMajor,
  minorDigits,
  money,
  multiply,
  percentage,
  subtract,
  sum,
} from './money';

describe('money in minor units', () => {
  it('reads major amounts exactly, without floating point', () => {
    expect(fromMajor('19.99', 'USD')).toEqual({ amountMinor: 1999, currency: 'USD' });
    expect(fromMajor(300, 'USD')).toEqual({ amountMinor: 30000, currency: 'USD' });
    expect(fromMajor('0.1', 'GBP').amountMinor + fromMajor('0.2', 'GBP').amountMinor).toBe(30);
    expect(fromMajor('1500', 'JPY')).toEqual({ amountMinor: 1500, currency: 'JPY' });
  });

  it('knows each currency’s minor digits', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
  });

  it('refuses amounts that are not whole minor units and mixed currencies', () => {
    expect(() => money(1.5, 'USD')).toThrow(RangeError);
    expect(() => fromMajor('1.999', 'USD')).toThrow(RangeError);
    expect(() => add(money(1, 'USD'), money(1, 'EUR'))).toThrow(CurrencyMismatchError);
  });

  it('adds, subtracts, multiplies and compares', () => {
    const a = money(1250, 'EUR');
    expect(add(a, money(50, 'EUR')).amountMinor).toBe(1300);
    expect(subtract(a, money(250, 'EUR')).amountMinor).toBe(1000);
    expect(multiply(a, 3).amountMinor).toBe(3750);
    expect(compare(a, money(1250, 'EUR'))).toBe(0);
    expect(sum([a, a], 'EUR').amountMinor).toBe(2500);
  });

  it('rounds a percentage half away from zero', () => {
    expect(percentage(money(1005, 'USD'), 1000).amountMinor).toBe(101); // 100.5 -> 101
    expect(percentage(money(-1005, 'USD'), 1000).amountMinor).toBe(-101);
    expect(percentage(money(999, 'USD'), 2000).amountMinor).toBe(200); // 199.8 -> 200
  });

  it('formats for people with Intl in the storefront locale', () => {
    expect(formatMoney(fromMajor('1234.5', 'GBP'), 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(fromMajor('1234.5', 'EUR'), 'nl-NL')).toBe('€\u00a01.234,50');
  });

  it('keeps addition exact and reversible (property)', () => {
    const amount = fc.integer({ min: -1e12, max: 1e12 }).map((n) => money(n, 'USD'));
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(subtract(add(a, b), b)).toEqual(a);
        expect(add(a, b)).toEqual(add(b, a));
      }),
    );
  });
});
