/**
 * Secure checkout, shipping method (SPEC 2.6, 9): the store's methods with their delivery
 * time and price in the store's currency ('Regular ground, 10-15 business days, $10.00' in
 * the US store). The choice is decided here at once and queued, offline too.
 */
import { withValues } from '../../../../domain/shared/message';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CheckoutCart } from '../../../../domain/checkout/cart-snapshot';
import {
  SHIPPING_METHOD_DAYS,
  SHIPPING_METHOD_LABELS,
  shippingMethodsFor,
  type ShippingMethodId,
} from '../../../../domain/checkout/shipping-methods';
import { nextStep, stepsFor } from '../../../../domain/checkout/steps';
import { formatMoney, money } from '../../../../domain/pricing/money';
import type { Message } from '../../../../domain/shared/message';
import type { CheckoutStore, CheckoutView } from '../../../infra/checkout/checkout-store';
import { languageTag } from '../../../shell/storefront-label';
import { checkoutBase, stepPath } from '../checkout-paths';
import { useCheckout, useCheckoutCopy } from '../hooks/use-checkout';
import { useStepLabel } from '../hooks/use-step-label';
import '../address.css';

export function ShippingMethodStep() {
  const { store, view } = useCheckout();
  // The layout shows a step only with the checkout and its cart.
  if (!store || !view?.cart) return null;
  return <ShippingMethod store={store} view={view} cart={view.cart} />;
}

function ShippingMethod({
  store,
  view,
  cart,
}: {
  store: CheckoutStore;
  view: CheckoutView;
  cart: CheckoutCart;
}) {
  const { t, i18n } = useLingui();
  const copy = useCheckoutCopy();
  const stepLabel = useStepLabel();
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const name = useId();
  const errorId = useId();
  const base = checkoutBase(location.pathname);
  const methods = shippingMethodsFor(view.storefront.storeId);
  const [picked, setPicked] = useState<ShippingMethodId | null>(null);
  const [error, setError] = useState<Message | string | null>(null);
  // The buyer's pick, else the method chosen before, else the first (the least dear).
  const selected = picked ?? view.state.shippingMethod ?? methods[0]?.id ?? null;

  const steps = stepsFor(cart);
  const at = steps.findIndex((step) => step.id === 'shipping-method');
  const previous = at > 0 ? steps[at - 1] : undefined;
  const previousLabel = previous ? stepLabel(previous.id) : '';
  const price = (minor: number) =>
    formatMoney(money(minor, cart.currency), languageTag(view.storefront));

  const submit = () => {
    setError(null);
    if (!selected) {
      setError(t`Please choose a shipping method to continue.`);
      return;
    }
    const { error: refused, saved } = store.choose({
      type: 'ChooseShippingMethod',
      data: { method: selected },
    });
    if (refused) {
      setError(refused.detail);
      return;
    }
    saved.catch((reason: unknown) => {
      console.warn('The shipping method could not be kept on this device.', reason);
    });
    void navigate(stepPath(base, nextStep('shipping-method', cart)));
  };

  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy('shippingMethod')}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="checkout-choices" aria-describedby={error ? errorId : undefined}>
          <legend>
            <Trans>Choose a shipping method</Trans>
          </legend>
          {methods.length === 0 ? (
            <p>
              <Trans>No shipping methods are available for this store.</Trans>
            </p>
          ) : (
            <ul className="checkout-options">
              {methods.map((method) => (
                <li key={method.id}>
                  <label className="checkout-option">
                    <input
                      type="radio"
                      name={name}
                      value={method.id}
                      checked={selected === method.id}
                      onChange={() => {
                        setPicked(method.id);
                        setError(null);
                      }}
                    />
                    <span className="shipping-method__label">
                      {i18n._(SHIPPING_METHOD_LABELS[method.id])}
                    </span>
                    <span className="checkout-option__meta">
                      {i18n._(
                        withValues(SHIPPING_METHOD_DAYS, {
                          min: method.minDays,
                          max: method.maxDays,
                        }),
                      )}
                    </span>
                    <span className="checkout-option__meta shipping-method__price">
                      {price(method.priceMinor)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {typeof error === 'string' ? error : i18n._(error)}
          </p>
        ) : null}
        <div className="checkout-actions">
          {previous ? (
            <Link to={stepPath(base, previous)}>
              <Trans>Back to {previousLabel}</Trans>
            </Link>
          ) : (
            <span />
          )}
          <button type="submit" className="button-link" disabled={methods.length === 0}>
            <Trans>Continue</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
