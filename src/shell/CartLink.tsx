/** The header's cart link with the number of items in the cart (SPEC 2.3). */
import { Plural } from '@lingui/react/macro';
import { Link } from 'react-router';
import { cartSummary$ } from '../infra/cart/cart-loader';
import { useObservableValue } from '../infra/use-observable';
import { useStorefront } from './use-storefront';

export function CartLink() {
  const storefront = useStorefront();
  const summary = useObservableValue(cartSummary$);
  const count = summary?.itemCount ?? 0;
  return (
    <Link to={`/${storefront.locale}/cart`} className="cart-link" data-testid="cart-link">
      <Plural value={count} one="Cart (# item)" other="Cart (# items)" />
    </Link>
  );
}
