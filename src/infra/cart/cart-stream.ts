/**
 * The cart as a synced stream in the browser: the registry's cart kind with this browser's
 * knowledge of the catalog (the store's index and the products opened, with stock unknown:
 * the server lowers a quantity when there is not enough), and promotion codes and customer
 * accounts left to the server (the kind's `serverOnly`).
 */
import type { CartCommand } from '../../../domain/cart/commands';
import type { CartContext, CartProduct } from '../../../domain/cart/context';
import type { CartEvent } from '../../../domain/cart/events';
import type { CartOwner, CartState } from '../../../domain/cart/state';
import { cartStreamKind } from '../../../domain/cart/stream';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import type { StreamDefinition } from '../sync/sync-engine';

export const cartStreamId = (cartId: string) => streamIdOf(cartStreamKind, cartId);

export { cartProductOf } from './cart-product';

export function browserCartContext(options: {
  readonly cartId: string;
  readonly storefront: Storefront;
  readonly actor: CartOwner;
  readonly products: ReadonlyMap<string, CartProduct>;
}): CartContext {
  return {
    cartId: options.cartId,
    storeId: options.storefront.storeId,
    currency: options.storefront.currency,
    actor: options.actor,
    product: (code) => options.products.get(code),
    // Promotion codes and customer accounts are checked by the server only.
    promotion: () => undefined,
    account: () => undefined,
    defaultAccount: null,
  };
}

export function cartDefinition(
  context: CartContext,
  refresh?: () => Promise<void>,
): StreamDefinition<CartState, CartCommand, CartEvent> {
  return { kind: cartStreamKind, context, ...(refresh ? { refresh } : {}) };
}
