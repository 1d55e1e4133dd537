/** Pricing a quote as checkout prices (decision 051): discounts, tax, its last day, refusals. */
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../shared/domain-error';
import { priceQuote, quoteTaxAddress } from './price';
import {
  CARTS,
  catalog,
  checkoutCart,
  LAKESHORE,
  line,
  priceInput,
  RIVERSIDE,
} from './test-fixtures';

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

describe("a quote priced for the cart's customer account", () => {
  it('takes the account discount and the tax where its goods go', () => {
    const quote = priceQuote(priceInput());
    // Two kits at 499.99, 20 % UAP off, Illinois sales tax on the rest.
    expect(quote.totals.subtotalMinor).toBe(99_998);
    expect(quote.totals.discountsMinor).toBe(20_000);
    expect(quote.accountDiscount).toEqual({ programme: 'UAP', discountMinor: 20_000 });
    expect(quote.tax.basis).toBe('taxed');
    expect(quote.totals.taxMinor).toBeGreaterThan(0);
    expect(quote.totals.totalMinor).toBe(79_998 + quote.totals.taxMinor);
    expect(quote.lines[0]).toMatchObject({
      code: 'WRI3-KIT',
      unitPriceMinor: 49_999,
      totalMinor: 79_998,
    });
    expect(quote.account).toEqual({
      id: LAKESHORE.id,
      number: LAKESHORE.number,
      name: LAKESHORE.name,
      type: 'ORGANIZATION',
    });
  });

  it('carries no tax for a tax-exempt account', () => {
    const quote = priceQuote(priceInput({ account: RIVERSIDE }));
    expect(quote.tax.basis).toBe('exempt');
    expect(quote.totals.taxMinor).toBe(0);
  });

  it('reckons tax in the store country where one rate holds, and leaves it to checkout elsewhere', () => {
    expect(quoteTaxAddress('ukassessments', [])).toEqual({ country: 'GB' });
    expect(quoteTaxAddress('usassessments', [])).toBeNull();
  });
});

describe("a quote's last day and the early expiration rule", () => {
  const changeIn = (days: number) => {
    const on = new Date(Date.UTC(2026, 10, 22 + days)).toISOString().slice(0, 10);
    return priceQuote(priceInput({ product: catalog({ 'WRI3-KIT': { priceChangeOn: on } }) }));
  };

  it('holds 30 days without a change ahead', () => {
    const quote = priceQuote(priceInput());
    expect(quote.expiresOn).toBe('2026-12-22');
    expect(quote.earlyExpiration).toBeNull();
  });

  it('tells of a price update 59 days away, not of one 60 or 61 days away', () => {
    expect(changeIn(59).earlyExpiration).toEqual({ reason: 'price-update', on: '2027-01-20' });
    expect(changeIn(59).expiresOn).toBe('2026-12-22');
    expect(changeIn(60).earlyExpiration).toBeNull();
    expect(changeIn(61).earlyExpiration).toBeNull();
  });

  it('ends the day before a price update inside its 30 days', () => {
    const quote = changeIn(10);
    expect(quote.earlyExpiration).toEqual({ reason: 'price-update', on: '2026-12-02' });
    expect(quote.expiresOn).toBe('2026-12-01');
  });

  it('ends before a promotion it counts on ends', () => {
    const promotion = {
      code: 'KITS20',
      name: '20% off complete kits',
      appliesTo: 'products' as const,
      productCodes: ['WRI3-KIT'],
      discountBasisPoints: 2000,
      minimumSubtotalMinor: 0,
    };
    const quote = priceQuote(
      priceInput({
        cart: checkoutCart([line('kit', 1)], { promotions: [promotion] }),
        account: RIVERSIDE,
        promotion: () => ({
          code: promotion.code,
          name: promotion.name,
          discountBasisPoints: promotion.discountBasisPoints,
          minimumSubtotalMinor: 0,
          appliesTo: { kind: 'products', productCodes: promotion.productCodes },
          enabled: true,
          startsAt: '2026-01-01T00:00:00.000Z',
          // Its last day is 5 December.
          endsAt: '2026-12-05T23:59:59.000Z',
        }),
      }),
    );
    expect(quote.earlyExpiration).toEqual({ reason: 'discount-expiry', on: '2026-12-06' });
    expect(quote.expiresOn).toBe('2026-12-05');
    expect(quote.promotions).toEqual([
      { code: 'KITS20', name: '20% off complete kits', discountMinor: 10_000 },
    ]);
  });
});

describe('a quote that cannot be made', () => {
  it("names a product no longer sold ('Error submitting quote.')", () => {
    const error = refusal(() =>
      priceQuote(priceInput({ product: catalog({ 'WRI3-KIT': { soldOnline: false } }) })),
    );
    expect(error.code).toBe('quote.product-withdrawn');
    expect(error.detail).toMatchObject({
      message: 'Error submitting quote.',
      values: { code: 'WRI3-KIT' },
    });
  });

  it('asks for the cart to be updated when a price moved since it was priced', () => {
    const error = refusal(() =>
      priceQuote(priceInput({ product: catalog({ 'WRI3-KIT': { unitPriceMinor: 52_000 } }) })),
    );
    expect(error.code).toBe('quote.items-need-update');
  });

  it('refuses an empty cart, or no account to quote for', () => {
    expect(refusal(() => priceQuote(priceInput({ cart: checkoutCart([]) }))).code).toBe(
      'quote.cart-empty',
    );
    expect(refusal(() => priceQuote(priceInput({ account: undefined }))).code).toBe(
      'quote.no-account',
    );
    expect(CARTS.kit.lines.length).toBe(1);
  });
});
