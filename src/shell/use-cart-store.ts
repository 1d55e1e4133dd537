/**
 * The cart store for a screen, with this storefront's cart for this person: loaded as soon as
 * the first page is on screen (on a first visit the page paints without it; decision 041).
 */
import { useEffect, useState } from 'react';
import type { SavedCartsState } from '../../domain/saved-cart/saved-carts';
import { openCart } from '../infra/cart/cart-loader';
import type { CartStore } from '../infra/cart/cart-store';
import { currentUser$ } from '../infra/session';
import { useObservableValue } from '../infra/use-observable';
import { useStorefront } from './use-storefront';

export function useCartStore(): CartStore | null {
  const storefront = useStorefront();
  // The person, not the object: a refreshed profile (a new object for the same person) must
  // not start the cart over, or a screen could wait for it forever.
  const userId = useObservableValue(currentUser$)?.id ?? null;
  const [store, setStore] = useState<CartStore | null>(null);
  useEffect(() => {
    let current = true;
    void openCart(storefront, 'after-paint')
      .then((loaded) => {
        if (current) setStore(loaded);
      })
      .catch((error: unknown) => {
        console.error('The cart could not be opened.', error);
      });
    return () => {
      current = false;
    };
  }, [storefront, userId]);
  return store;
}

/** The signed-in user's saved carts, kept current; null for a visitor or until loaded. */
export function useSavedCarts(store: CartStore | null): SavedCartsState | null {
  const [state, setState] = useState<SavedCartsState | null>(null);
  useEffect(() => {
    if (!store) return;
    // The active cart's saved carts, followed afresh whenever the active cart changes.
    let savedCarts: { unsubscribe(): void } | undefined;
    const active = store.active$.subscribe((cart) => {
      savedCarts?.unsubscribe();
      savedCarts = undefined;
      const stream = cart?.savedCarts;
      if (stream) savedCarts = stream.state$.subscribe(setState);
      else setState(null);
    });
    return () => {
      active.unsubscribe();
      savedCarts?.unsubscribe();
    };
  }, [store]);
  return state;
}
