/**
 * What follows an order being placed (ARCHITECTURE §2): the cart it came from is cleared,
 * and its checkout records the order (so no other tab can go on with it). Pure reactions,
 * typed by the events of the order kind and the commands of the kinds they name; the server
 * runs them exactly once per event. This is the one place the cart is cleared after an order.
 */
import { defineProcessManager } from '../kinds';
import { streamIdOf } from '../sync/stream-kind';

export const clearCartOnOrder = defineProcessManager({
  name: 'order-placed-clears-cart',
  kinds: ['order'],
  react: (event) => {
    if (event.type !== 'OrderPlaced') return [];
    const order = event.data.order;
    // A declined order (sanctions screening) took nothing: the cart stays as it was.
    if (order.status === 'declined') return [];
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
});

export const closeCheckoutOnOrder = defineProcessManager({
  name: 'order-placed-closes-checkout',
  kinds: ['order'],
  react: (event) => {
    if (event.type !== 'OrderPlaced') return [];
    const order = event.data.order;
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
});
