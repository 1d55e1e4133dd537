/**
 * Lines of an order or a quote put back in the cart through the cart's own command
 * (AddItems, as quick order and saved carts do), so it works offline and syncs like any
 * change; the cart page then says which items could not be added and why.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AddToCartSource } from '../../../domain/analytics/ecommerce';
import { DomainError } from '../../../domain/shared/domain-error';
import { cartProductOf } from '../../infra/cart/cart-stream';
import { loadIndex } from '../../infra/catalog-index';
import { useCartStore } from '../use-cart-store';
import { useStorefront } from '../use-storefront';

export function AddToCartAgain({
  lines,
  storeId,
  source,
  className,
  children,
}: {
  lines: readonly { readonly code: string; readonly quantity: number }[];
  /** The store the lines were priced in: another storefront's are added there. */
  storeId: string;
  source: Extract<AddToCartSource, 'reorder'>;
  className: string;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const store = useCartStore();
  const storefront = useStorefront();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The cart learns the products from the store's index (kept by the worker for offline
  // use), so it decides and shows them here, also offline.
  useEffect(() => {
    if (!store) return;
    let current = true;
    const codes = new Set(lines.map((line) => line.code));
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
  }, [store, lines, storefront]);
  if (storeId !== storefront.storeId) return null;
  return (
    <div className={className}>
      <button
        type="button"
        className="button-link"
        disabled={!store}
        onClick={() => {
          if (!store) return;
          try {
            store.addItems(
              lines.map((line) => ({ code: line.code, quantity: line.quantity })),
              source,
            );
            void navigate(`/${storefront.locale}/cart`);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            setRefusal(i18n._(error.detail));
          }
        }}
      >
        {children}
      </button>
      {refusal ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
