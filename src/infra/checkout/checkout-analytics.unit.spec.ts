/**
 * The checkout's data layer events, once per order in a browser: two tabs (two connections to
 * the same database) told of the same order push one purchase between them, a reload pushes
 * none, steps come in the order they were told, choices made for the buyer wait for the
 * order, and an order learned later is told only when this browser sent it to be placed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutBasket } from '../../../domain/analytics/checkout';
import { cartSummary } from '../../../domain/cart/projections/summary';
import { initialCartState } from '../../../domain/cart/state';
import type { CheckoutEvent } from '../../../domain/checkout/events';
import { PURCHASE_ORDER } from '../../../domain/checkout/test-fixtures';
import type { Order } from '../../../domain/order/order';
import { openLocalDb, type LocalDb } from '../sync/local-db';
import { CheckoutAnalytics } from './checkout-analytics';

let layer: { event?: string; ecommerce?: { transaction_id?: string } }[];
let dbs: LocalDb[];
let name: string;

/** A tab of the same browser: its own connection to the browser's database. */
function tab(): CheckoutAnalytics {
  const db = openLocalDb(name);
  dbs.push(db);
  return new CheckoutAnalytics(db);
}

const CHECKOUT = 'checkout-1';

const basket: CheckoutBasket = {
  priced: cartSummary({
    ...initialCartState(),
    cartId: 'cart-1',
    currency: 'USD',
    lines: [
      {
        code: 'KCI-KIT',
        name: 'Kit',
        programName: 'KCI',
        notDiscountable: false,
        quantity: 2,
        unitPriceMinor: 10_000,
        format: 'physical-kit',
        qualificationLevel: 'A',
        preOrder: false,
        aimsweb: false,
        minOrderQuantity: null,
        maxOrderQuantity: null,
      },
    ],
  }),
  promotions: [],
};

const order = {
  orderId: 'cart-1-v3',
  webReference: 'W2600000042',
  checkoutId: CHECKOUT,
  currency: 'USD',
  lines: [
    {
      code: 'KCI-KIT',
      name: 'Kit',
      programName: 'KCI',
      quantity: 2,
      unitPriceMinor: 10_000,
      discountMinor: 0,
      totalMinor: 20_000,
      format: 'physical-kit',
      qualificationLevel: 'A',
      preOrder: false,
    },
  ],
  promotions: [],
  shippingMethod: { id: 'regular', priceMinor: 1000, minDays: 10, maxDays: 15 },
  payment: PURCHASE_ORDER,
  totals: {
    subtotalMinor: 20_000,
    discountsMinor: 0,
    shippingMinor: 1000,
    taxMinor: 1680,
    totalMinor: 22_680,
  },
} as unknown as Order;

const started: CheckoutEvent = {
  type: 'CheckoutStarted',
  v: 1,
  data: {
    checkoutId: CHECKOUT,
    storeId: 'usassessments',
    ownerId: 'user-1',
    cart: { cartId: 'cart-1', version: 1, fingerprint: 'KCI-KITx2|' },
  },
};
const shipping: CheckoutEvent = { type: 'ShippingMethodChosen', v: 1, data: { method: 'regular' } };
const payment: CheckoutEvent = { type: 'PaymentChosen', v: 1, data: { payment: PURCHASE_ORDER } };

const names = () => layer.map((e) => e.event);

beforeEach(() => {
  layer = [];
  dbs = [];
  name = `analytics-${crypto.randomUUID()}`;
  vi.stubGlobal('window', { dataLayer: layer });
});

afterEach(() => {
  for (const db of dbs) db.close();
  vi.unstubAllGlobals();
});

describe('checkout analytics in the browser', () => {
  it('pushes each step once per checkout and one purchase per order, across tabs and reloads', async () => {
    const one = tab();
    one.commandDecided(CHECKOUT, [started], undefined, basket);
    one.commandDecided(CHECKOUT, [shipping], undefined, basket);
    // Chosen again (the buyer went back): already told.
    one.commandDecided(CHECKOUT, [shipping], undefined, basket);
    one.commandDecided(CHECKOUT, [payment], undefined, basket);
    // Two tabs hear of the same order at once.
    const two = tab();
    await Promise.all([one.orderPlaced(order, basket), two.orderPlaced(order, null)]);
    expect(names()).toEqual([
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
    ]);
    expect(layer.at(-1)?.ecommerce?.transaction_id).toBe('W2600000042');

    // A reload: a new page, the same browser.
    await tab().orderPlaced(order, null);
    expect(names()).toHaveLength(4);
  });

  it('tells the steps of choices made for the buyer with the order, before the purchase', async () => {
    const page = tab();
    page.commandDecided(CHECKOUT, [started], undefined, basket);
    page.commandDecided(CHECKOUT, [shipping, payment], { automatic: true }, basket);
    expect(names()).toEqual([]);
    await page.orderPlaced(order, basket);
    expect(names()).toEqual([
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
    ]);
  });

  it('tells an order learned later only when this browser sent its checkout to be placed', async () => {
    await tab().orderLearned(order, null);
    expect(names()).toEqual([]);
    const page = tab();
    await page.placing(CHECKOUT);
    await tab().orderLearned(order, null);
    expect(names()).toEqual([
      'begin_checkout',
      'add_shipping_info',
      'add_payment_info',
      'purchase',
    ]);
  });
});
