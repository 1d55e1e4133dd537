/**
 * After sign-in, when the cart made before signing in and the account's cart from an
 * earlier visit both hold products, the old-cart merge modal (SPEC 2.5) asks what to do:
 * merge them (quantities add up), keep only the new products (the earlier cart is kept as
 * a saved cart, so nothing is lost), or decide later (asked again on the next visit).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { SavedCartsState } from '../../domain/saved-cart/saved-carts';
import { DomainError } from '../../domain/shared/domain-error';
import type { Message } from '../../domain/shared/message';
import { cartMergeOffer$, loadCartStore } from '../infra/cart/cart-loader';
import type { CartStore } from '../infra/cart/cart-store';
import { useObservableValue } from '../infra/use-observable';
import { MergeCartsDialog } from './MergeCartsDialog';
import { languageTag } from './storefront-label';
import { useSavedCarts } from './use-cart-store';
import { useStorefront } from './use-storefront';

/** The first free name of the form "Earlier cart N" among the saved carts. */
export function earlierCartName(base: string, saved: SavedCartsState | null): string {
  const taken = new Set((saved?.carts ?? []).map((cart) => cart.name.toLowerCase()));
  for (let n = 1; ; n += 1) {
    const name = `${base} ${String(n)}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

export function SignInMergeDialog() {
  const offer = useObservableValue(cartMergeOffer$);
  const [store, setStore] = useState<CartStore | null>(null);
  useEffect(() => {
    // An offer comes from the loaded cart store, so this resolves at once.
    if (offer && !store) void loadCartStore().then(setStore);
  }, [offer, store]);
  if (!offer || !store) return null;
  return (
    <MergeOffer
      key={offer.visitorCartId}
      store={store}
      newItems={offer.newItems}
      earlierItems={offer.earlierItems}
    />
  );
}

function MergeOffer({
  store,
  newItems,
  earlierItems,
}: {
  store: CartStore;
  newItems: number;
  earlierItems: number;
}) {
  const { t } = useLingui();
  const storefront = useStorefront();
  const saved = useSavedCarts(store);
  const [error, setError] = useState<Message | null>(null);
  return (
    <MergeCartsDialog
      title={<Trans>Merge your carts?</Trans>}
      replaceLabel={<Trans>Keep only the new products</Trans>}
      cancelLabel={<Trans>Decide later</Trans>}
      error={error}
      onChoose={(choice) => {
        try {
          if (choice === 'merge') store.resolveMerge({ choice: 'merge' });
          else if (choice === 'replace') {
            const when = new Intl.DateTimeFormat(languageTag(storefront), {
              dateStyle: 'long',
              timeStyle: 'short',
            }).format(new Date());
            store.resolveMerge({
              choice: 'replace',
              savedName: earlierCartName(t`Earlier cart`, saved),
              savedDescription: t`Your cart as it was when you signed in on ${when}.`,
            });
          } else store.resolveMerge({ choice: 'later' });
        } catch (caught) {
          if (!(caught instanceof DomainError)) throw caught;
          setError(caught.detail);
        }
      }}
    >
      <p>
        <Plural
          value={newItems}
          one="You added # item before signing in."
          other="You added # items before signing in."
        />{' '}
        <Plural
          value={earlierItems}
          one="Your cart from an earlier visit holds # item."
          other="Your cart from an earlier visit holds # items."
        />
      </p>
      <p>
        <Trans>
          Merge them into one cart, or keep only the new products: your earlier cart is then kept
          under Saved Carts.
        </Trans>
      </p>
    </MergeCartsDialog>
  );
}
