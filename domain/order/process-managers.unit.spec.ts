/** What follows an order being placed: its cart is cleared and its checkout records it. */
import { describe, expect, it } from 'vitest';
import {
  CARTS,
  catalog,
  completedCheckout,
  FACTS,
  NOW,
  stateOf,
  BUYER,
  CHECKOUT_ID,
  CART_ID,
  STORE_ID,
} from '../checkout/test-fixtures';
import type { RecordedEvent } from '../sync/stream-kind';
import type { PlacedOrder } from './order';
import { decidePlaceOrder } from './place-order';
import { defineProcessManager, type CommandOf } from '../kinds';
import { clearCartOnOrder, closeCheckoutOnOrder } from './process-managers';

const order: PlacedOrder = decidePlaceOrder({
  orderId: CHECKOUT_ID,
  webReference: 'W26-0004571',
  now: NOW,
  locale: 'en-us',
  storeId: STORE_ID,
  buyer: BUYER,
  placedBy: { kind: 'agent', id: 'agent-0042', name: 'Morgan Ellis' },
  checkout: stateOf(completedCheckout(CARTS.mixed)),
  cart: CARTS.mixed,
  facts: FACTS,
  product: catalog(),
  termsAccepted: true,
  accessCode: (code, seat) => `${code}-${String(seat)}`,
});

const orderPlaced: RecordedEvent = {
  kind: 'order',
  streamId: `order:${CHECKOUT_ID}`,
  version: 1,
  type: 'OrderPlaced',
  data: { order },
  metadata: { actor: { kind: 'agent', id: 'agent-0042' }, correlationId: 'cmd-00000001' },
};

describe('order placed → clear the cart', () => {
  it('reads order events', () => {
    expect(clearCartOnOrder.kinds).toEqual(['order']);
  });

  it('clears the order’s cart, for checkout, naming the order', async () => {
    expect(await clearCartOnOrder.react(orderPlaced)).toEqual([
      {
        kind: 'cart',
        streamId: `cart:${CART_ID}`,
        owner: { kind: 'user', id: BUYER.userId },
        storeId: STORE_ID,
        command: {
          type: 'ClearCart',
          data: {
            reason: 'checkout',
            orderId: CHECKOUT_ID,
            lines: order.lines.map((l) => ({ code: l.code, quantity: l.quantity })),
          },
        },
      },
    ]);
  });

  it('clears the buyer’s cart even when customer service placed the order', async () => {
    const [reaction] = await clearCartOnOrder.react(orderPlaced);
    expect(reaction?.owner).toEqual({ kind: 'user', id: BUYER.userId });
  });
});

describe('order placed → record it on the checkout', () => {
  it('reads order events', () => {
    expect(closeCheckoutOnOrder.kinds).toEqual(['order']);
  });

  it('records the order on its checkout', async () => {
    expect(await closeCheckoutOnOrder.react(orderPlaced)).toEqual([
      {
        kind: 'checkout',
        streamId: `checkout:${CHECKOUT_ID}`,
        owner: { kind: 'user', id: BUYER.userId },
        storeId: STORE_ID,
        command: { type: 'RecordOrderPlaced', data: { orderId: CHECKOUT_ID } },
      },
    ]);
  });
});

describe('other events', () => {
  it.each([
    { ...orderPlaced, type: 'OrderShipped', data: { trackingNumber: '1Z999' } },
    { ...orderPlaced, type: 'OrderCancelled', data: { reason: 'customer' } },
    { ...orderPlaced, kind: 'cart', streamId: `cart:${CART_ID}`, type: 'CartCleared', data: {} },
  ])('$type leads to nothing', async (event) => {
    expect(await clearCartOnOrder.react(event)).toEqual([]);
    expect(await closeCheckoutOnOrder.react(event)).toEqual([]);
  });
});

describe('a process manager is type-checked against the kinds it follows', () => {
  it('does not compile with a misspelt event type, an unknown kind or a wrong command', () => {
    const checked = defineProcessManager({
      name: 'type-check',
      kinds: ['order'],
      react: (event) => {
        // @ts-expect-error: the order kind has no event 'OrderPlacd'
        if (event.type === 'OrderPlacd') return [];
        if (event.type !== 'OrderPlaced') return [];
        return [
          {
            kind: 'cart',
            streamId: `cart:${event.data.order.cartId}`,
            owner: { kind: 'user', id: event.data.order.buyer.userId },
            storeId: event.data.order.storeId,
            command: { type: 'ClearCart', data: { reason: 'checkout' } },
          },
        ];
      },
    });
    const command: CommandOf<'cart'> = {
      // @ts-expect-error: the cart kind has no command 'EmptyCart'
      type: 'EmptyCart',
      data: { reason: 'checkout' },
    };
    defineProcessManager({
      name: 'type-check-kinds',
      // @ts-expect-error: the store has no kind 'receipt'
      kinds: ['receipt'],
      react: () => [],
    });
    expect(checked.kinds).toEqual(['order']);
    expect(command.type).toBe('EmptyCart');
  });
});
