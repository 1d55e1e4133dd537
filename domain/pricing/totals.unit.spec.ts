import { describe, expect, it } from 'vitest';
import { fromMajor, money, type Money } from './money';
import { computeTotals } from './totals';

const gbp = (major: string) => fromMajor(major, 'GBP');
const amounts = (t: ReturnType<typeof computeTotals>) =>
  Object.fromEntries(Object.entries(t).map(([k, v]: [string, Money]) => [k, v.amountMinor]));

describe('cart totals', () => {
  const lines = [
    { unitPrice: gbp('120.00'), quantity: 2, discount: gbp('24.00') },
    { unitPrice: gbp('35.50'), quantity: 1 },
  ];

  it('adds lines, takes discounts, adds shipping and tax', () => {
    const totals = computeTotals({
      currency: 'GBP',
      lines,
      shipping: gbp('10.00'),
      tax: { rateBasisPoints: 2000, appliesToShipping: true, exempt: false },
    });
    // goods 275.50 - 24.00 = 251.50; tax 20% of 261.50 = 52.30
    expect(amounts(totals)).toEqual({
      subtotal: 27550,
      discounts: 2400,
      shipping: 1000,
      tax: 5230,
      total: 31380,
    });
  });

  it('charges no tax to a tax-exempt organization (SPEC 6)', () => {
    const totals = computeTotals({
      currency: 'GBP',
      lines,
      tax: { rateBasisPoints: 2000, appliesToShipping: false, exempt: true },
    });
    expect(totals.tax.amountMinor).toBe(0);
    expect(totals.total.amountMinor).toBe(25150);
  });

  it('taxes only goods where shipping is not taxed', () => {
    const totals = computeTotals({
      currency: 'GBP',
      lines: [{ unitPrice: gbp('10.00'), quantity: 1 }],
      shipping: gbp('20.00'),
      tax: { rateBasisPoints: 825, appliesToShipping: false, exempt: false },
    });
    expect(totals.tax.amountMinor).toBe(83); // 8.25% of 10.00 = 0.825 -> 0.83
  });

  it('never discounts below zero', () => {
    const totals = computeTotals({
      currency: 'GBP',
      lines: [{ unitPrice: gbp('10.00'), quantity: 1 }],
      orderDiscount: gbp('50.00'),
    });
    expect(amounts(totals)).toEqual({
      subtotal: 1000,
      discounts: 1000,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });

  it('refuses negative prices and quantities', () => {
    expect(() =>
      computeTotals({ currency: 'GBP', lines: [{ unitPrice: money(-1, 'GBP'), quantity: 1 }] }),
    ).toThrow(RangeError);
    expect(() =>
      computeTotals({ currency: 'GBP', lines: [{ unitPrice: gbp('1'), quantity: -1 }] }),
    ).toThrow(RangeError);
  });

  it('gives zeros for an empty cart', () => {
    expect(amounts(computeTotals({ currency: 'GBP', lines: [] }))).toEqual({
      subtotal: 0,
      discounts: 0,
      shipping: 0,
      tax: 0,
      total: 0,
    });
  });
});
