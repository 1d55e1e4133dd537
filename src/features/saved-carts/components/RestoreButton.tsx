/**
 * Restoring a saved cart: at once when the cart is empty; otherwise the old-cart merge modal
 * (SPEC 2.5) asks whether to add the saved products to the cart or to replace it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cartSummary$ } from '../../../infra/cart/cart-loader';
import type { CartStore } from '../../../infra/cart/cart-store';
import { useObservableValue } from '../../../infra/use-observable';
import { useStorefront } from '../../../shell/use-storefront';
import { MergeCartsDialog } from '../../../shell/MergeCartsDialog';

export function RestoreButton({
  store,
  savedCartId,
  name,
}: {
  store: CartStore;
  savedCartId: string;
  name: string;
}) {
  const { t } = useLingui();
  const storefront = useStorefront();
  const navigate = useNavigate();
  const summary = useObservableValue(cartSummary$);
  const [asking, setAsking] = useState(false);
  const restore = (mode: 'merge' | 'replace') => {
    store.restoreSavedCart(savedCartId, mode);
    void navigate(`/${storefront.locale}/cart`);
  };
  return (
    <>
      <button
        type="button"
        className="button-link"
        aria-label={t`Restore ${name}`}
        onClick={() => {
          if ((summary?.lines.length ?? 0) > 0) setAsking(true);
          else restore('merge');
        }}
      >
        <Trans>Restore</Trans>
      </button>
      {asking ? (
        <MergeCartsDialog
          title={<Trans>Your cart already has products</Trans>}
          replaceLabel={<Trans>Replace my cart</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          onChoose={(mode) => {
            setAsking(false);
            if (mode) restore(mode);
          }}
        >
          <p>
            <Trans>
              Add the saved cart&apos;s products to your current cart, or replace your current cart
              with them?
            </Trans>
          </p>
        </MergeCartsDialog>
      ) : null}
    </>
  );
}
