/**
 * 'Accounts for checkout' and 'Secure checkout' (SPEC 2.5, 2.6): the steps this cart goes
 * through, each at its own address, with the guard of the steps configuration (opening a
 * later step shows the first unfinished one), the items in the cart beside them, and the
 * restart of SPEC 4.8 when the cart changes in another tab or window. The route's module
 * (CheckoutLayout.tsx) shows it once the checkout loader has loaded it with the data.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import { guardStep, stepsFor } from '../../../../domain/checkout/steps';
import { online$ } from '../../../infra/connectivity';
import { useObservableValue } from '../../../infra/use-observable';
import { useStorefront } from '../../../shell/use-storefront';
import { checkoutBase, stepOfPath, stepPath } from '../checkout-paths';
import { useCheckout } from '../hooks/use-checkout';
import { useStepLabel } from '../hooks/use-step-label';
import { CheckoutLoading } from './CheckoutLoading';
import { OrderSummary } from './OrderSummary';

export function CheckoutFrame() {
  const { store, view } = useCheckout();
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const storefront = useStorefront();
  const online = useObservableValue(online$);
  const label = useStepLabel();
  const base = checkoutBase(location.pathname);
  const [restarted, setRestarted] = useState(false);

  useEffect(() => {
    if (!store) return;
    const subscription = store.restarted$.subscribe(() => {
      setRestarted(true);
      void navigate(base);
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [store, navigate, base]);

  if (!view) return <CheckoutLoading />;
  if (view.placedOrderId) {
    return <Navigate replace to={`${base}/confirmation/${view.placedOrderId}`} />;
  }
  const cart = view.cart;
  if (!cart || cart.lines.length === 0) {
    return (
      <div className="page checkout">
        <h1>
          <Trans>Accounts for checkout</Trans>
        </h1>
        <p>
          <Trans>Your cart is empty.</Trans>{' '}
          <Link to={`/${storefront.locale}/search.html`}>
            <Trans>Find products</Trans>
          </Link>
        </p>
      </div>
    );
  }
  const requested = stepOfPath(location.pathname) ?? 'accounts';
  const shown = guardStep(requested, view.state, cart);
  if (shown.id !== requested) return <Navigate replace to={stepPath(base, shown)} />;
  const steps = stepsFor(cart);
  const at = steps.findIndex((s) => s.id === shown.id);

  return (
    <div className="page checkout">
      <h1>
        {shown.id === 'accounts' ? (
          <Trans>Accounts for checkout</Trans>
        ) : (
          <Trans>Secure checkout</Trans>
        )}
      </h1>
      <nav aria-label={i18n._(/*i18n*/ { id: 'checkout.steps', message: 'Checkout steps' })}>
        <ol className="checkout-steps">
          {steps.map((step, i) => {
            const reachable = i <= at || step.done(view.state, cart);
            const current = step.id === shown.id;
            return (
              <li
                key={step.id}
                className={current ? 'is-current' : step.done(view.state, cart) ? 'is-done' : ''}
              >
                {reachable && !current ? (
                  <Link to={stepPath(base, step)}>{label(step.id)}</Link>
                ) : (
                  <span aria-current={current ? 'step' : undefined}>{label(step.id)}</span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {restarted && (
        <div className="checkout-notice checkout-notice--warning" role="alert">
          <p>{i18n._(CHECKOUT_MESSAGES.modifiedInAnotherTab)}</p>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRestarted(false);
            }}
          >
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
      {!online && (
        <p className="checkout-notice" role="status">
          <Trans>
            You are offline. Your choices are kept on this device and sent when the connection is
            back; placing the order needs a connection.
          </Trans>
        </p>
      )}
      {view.factsStatus === 'unavailable' && (
        <p className="checkout-notice checkout-notice--warning" role="alert">
          <Trans>
            Your accounts could not be loaded. Connect to the internet and open checkout again.
          </Trans>
        </p>
      )}
      <div className="checkout-grid">
        <div className="checkout-main">
          <Outlet />
        </div>
        <aside className="checkout-aside">
          <OrderSummary view={view} />
        </aside>
      </div>
    </div>
  );
}
