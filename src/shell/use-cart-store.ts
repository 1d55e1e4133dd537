/** The cart store for a screen: loaded at once, with this storefront's cart for this person. */
import { useEffect, useState } from 'react';
import { loadCartStore } from '../infra/cart/cart-loader';
import type { CartStore } from '../infra/cart/cart-store';
import { currentUser$ } from '../infra/session';
import { useObservableValue } from '../infra/use-observable';
import { useStorefront } from './use-storefront';

export function useCartStore(): CartStore | null {
  const storefront = useStorefront();
  const user = useObservableValue(currentUser$);
  const [store, setStore] = useState<CartStore | null>(null);
  useEffect(() => {
    let current = true;
    void loadCartStore()
      .then(async (loaded) => {
        await loaded.activate(storefront, user);
        if (current) setStore(loaded);
      })
      .catch((error: unknown) => {
        console.error('The cart could not be opened.', error);
      });
    return () => {
      current = false;
    };
  }, [storefront, user]);
  return store;
}
