/**
 * The payment step (SPEC 2.6, 3, 4.8, 5, 6, 8, 9): the billing address chosen on the step
 * before, with a link to change it, then the ways to pay (CardPaymentMethods): a saved card,
 * a new card in the payment gateway's fields, a purchase order where one is possible (else
 * why not: a personal account is sent back to choose an organizational one), and bank
 * transfer with its flag. After the gateway refused a card, the step says so in the spec's
 * words until another payment is chosen.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountIn } from '../../../../domain/checkout/facts';
import { CHECKOUT_RULE_MESSAGES } from '../../../../domain/checkout/messages';
import { billingAddressOf } from '../../../../domain/checkout/state';
import { nextStep, stepById } from '../../../../domain/checkout/steps';
import { V } from '../../../../domain/validation/messages';
import { AddressView } from '../../../shell/order/OrderViews';
import { checkoutBase, stepPath } from '../checkout-paths';
import { useCheckout, useCheckoutCopy } from '../hooks/use-checkout';
import { PaymentMethods } from './CardPaymentMethods';
import { useStepLabel } from '../hooks/use-step-label';

export function PaymentStep() {
  const { store, view } = useCheckout();
  const { t, i18n } = useLingui();
  const copy = useCheckoutCopy();
  const label = useStepLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const headingId = useId();
  const base = checkoutBase(pathname);
  // The layout shows its own notices until the checkout and its cart are open.
  if (!store || !view?.cart) return null;
  const cart = view.cart;

  const account =
    view.state.account && view.facts ? accountIn(view.facts, view.state.account.id) : undefined;
  const billing = billingAddressOf(view.state);
  let body;
  if (!view.facts) {
    body =
      view.factsStatus === 'loading' ? (
        <p role="status">
          <Trans>Loading your accounts…</Trans>
        </p>
      ) : (
        <p>{i18n._(CHECKOUT_RULE_MESSAGES.factsUnavailable)}</p>
      );
  } else if (!account) {
    body = (
      <div className="checkout-notice checkout-notice--warning">
        <p>{i18n._(V.accountNotFound)}</p>
        <Link to={base}>
          <Trans>Choose a customer account</Trans>
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        {view.declined ? (
          <p className="checkout-notice checkout-notice--error" role="alert">
            {i18n._(view.declined.message)}
          </p>
        ) : null}
        {billing ? (
          <div className="payment-billing">
            <h3>{copy('billingAddress')}</h3>
            <p className="payment-billing__address">
              <AddressView address={billing} />
            </p>
            <Link to={stepPath(base, stepById('billing-address'))}>
              <Trans>Change billing address</Trans>
            </Link>
          </div>
        ) : null}
        <PaymentMethods
          store={store}
          view={view}
          cart={cart}
          facts={view.facts}
          account={account}
          submitLabel={t`Continue to review`}
          onChosen={() => {
            void navigate(stepPath(base, nextStep('payment', cart)));
          }}
        />
      </>
    );
  }

  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{label('payment')}</h2>
      {body}
    </section>
  );
}
