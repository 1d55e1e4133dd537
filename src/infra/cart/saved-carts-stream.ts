/**
 * A signed-in user's saved carts as a synced stream: saved, restored and deleted offline
 * like the cart, confirmed by `/api/saved-carts/commands`.
 */
import {
  decideSavedCarts,
  evolveSavedCarts,
  type SavedCartCommand,
  type SavedCartEvent,
  type SavedCartsState,
} from '../../../domain/saved-cart/saved-carts';
import type { StreamDefinition } from '../sync/sync-engine';

export const savedCartsStreamId = (userId: string) => `saved-carts:${userId}`;

export const savedCartsDefinition: StreamDefinition<
  SavedCartsState,
  SavedCartCommand,
  SavedCartEvent
> = {
  kind: 'saved-carts',
  initialState: () => ({ carts: [] }),
  evolve: evolveSavedCarts,
  upcast: (stored) => stored as SavedCartEvent,
  decide: decideSavedCarts,
};
