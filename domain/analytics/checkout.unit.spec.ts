import { describe, expect, it } from 'vitest';
import { accountIn } from '../checkout/facts';
import type { CheckoutCart } from '../checkout/cart-snapshot';
import {
  BUYER,
  CHECKOUT_ID,
  catalog,
  checkoutCart,
  completedCheckout,
  events,
  factsWithAccount,
  line,
  NEW_CARD,
  NOW,
  RIVERSIDE,
  stateOf,
  STORE_ID,
} from '../checkout/test-fixtures';
import { checkoutTotals } from '../checkout/totals';
import type { CheckoutEvent } from '../checkout/events';
import { placedOrder, type Order } from '../order/order';
import { decidePlaceOrder } from '../order/place-order';
import {
  basketEcommerce,
  basketEntries,
  checkoutStepEvent,
  checkoutStepsDone,
  orderStepEvents,
  purchaseEvent,
  type CheckoutBasket,
} from './checkout';

const SCHOOL10 = {
  code: 'SCHOOL10',
  name: 'School year',
  appliesTo: 'cart' as const,
  productCodes: [],
  discountBasisPoints: 1000,
  minimumSubtotalMinor: 0,
};

/** Two kits and a Q-global subscription that takes no discount, with a cart-wide code. */
const CART = checkoutCart([line('kit', 2), line('scoring')], { promotions: [SCHOOL10] });

/** Riverside pays tax here, so the order has some. */
const FACTS_TAXED = factsWithAccount(RIVERSIDE.id, { taxExempt: false });

function basketOf(cart: CheckoutCart, given: readonly CheckoutEvent[]): CheckoutBasket {
  const state = stateOf(given);
  const { priced } = checkoutTotals({
    state,
    cart,
    storeId: STORE_ID,
    account: state.account ? accountIn(FACTS_TAXED, state.account.id) : undefined,
    fallbackDiscounts: cart.accountDiscounts ?? null,
  });
  return { priced, promotions: cart.promotions };
}

function orderOf(cart: CheckoutCart, given: readonly CheckoutEvent[]): Order {
  return placedOrder(
    decidePlaceOrder({
      orderId: CHECKOUT_ID,
      webReference: 'W2604571123',
      now: NOW,
      locale: 'en-us',
      storeId: STORE_ID,
      buyer: BUYER,
      placedBy: { kind: 'user', id: BUYER.userId, name: 'Dana Reyes' },
      checkout: stateOf(given),
      cart,
      facts: FACTS_TAXED,
      product: catalog(),
      promotion: () => ({
        code: 'SCHOOL10',
        name: 'School year',
        enabled: true,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        appliesTo: { kind: 'cart' },
        minimumSubtotalMinor: 0,
        discountBasisPoints: 1000,
      }),
      termsAccepted: true,
      accessCode: (code, seat) => `AC-${code}-${String(seat)}`,
    }),
  );
}

describe('checkout analytics events (GA4 checkout, SPEC 3 analytics product entry)', () => {
  it('names the step each checkout event completes, and no other', () => {
    expect(
      checkoutStepsDone([
        events.started(CART),
        events.account(),
        events.qualifiedUser(),
        events.qglobal(),
        events.shippingAddress(),
        events.shippingMethod('expedited'),
        events.billing(),
        events.payment(NEW_CARD),
        events.restarted(CART),
        events.placed(),
      ]),
    ).toEqual([
      { event: 'begin_checkout' },
      { event: 'add_shipping_info', shippingTier: 'expedited' },
      { event: 'add_payment_info', paymentType: 'card' },
    ]);
  });

  it('begins with the cart as it is, then prices the steps for the account chosen', () => {
    const begin = checkoutStepEvent(
      { event: 'begin_checkout' },
      basketEcommerce(basketOf(CART, [events.started(CART)])),
    );
    // 2 × 499.99 less 10% (SCHOOL10), and 149.00 that takes no discount.
    expect(begin).toEqual({
      event: 'begin_checkout',
      ecommerce: {
        currency: 'USD',
        value: 1048.98,
        coupon: 'SCHOOL10',
        items: [
          {
            item_id: 'WRI3-KIT',
            name: 'Westbrook Reading Inventory, Third Edition, Complete Kit',
            program: 'Westbrook Reading Inventory',
            price: 499.99,
            discountPrice: 449.99,
            quantity: 2,
            position: 1,
            discount_value: 100,
            coupon: 'SCHOOL10',
            discount_percentage: 10,
            promotion_type: 'cart',
            promotion_name: 'School year',
          },
          {
            item_id: 'WRI3-QG-1Y',
            name: 'Westbrook Reading Inventory Q-global Scoring, 1 year',
            program: 'Westbrook Reading Inventory',
            price: 149,
            discountPrice: 149,
            quantity: 1,
            position: 2,
            promo_exclude: true,
          },
        ],
      },
    });

    // Riverside's organizational discount (10%) comes first, then the code's 10%.
    const chosen = [...completedCheckout(CART)];
    const payment = checkoutStepEvent(
      { event: 'add_payment_info', paymentType: 'purchase-order' },
      basketEcommerce(basketOf(CART, chosen)),
    );
    expect(payment.event).toBe('add_payment_info');
    expect(payment.ecommerce).toMatchObject({
      payment_type: 'purchase-order',
      currency: 'USD',
      value: 948.98,
      coupon: 'SCHOOL10',
    });
    expect(payment.ecommerce.items[0]).toMatchObject({
      discountPrice: 399.99,
      discount_value: 200,
      coupon: 'SCHOOL10',
    });
    const shipping = checkoutStepEvent(
      { event: 'add_shipping_info', shippingTier: 'regular' },
      basketEcommerce(basketOf(CART, chosen)),
    );
    expect(shipping.ecommerce).toMatchObject({ shipping_tier: 'regular', value: 948.98 });
  });

  it('gives the purchase its transaction id, goods value, tax and shipping, with the checkout’s entries', () => {
    const chosen = completedCheckout(CART);
    const order = orderOf(CART, chosen);
    const basket = basketOf(CART, chosen);
    expect(order.totals.taxMinor).toBeGreaterThan(0);
    const purchase = purchaseEvent(order, basketEntries(basket));
    expect(purchase).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: 'W2604571123',
        currency: 'USD',
        // The goods after discounts: what the steps said; shipping and tax apart.
        value: 948.98,
        tax: order.totals.taxMinor / 100,
        shipping: 10,
        coupon: 'SCHOOL10',
        // The order's amounts agree with what the checkout priced, entry for entry.
        items: basketEntries(basket),
      },
    });
    expect(
      purchase.ecommerce.value + purchase.ecommerce.tax + purchase.ecommerce.shipping,
    ).toBeCloseTo(order.totals.totalMinor / 100, 2);
  });

  it('describes an order alone by its amounts when the checkout’s entries are gone', () => {
    const chosen = completedCheckout(CART);
    const order = orderOf(CART, chosen);
    const items = purchaseEvent(order).ecommerce.items;
    expect(items).toEqual([
      {
        item_id: 'WRI3-KIT',
        name: 'Westbrook Reading Inventory, Third Edition, Complete Kit',
        program: 'Westbrook Reading Inventory',
        price: 499.99,
        discountPrice: 399.99,
        quantity: 2,
        position: 1,
        discount_value: 200,
      },
      {
        item_id: 'WRI3-QG-1Y',
        name: 'Westbrook Reading Inventory Q-global Scoring, 1 year',
        program: 'Westbrook Reading Inventory',
        price: 149,
        discountPrice: 149,
        quantity: 1,
        position: 2,
      },
    ]);
  });

  it('gives the steps of an order from the order itself, shipping only when something ships', () => {
    const chosen = completedCheckout(CART);
    const order = orderOf(CART, chosen);
    const purchase = purchaseEvent(order);
    const steps = orderStepEvents(order, purchase);
    expect(steps.map((s) => s.event)).toEqual([
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
    ]);
    expect(steps[1]?.ecommerce).toMatchObject({ shipping_tier: 'regular', value: 948.98 });
    expect(steps[2]?.ecommerce).toMatchObject({ payment_type: 'purchase-order' });
    for (const step of steps) {
      expect(step.ecommerce.items).toEqual(purchase.ecommerce.items);
      expect(step.ecommerce).not.toHaveProperty('transaction_id');
      expect(step.ecommerce).not.toHaveProperty('tax');
    }

    const digital = checkoutCart([line('scoring')]);
    const digitalOrder = orderOf(digital, completedCheckout(digital));
    expect(orderStepEvents(digitalOrder, purchaseEvent(digitalOrder)).map((s) => s.event)).toEqual([
      'begin_checkout',
      'add_payment_info',
    ]);
    expect(purchaseEvent(digitalOrder).ecommerce).not.toHaveProperty('coupon');
  });
});
