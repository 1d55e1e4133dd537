/**
 * 'Your Shopping Cart' (SPEC 2.5): the lines with their quantities and prices, what the store
 * changed (lowered quantities, products it could not add), the subtotal, and how many
 * changes are waiting for the connection. Every change works offline.
 *
 * The route loads this module while the page hydrates, so it holds only what the first view
 * shows (the heading, then the cart's loading, empty or changed state); the lines, totals,
 * promotion codes and account choice come with the cart store (CartContents.tsx).
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { viewCartEvent } from '../../../../domain/analytics/ecommerce';
import { CART_MESSAGES } from '../../../../domain/cart/messages';
import type { CartSummary } from '../../../../domain/cart/projections/summary';
import { pushEvent } from '../../../infra/analytics';
import { cartQueued$, cartSetAside$, cartSummary$ } from '../../../infra/cart/cart-loader';
import type { CartStore } from '../../../infra/cart/cart-store';
import { online$ } from '../../../infra/connectivity';
import { useObservableValue } from '../../../infra/use-observable';
import { useStorefront } from '../../../shell/use-storefront';
import { useCartStore } from '../../../shell/use-cart-store';
import '../cart.css';

const loadCartContents = () => import('./CartContents');
const CartContents = lazy(() =>
  loadCartContents().then(({ CartContents }) => ({ default: CartContents })),
);

export function CartPage() {
  const store = useCartStore();
  const summary = useObservableValue(cartSummary$);
  const queued = useObservableValue(cartQueued$);
  const storefront = useStorefront();
  // The lines' code loads while the store opens the cart, so a full cart does not wait twice.
  useEffect(() => {
    if (store) void loadCartContents();
  }, [store]);
  // SPEC 3: the cart viewed, for the data layer, once per visit when it has loaded.
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current || !store || !summary) return;
    viewed.current = true;
    const promotions = store.active$.getValue()?.stream.state$.getValue().promotions ?? [];
    pushEvent({ ...viewCartEvent(summary, promotions) });
  }, [store, summary]);

  const loadingCart = (
    <p role="status" aria-busy="true">
      <Trans>Loading your cart…</Trans>
    </p>
  );
  return (
    <div className="page cart-page">
      <h1>
        <Trans>Your Shopping Cart</Trans>
      </h1>
      <SyncStatus queued={queued} />
      {store && <SetAsideChanges store={store} />}
      {!store || !summary ? (
        loadingCart
      ) : (
        <>
          <StoreChanges summary={summary} store={store} />
          {summary.lines.length === 0 ? (
            <p>
              <Trans>Your cart is empty.</Trans>{' '}
              <Link to={`/${storefront.locale}/search.html`}>
                <Trans>Find products</Trans>
              </Link>
            </p>
          ) : (
            <Suspense fallback={loadingCart}>
              <CartContents summary={summary} store={store} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}

/** What the store changed or could not do, in the spec's words, until dismissed. */
function StoreChanges({ summary, store }: { summary: CartSummary; store: CartStore }) {
  const { i18n } = useLingui();
  if (summary.reductions.length === 0 && summary.notAdded.length === 0) return null;
  const nameOf = (code: string) => summary.lines.find((l) => l.code === code)?.name ?? code;
  return (
    <div className="cart-changes" role="alert">
      <p>{i18n._(CART_MESSAGES.itemsNeedUpdate)}</p>
      <ul>
        {summary.reductions.map((r) => (
          <li key={`r-${r.code}`}>
            {i18n._(CART_MESSAGES.insufficientStock.id, {
              product: nameOf(r.code),
              oldQuantity: r.oldQuantity,
              newQuantity: r.newQuantity,
            })}
          </li>
        ))}
        {summary.notAdded.map((item, index) => (
          <li key={`n-${item.code}-${String(index)}`}>
            {i18n._(item.reason.messageId, item.reason.values)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          store.dismissNotices();
        }}
      >
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}

/**
 * Changes set aside after repeated server errors: kept on this device, counted, and sent
 * again when the person asks (never dropped in silence).
 */
function SetAsideChanges({ store }: { store: CartStore }) {
  const setAside = useObservableValue(cartSetAside$);
  if (setAside === 0) return null;
  return (
    <div className="notification notification--warning" role="alert">
      <p>
        <Plural
          value={setAside}
          one="# change to your carts could not be sent to the store. It is kept on this device."
          other="# changes to your carts could not be sent to the store. They are kept on this device."
        />
      </p>
      <button
        type="button"
        className="button-secondary"
        onClick={() => {
          void store.retrySetAside();
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/**
 * Whether changes wait for the connection, and how many; then that they were sent. Offline,
 * the shell's banner says so as well.
 */
function SyncStatus({ queued }: { queued: number }) {
  const online = useObservableValue(online$);
  const [waited, setWaited] = useState(false);
  // Adjusted while rendering: remember that something waited, to say when it has gone.
  if (queued > 0 && !waited) setWaited(true);
  if (queued > 0) {
    return (
      <p className="cart-page__queued" role="status">
        {online ? (
          <Plural
            value={queued}
            one="# change is waiting to be sent."
            other="# changes are waiting to be sent."
          />
        ) : (
          <Plural
            value={queued}
            one="You are offline: # change is waiting to be sent."
            other="You are offline: # changes are waiting to be sent."
          />
        )}
      </p>
    );
  }
  return waited ? (
    <p className="cart-page__queued" role="status">
      <Trans>All your changes were sent.</Trans>
    </p>
  ) : null;
}
