/** The cart and saved-carts streams as the event store handles them. */
import { cartDecider } from '../../../domain/cart/decide';
import type { CartEvent } from '../../../domain/cart/events';
import type { CartState } from '../../../domain/cart/state';
import { upcastCartEvent, type StoredCartEvent } from '../../../domain/cart/upcast';
import {
  evolveSavedCarts,
  type SavedCartEvent,
  type SavedCartsState,
} from '../../../domain/saved-cart/saved-carts';
import type { StreamKind } from '../event-store/event-store';

export const cartStream: StreamKind<CartState, CartEvent> = {
  name: 'cart',
  initialState: cartDecider.initialState,
  evolve: cartDecider.evolve,
  upcast: (stored) => upcastCartEvent(stored as StoredCartEvent),
};

export const savedCartsStream: StreamKind<SavedCartsState, SavedCartEvent> = {
  name: 'saved-carts',
  initialState: () => ({ carts: [] }),
  evolve: evolveSavedCarts,
  upcast: (stored) => stored as SavedCartEvent,
};

export const cartStreamId = (cartId: string) => `cart:${cartId}`;
export const savedCartsStreamId = (userId: string) => `saved-carts:${userId}`;
