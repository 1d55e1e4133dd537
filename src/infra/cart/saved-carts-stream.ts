/**
 * A signed-in user's saved carts as a synced stream: the registry's saved-carts kind, saved,
 * restored and deleted offline like the cart.
 */
import type {
  SavedCartCommand,
  SavedCartEvent,
  SavedCartsState,
} from '../../../domain/saved-cart/saved-carts';
import { savedCartsStreamKind } from '../../../domain/saved-cart/stream';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import type { StreamDefinition } from '../sync/sync-engine';

export const savedCartsStreamId = (userId: string) => streamIdOf(savedCartsStreamKind, userId);

export const savedCartsDefinition: StreamDefinition<
  SavedCartsState,
  SavedCartCommand,
  SavedCartEvent
> = { kind: savedCartsStreamKind };
