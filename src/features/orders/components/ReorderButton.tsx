/**
 * 'Order again' (beyond the spec; decision 029): the order's items go back in the cart through
 * the cart's own command (AddItems, as quick order and saved carts do), so it works offline
 * and syncs like any change; the cart page then says which items could not be added and why
 * (no longer sold online, unknown here, a quantity rule).
 */
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DomainError } from '../../../../domain/shared/domain-error';
import type { Order } from '../../../../domain/order/order';
import { useLingui } from '@lingui/react';
import { cartProductOf } from '../../../infra/cart/cart-stream';
import { loadIndex } from '../../../infra/catalog-index';
import { useCartStore } from '../../../shell/use-cart-store';
import { useStorefront } from '../../../shell/use-storefront';

export function ReorderButton({ order }: { order: Order }) {
  const { i18n } = useLingui();
  const store = useCartStore();
  const storefront = useStorefront();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The cart learns the order's products from the store's index (kept by the worker for
  // offline use), so it decides and shows them here, also offline.
  useEffect(() => {
    if (!store) return;
    let current = true;
    const codes = new Set(order.lines.map((line) => line.code));
    loadIndex(storefront.locale).then(
      (index) => {
        if (!current) return;
        const products = index.items.filter((item) => codes.has(item.code)).map(cartProductOf);
        void store.remember(storefront.storeId, products);
      },
      (error: unknown) => {
        // Unknown here, the items are decided by the store once the connection is back.
        console.warn('The catalog index could not be loaded.', error);
      },
    );
    return () => {
      current = false;
    };
  }, [store, order, storefront]);
  // An order of another storefront is ordered again there.
  if (order.storeId !== storefront.storeId) return null;
  return (
    <div className="orders__reorder">
      <button
        type="button"
        className="button-link"
        disabled={!store}
        onClick={() => {
          if (!store) return;
          try {
            store.addItems(
              order.lines.map((line) => ({ code: line.code, quantity: line.quantity })),
              'reorder',
            );
            void navigate(`/${storefront.locale}/cart`);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            setRefusal(i18n._(error.detail));
          }
        }}
      >
        <Trans>Order again</Trans>
      </button>
      {refusal ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
