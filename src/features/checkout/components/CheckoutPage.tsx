/**
 * Checkout (signed-in users only): the order as it stands, with what would stop it (the
 * aimsweb minimum), and how to place it. The account, qualified user, delivery and payment
 * steps of SPEC 2.6 take their place here when online ordering opens; until then the buyer
 * sees exactly what they are about to order and how to order it today.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { formatMoney, money } from '../../../../domain/pricing/money';
import { aimswebProblems } from '../../../../domain/validation/checkout';
import { cartSummary$ } from '../../../infra/cart/cart-loader';
import { useObservableValue } from '../../../infra/use-observable';
import { useCartStore } from '../../../shell/use-cart-store';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import '../checkout.css';

export function CheckoutPage() {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const store = useCartStore();
  const summary = useObservableValue(cartSummary$);
  const currency = summary?.currency ?? storefront.currency;
  const format = (minor: number) => formatMoney(money(minor, currency), languageTag(storefront));

  if (!store || !summary) {
    return (
      <div className="page" aria-busy="true">
        <h1>
          <Trans>Checkout</Trans>
        </h1>
        <p role="status">
          <Trans>Loading your cart…</Trans>
        </p>
      </div>
    );
  }
  const problems = aimswebProblems({
    hasAimswebItems: summary.lines.some((l) => l.aimsweb),
    aimswebAmount: money(
      summary.lines.filter((l) => l.aimsweb).reduce((n, l) => n + l.totalPrice.value, 0),
      currency,
    ),
    accountType: summary.account?.type ?? 'ORGANIZATION',
    displayLocale: languageTag(storefront),
  });
  return (
    <div className="page checkout-summary">
      <h1>
        <Trans>Checkout</Trans>
      </h1>
      {summary.lines.length === 0 ? (
        <p>
          <Trans>Your cart is empty.</Trans>{' '}
          <Link to={`/${storefront.locale}/search.html`}>
            <Trans>Find products</Trans>
          </Link>
        </p>
      ) : (
        <>
          <h2>
            <Trans>Your order</Trans>
          </h2>
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col">
                  <Trans>Total</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.lines.map((line) => (
                <tr key={line.code}>
                  <td>
                    {line.name} <span className="cart-line__meta">{line.code}</span>
                  </td>
                  <td>{line.quantity}</td>
                  <td>{format(line.totalPrice.value - line.totalDiscounts.value)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  <Trans>Total</Trans>
                </th>
                <td>{format(summary.totalMinor)}</td>
              </tr>
            </tfoot>
          </table>
          {problems.map((problem) => (
            <p key={problem.id} className="cart-page__note" role="note">
              {i18n._(problem)}
            </p>
          ))}
          <p>
            <Trans>
              Online payment is not open yet. To place this order now, contact customer service with
              the products above; your cart stays here.
            </Trans>{' '}
            <a href={`/content/${storefront.locale}/contact-us.html`}>
              <Trans>Contact us</Trans>
            </a>
          </p>
        </>
      )}
      <Link to={`/${storefront.locale}/cart`}>
        <Trans>Back to your cart</Trans>
      </Link>
    </div>
  );
}
