/**
 * Every stream kind of the store, registered once (decision 018). The browser's sync engine,
 * the server's event store and routes, and the database take their kinds from here; a new
 * aggregate (quote, invoice) is added to this list and nowhere else.
 */
import { cartStreamKind } from './cart/stream';
import { checkoutStreamKind } from './checkout/stream';
import { orderStreamKind } from './order/order';
import { clearCartOnOrder, closeCheckoutOnOrder } from './order/process-managers';
import { savedCartsStreamKind } from './saved-cart/stream';
import { streamRegistry } from './sync/stream-kind';

export const STREAM_REGISTRY = streamRegistry(
  [cartStreamKind, savedCartsStreamKind, checkoutStreamKind, orderStreamKind],
  [clearCartOnOrder, closeCheckoutOnOrder],
);
