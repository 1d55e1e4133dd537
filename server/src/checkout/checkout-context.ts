/**
 * The server's context for the checkout decider: the buyer's facts (read when a command
 * needs them) and the cart the checkout came from, as the server holds it. The buyer is the
 * checkout's owner, whoever acts (the store records a placed order on it as itself).
 */
import { checkoutCartOf, type CheckoutCart } from '../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../domain/checkout/commands';
import type { CheckoutContext } from '../../../domain/checkout/context';
import type { CheckoutState } from '../../../domain/checkout/state';
import { cartStreamKind } from '../../../domain/cart/stream';
import type { CartState } from '../../../domain/cart/state';
import {
  allStorefronts,
  storefrontFor,
  type Storefront,
} from '../../../domain/storefront/storefronts';
import { parseStreamId, streamIdOf } from '../../../domain/sync/stream-kind';
import { findUserById } from '../auth/users';
import type { ContextProvider, EventStore } from '../event-store/event-store';
import type { FlagService } from '../flags/flag-service';
import { factsFor } from './checkout-facts';

/** The cart as the server holds it, when it is this user's. */
export async function serverCart(
  store: EventStore,
  userId: string,
  cartId: string,
  /** The checkout's store: a cart of another store is not its cart. */
  storeId?: string,
): Promise<CheckoutCart | null> {
  const found = await store.stateOf(cartStreamKind, streamIdOf(cartStreamKind, cartId));
  if (
    !found ||
    found.row.ownerKind !== 'user' ||
    found.row.ownerId !== userId ||
    (storeId !== undefined && found.row.storeId !== storeId)
  ) {
    return null;
  }
  return checkoutCartOf(found.state as CartState, found.row.version);
}

export function storefrontOfStore(storeId: string | null): Storefront | undefined {
  return allStorefronts().find((s) => s.storeId === storeId);
}

export function checkoutContextProvider(
  flags: FlagService,
  store: () => EventStore,
): ContextProvider {
  return async ({ db, row, state, commands, locale }): Promise<CheckoutContext> => {
    const checkout = state as CheckoutState;
    const list = commands as readonly CheckoutCommand[];
    // The checkout's own store decides (a push naming another store's locale changes nothing);
    // a new stream takes the store of the push that makes it.
    const pushed = locale ? storefrontFor(locale) : undefined;
    const storefront =
      row.storeId !== null
        ? pushed?.storeId === row.storeId
          ? pushed
          : storefrontOfStore(row.storeId)
        : pushed;
    if (!storefront) throw new Error(`No storefront for the checkout ${row.streamId}`);
    const userId = row.ownerId;
    const needsFacts = list.some((c) => c.type !== 'RecordOrderPlaced');
    const start = list.find((c) => c.type === 'StartCheckout');
    const cartId =
      checkout.cart?.cartId ?? (start?.type === 'StartCheckout' ? start.data.cart.cartId : null);
    const [facts, cart] = needsFacts
      ? await Promise.all([
          findUserById(db, userId).then((user) =>
            user ? factsFor(db, flags, user, storefront) : null,
          ),
          cartId ? serverCart(store(), userId, cartId, storefront.storeId) : Promise.resolve(null),
        ])
      : [null, null];
    return {
      checkoutId: parseStreamId(row.streamId).id,
      storeId: storefront.storeId,
      locale: storefront.locale,
      userId,
      cart,
      facts,
    };
  };
}
