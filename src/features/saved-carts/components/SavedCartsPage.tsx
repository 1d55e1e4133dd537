/**
 * Saved carts (SPEC 2.7): the signed-in user's saved carts, newest first, each with its
 * details, restore and delete; and one saved cart's details at cart-details/{id}. They work
 * offline like the cart: changes wait for the connection.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { savedCartList, type SavedCart } from '../../../../domain/saved-cart/saved-carts';
import type { CartStore } from '../../../infra/cart/cart-store';
import { languageTag } from '../../../shell/storefront-label';
import { useCartStore, useSavedCarts } from '../../../shell/use-cart-store';
import { useStorefront } from '../../../shell/use-storefront';
import { RestoreButton } from './RestoreButton';
import '../saved-carts.css';

function useBase(): string {
  const storefront = useStorefront();
  return `/${storefront.locale}/my-account/saved-carts`;
}

export function SavedCartsPage() {
  const { t } = useLingui();
  const store = useCartStore();
  const saved = useSavedCarts(store);
  const base = useBase();
  return (
    <div className="page saved-carts">
      <title>{t`Saved Carts | Assessments Store`}</title>
      <h1>
        <Trans>Saved Carts</Trans>
      </h1>
      {!store || !saved ? (
        <p role="status" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : saved.carts.length === 0 ? (
        <p>
          <Trans>You have no saved carts. Save a cart from your cart page to find it here.</Trans>
        </p>
      ) : (
        <ul className="saved-carts__list">
          {savedCartList(saved).map((cart) => (
            <li key={cart.id} className="saved-carts__item" data-testid="saved-cart">
              <SavedCartSummary cart={cart} />
              <div className="saved-carts__actions">
                <Link
                  to={`${base}/cart-details/${cart.id}`}
                  aria-label={t`Details of ${cart.name}`}
                >
                  <Trans>Details</Trans>
                </Link>
                <RestoreButton store={store} savedCartId={cart.id} name={cart.name} />
                <DeleteButton store={store} cart={cart} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedCartSummary({ cart }: { cart: SavedCart }) {
  const storefront = useStorefront();
  const units = cart.lines.reduce((n, l) => n + l.quantity, 0);
  const date = new Intl.DateTimeFormat(languageTag(storefront), { dateStyle: 'medium' }).format(
    new Date(cart.savedAt),
  );
  return (
    <div>
      <h2 className="saved-carts__name">{cart.name}</h2>
      {cart.description ? <p>{cart.description}</p> : null}
      <p className="saved-carts__meta">
        <Plural value={units} one="# item" other="# items" /> · <Trans>Saved {date}</Trans>
      </p>
    </div>
  );
}

function DeleteButton({ store, cart }: { store: CartStore; cart: SavedCart }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button-secondary"
      aria-label={t`Delete ${cart.name}`}
      onClick={() => {
        store.deleteSavedCart(cart.id);
      }}
    >
      <Trans>Delete</Trans>
    </button>
  );
}

export function SavedCartDetailsPage() {
  const { t } = useLingui();
  const id = useParams().id ?? '';
  const store = useCartStore();
  const saved = useSavedCarts(store);
  const base = useBase();
  const cart = saved?.carts.find((c) => c.id === id);
  return (
    <div className="page saved-carts">
      <title>{t`Saved cart | Assessments Store`}</title>
      {!store || !saved ? (
        <p role="status" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : !cart ? (
        <>
          <h1>
            <Trans>Saved cart not found</Trans>
          </h1>
          <Link to={base}>
            <Trans>Back to saved carts</Trans>
          </Link>
        </>
      ) : (
        <>
          <h1>{cart.name}</h1>
          {cart.description ? <p>{cart.description}</p> : null}
          <table className="saved-carts__lines">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {cart.lines.map((line) => (
                <tr key={line.code}>
                  <td>
                    {line.name}
                    <span className="saved-carts__meta">
                      {' '}
                      {line.programName} · {line.code}
                    </span>
                  </td>
                  <td>{line.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="saved-carts__actions">
            <RestoreButton store={store} savedCartId={cart.id} name={cart.name} />
            <Link to={base}>
              <Trans>Back to saved carts</Trans>
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
