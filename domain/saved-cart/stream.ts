/** A signed-in user's saved carts as a stream kind: one stream per user, at /api/saved-carts. */
import { savedCartCommandSchema } from '../sync/schemas';
import { KIB } from '../sync/command-size';
import { defineStreamKind } from '../sync/stream-kind';
import {
  decideSavedCarts,
  evolveSavedCarts,
  SAVED_CART_MESSAGES,
  type SavedCartCommand,
  type SavedCartEvent,
  type SavedCartsState,
} from './saved-carts';

export const savedCartsStreamKind = defineStreamKind<
  SavedCartsState,
  SavedCartCommand,
  SavedCartEvent
>({
  name: 'saved-carts',
  address: { per: 'user', path: '/api/saved-carts' },
  owners: 'users',
  perStore: false,
  initialState: () => ({ carts: [] }),
  decide: (command, state) => decideSavedCarts(command, state),
  evolve: evolveSavedCarts,
  upcast: (stored) => stored as SavedCartEvent,
  commandSchema: savedCartCommandSchema,
  // A cart of 200 lines saved with the catalog's longest names is about 40 KiB.
  limits: { commandBytes: 96 * KIB, pushBytes: 192 * KIB },
  refused: SAVED_CART_MESSAGES.notSaved,
  snapshotShape: 1,
});
