import { describe, expect, it } from 'vitest';
import { checkoutTotals } from './totals';
import { CARTS, LAKESHORE, STORE_ID, events, stateOf } from './test-fixtures';

/** Lakeshore at its University Alliance Program limit; with an organizational discount or not. */
const atLimit = {
  ...LAKESHORE,
  discounts: [{ programme: 'UAP', status: 'UAP_LIMIT_REACHED', basisPoints: 2000 }],
} as const;
const atLimitWithOrgDiscount = {
  ...LAKESHORE,
  discounts: [
    { programme: 'UAP', status: 'UAP_LIMIT_REACHED', basisPoints: 2000 },
    { programme: 'OLD', status: 'OLD_APPLIED', basisPoints: 500 },
  ],
} as const;

describe('checkout totals for the chosen account (SPEC 4.7)', () => {
  const state = stateOf([events.started(CARTS.kit)]);

  it('takes the UAP discount off while the account is in the programme', () => {
    const { priced } = checkoutTotals({
      state,
      cart: CARTS.kit,
      storeId: STORE_ID,
      account: LAKESHORE,
    });
    expect(priced.accountDiscount).toMatchObject({ programme: 'UAP', discountMinor: 20_000 });
    expect(priced.accountDiscountStatuses).toEqual([]);
  });

  it('takes no UAP discount off an account at its limit, and says why', () => {
    const { priced } = checkoutTotals({
      state,
      cart: CARTS.kit,
      storeId: STORE_ID,
      account: atLimit,
    });
    expect(priced.accountDiscount).toBeNull();
    expect(priced.discountsMinor).toBe(0);
    expect(priced.accountDiscountStatuses).toEqual(['UAP_LIMIT_REACHED']);
  });

  it('uses the organizational discount of an account at its UAP limit, and still says why', () => {
    const { priced } = checkoutTotals({
      state,
      cart: CARTS.kit,
      storeId: STORE_ID,
      account: atLimitWithOrgDiscount,
    });
    expect(priced.accountDiscount).toMatchObject({ programme: 'OLD', discountMinor: 5_000 });
    expect(priced.accountDiscountStatuses).toEqual(['UAP_LIMIT_REACHED']);
  });

  it("prices with the cart's own account before one is chosen", () => {
    const { priced } = checkoutTotals({
      state,
      cart: CARTS.kit,
      storeId: STORE_ID,
      account: undefined,
      fallbackDiscounts: atLimit.discounts,
    });
    expect(priced.accountDiscount).toBeNull();
    expect(priced.accountDiscountStatuses).toEqual(['UAP_LIMIT_REACHED']);
  });
});
