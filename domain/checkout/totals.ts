/**
 * What a checkout comes to (SPEC 2.6 'Items in cart', review, the placed order): the cart
 * priced for the customer account (SPEC 4.7), the shipping chosen, and the tax where the
 * goods go (decision 025). One function for the summary, the total the buyer confirms and
 * the order the store places, so the three always agree.
 */
import type { AccountDiscount } from '../cart/state';
import { taxFor, type TaxResult } from '../tax/tax';
import { cartNeeds, priceCart, type CheckoutCart } from './cart-snapshot';
import type { CheckoutAccount } from './facts';
import { shippingMethodsFor, type ShippingMethod } from './shipping-methods';
import { billingAddressOf, type CheckoutState } from './state';

export interface CheckoutTotals {
  readonly priced: ReturnType<typeof priceCart>;
  readonly ships: boolean;
  readonly shippingMethod: ShippingMethod | null;
  readonly shippingMinor: number;
  readonly tax: TaxResult;
  readonly taxMinor: number;
  readonly totalMinor: number;
}

export function checkoutTotals(input: {
  readonly state: CheckoutState;
  readonly cart: CheckoutCart;
  readonly storeId: string;
  /** The chosen account as the facts know it; undefined before one is chosen. */
  readonly account: CheckoutAccount | undefined;
  /** The discounts to price with when no account is chosen yet (the cart's own). */
  readonly fallbackDiscounts?: readonly AccountDiscount[] | null;
}): CheckoutTotals {
  const { state, cart, account } = input;
  const priced = priceCart(cart, account?.discounts ?? input.fallbackDiscounts ?? []);
  const ships = cartNeeds(cart.lines).shipping;
  const shippingMethod = ships
    ? (shippingMethodsFor(input.storeId).find((m) => m.id === state.shippingMethod) ?? null)
    : null;
  const shippingMinor = shippingMethod?.priceMinor ?? 0;
  // Where the goods go: the delivery address, or the billing address when nothing ships.
  const tax = taxFor({
    storeId: input.storeId,
    address: ships ? state.shippingAddress : billingAddressOf(state),
    goodsMinor: priced.totalMinor,
    shippingMinor,
    taxExempt: account?.taxExempt ?? false,
  });
  return {
    priced,
    ships,
    shippingMethod,
    shippingMinor,
    tax,
    taxMinor: tax.taxMinor,
    totalMinor: priced.totalMinor + shippingMinor + tax.taxMinor,
  };
}
