/**
 * What follows an order being placed (ARCHITECTURE §2): the cart it came from is cleared,
 * and its checkout records the order (so no other tab can go on with it). Pure reactions;
 * the server runs them exactly once per event.
 */
import { streamIdOf, type ProcessManager } from '../sync/stream-kind';
import type { OrderEvent } from './order';

function placed(event: { type: string; data: unknown }) {
  return event.type === 'OrderPlaced'
    ? (event.data as Extract<OrderEvent, { type: 'OrderPlaced' }>['data']).order
    : null;
}

export const clearCartOnOrder: ProcessManager = {
  name: 'order-placed-clears-cart',
  kinds: ['order'],
  react: (event) => {
    const order = placed(event);
    // A declined order (sanctions screening) took nothing: the cart stays as it was.
    if (!order || order.status === 'declined') return [];
    return [
      {
        kind: 'cart',
        streamId: streamIdOf({ name: 'cart' }, order.cartId),
        owner: { kind: 'user', id: order.buyer.userId },
        storeId: order.storeId,
        command: {
          type: 'ClearCart',
          data: {
            reason: 'checkout',
            orderId: order.orderId,
            lines: order.lines.map((l) => ({ code: l.code, quantity: l.quantity })),
          },
        },
      },
    ];
  },
};

export const closeCheckoutOnOrder: ProcessManager = {
  name: 'order-placed-closes-checkout',
  kinds: ['order'],
  react: (event) => {
    const order = placed(event);
    if (!order) return [];
    return [
      {
        kind: 'checkout',
        streamId: streamIdOf({ name: 'checkout' }, order.checkoutId),
        owner: { kind: 'user', id: order.buyer.userId },
        storeId: order.storeId,
        command: { type: 'RecordOrderPlaced', data: { orderId: order.orderId } },
      },
    ];
  },
};
