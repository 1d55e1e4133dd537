/**
 * 'Items in cart' (SPEC 2.6), read only: each line with its quantity and price after
 * discounts, the discounts, shipping once chosen, tax, and the order total, priced for the
 * customer account chosen (its discount programme, SPEC 4.7), with the notices of its
 * programmes that do not apply (a reached University Alliance Program limit).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { accountIn } from '../../../../domain/checkout/facts';
import { checkoutTotals } from '../../../../domain/checkout/totals';
import { discountNotices } from '../../../../domain/pricing/discount-label';
import { formatMoney, money } from '../../../../domain/pricing/money';
import type { CheckoutView } from '../../../infra/checkout/checkout-store';
import { TaxRows } from '../../../shell/order/OrderViews';
import { languageTag } from '../../../shell/storefront-label';
import { useCheckoutCopy } from '../hooks/use-checkout';

export function useOrderTotals(view: CheckoutView) {
  const { cart, facts, state, storefront } = view;
  if (!cart) return null;
  const totals = checkoutTotals({
    state,
    cart,
    storeId: storefront.storeId,
    account: state.account && facts ? accountIn(facts, state.account.id) : undefined,
    fallbackDiscounts: cart.accountDiscounts ?? null,
  });
  return { ...totals, shippingChosen: totals.shippingMethod !== null };
}

export function OrderSummary({
  view,
  heading = 'h2',
}: {
  view: CheckoutView;
  heading?: 'h2' | 'h3';
}) {
  const { i18n } = useLingui();
  const copy = useCheckoutCopy();
  const totals = useOrderTotals(view);
  const headingId = useId();
  const { storefront } = view;
  if (!view.cart || !totals) return null;
  const currency = view.cart.currency;
  const format = (minor: number) => formatMoney(money(minor, currency), languageTag(storefront));
  const Heading = heading;
  return (
    <section className="checkout-summary" aria-labelledby={headingId}>
      <Heading id={headingId}>{copy('itemsInCart')}</Heading>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col">
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Total</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.priced.lines.map((line) => (
            <tr key={line.code}>
              <td>
                {line.name} <span className="cart-line__meta">{line.code}</span>
                {line.preOrder && (
                  <span className="checkout-badge">
                    <Trans>Pre-order: ships when available</Trans>
                  </span>
                )}
              </td>
              <td>{line.quantity}</td>
              <td className="num">{format(line.totalPrice.value - line.totalDiscounts.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="checkout-totals">
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{format(totals.priced.subtotalMinor)}</dd>
        {totals.priced.discountsMinor > 0 && (
          <>
            <dt>
              <Trans>Discounts</Trans>
            </dt>
            <dd>−{format(totals.priced.discountsMinor)}</dd>
          </>
        )}
        {totals.ships && (
          <>
            <dt>
              <Trans>Shipping</Trans>
            </dt>
            <dd>
              {totals.shippingChosen ? format(totals.shippingMinor) : <Trans>Not chosen yet</Trans>}
            </dd>
          </>
        )}
        <TaxRows tax={totals.tax} format={format} />
        <dt className="checkout-totals__total">
          <Trans>Order total</Trans>
        </dt>
        <dd className="checkout-totals__total">{format(totals.totalMinor)}</dd>
      </dl>
      {discountNotices(totals.priced.accountDiscountStatuses).map((notice) => (
        <p key={notice.id} className="checkout-notice checkout-notice--warning" role="note">
          {i18n._(notice)}
        </p>
      ))}
    </section>
  );
}
