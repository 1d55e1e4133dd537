/**
 * 'Accounts for checkout' (SPEC 2.5, 2.6): the customer account, the qualified user, and the
 * Q-global and aimswebPlus accounts this cart needs. Each choice is decided on this device at
 * once, from the facts kept here (offline too), and sent to the store; only the lookups
 * (account not listed, add qualified user, add a Q-global account) need a connection.
 * Continue goes on to the next step this cart goes through once every choice is made.
 *
 * The step's route module (AccountsStep.tsx) shows these sections once they are loaded, with
 * the checkout's data.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { cartNeeds, type CartNeeds } from '../../../../domain/checkout/cart-snapshot';
import { aimswebProblem } from '../../../../domain/checkout/decide';
import { accountIn } from '../../../../domain/checkout/facts';
import { CHECKOUT_RULE_MESSAGES } from '../../../../domain/checkout/messages';
import type { CheckoutState } from '../../../../domain/checkout/state';
import { nextStep, stepById } from '../../../../domain/checkout/steps';
import type { DomainError } from '../../../../domain/shared/domain-error';
import { online$ } from '../../../infra/connectivity';
import { useObservableValue } from '../../../infra/use-observable';
import { checkoutBase, stepPath } from '../checkout-paths';
import { useCheckout } from '../hooks/use-checkout';
import { AimswebSection } from './AimswebSection';
import { CustomerAccountSection, type Choose } from './CustomerAccountSection';
import { QglobalSection } from './QglobalSection';
import { QualifiedUserSection } from './QualifiedUserSection';

export function AccountsContents() {
  const { store, view } = useCheckout();
  const online = useObservableValue(online$);
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const [unsaved, setUnsaved] = useState(false);
  // The layout shows the loading, empty-cart and unavailable states.
  if (!store || !view?.cart) return null;
  const { cart, facts, state } = view;

  const choose: Choose = (request) => {
    const { error, saved } = store.choose(request);
    saved.catch((failure: unknown) => {
      console.warn('A checkout choice could not be kept on this device.', failure);
      setUnsaved(true);
    });
    if (!error) setUnsaved(false);
    return error?.detail ?? null;
  };

  const needs = cartNeeds(cart.lines);
  const account = state.account && facts ? accountIn(facts, state.account.id) : undefined;
  const done = stepById('accounts').done(state, cart);
  const aimswebBlocked =
    account && needs.aimsweb
      ? aimswebProblem(account, { cart, locale: view.storefront.locale })
      : null;
  const props = { store, view, choose, online };

  return (
    <>
      {view.factsStatus === 'loading' ? (
        <p className="checkout-notice" role="status">
          <Trans>Loading your accounts…</Trans>
        </p>
      ) : null}
      {unsaved ? (
        <p className="checkout-notice checkout-notice--error" role="alert">
          {i18n._(CHECKOUT_RULE_MESSAGES.choiceRefused)}
        </p>
      ) : null}
      {facts ? (
        <>
          <CustomerAccountSection {...props} />
          {/* Keyed by account: another account starts its sections afresh. */}
          {account ? (
            <QualifiedUserSection key={`user-${account.id}`} {...props} account={account} />
          ) : null}
          {account && needs.qglobal ? (
            <QglobalSection key={`qglobal-${account.id}`} {...props} account={account} />
          ) : null}
          {account && needs.aimsweb ? (
            <AimswebSection key={`aimsweb-${account.id}`} {...props} account={account} />
          ) : null}
        </>
      ) : null}
      <div className="checkout-actions accounts-actions">
        <Link to={`/${view.storefront.locale}/cart`}>
          <Trans>Back to your cart</Trans>
        </Link>
        <button
          type="button"
          className="button-link"
          disabled={!done}
          aria-describedby={done ? undefined : `${id}-left`}
          onClick={() => {
            void navigate(stepPath(checkoutBase(location.pathname), nextStep('accounts', cart)));
          }}
        >
          <Trans>Continue</Trans>
        </button>
      </div>
      {done ? null : (
        <p id={`${id}-left`} className="field__hint accounts-left">
          <StillToChoose state={state} needs={needs} aimswebBlocked={aimswebBlocked} />
        </p>
      )}
    </>
  );
}

/** What is still to be chosen before Continue, in the order of the sections. */
function StillToChoose({
  state,
  needs,
  aimswebBlocked,
}: {
  state: CheckoutState;
  needs: CartNeeds;
  /** Why no aimswebPlus account can be entered with this account and cart. */
  aimswebBlocked: DomainError | null;
}) {
  const { i18n } = useLingui();
  if (!state.account) return <Trans>Choose a customer account to continue.</Trans>;
  if (!state.qualifiedUser) return <Trans>Choose a qualified user to continue.</Trans>;
  if (needs.qglobal && !state.qglobal) return <Trans>Choose a Q-global account to continue.</Trans>;
  if (needs.aimsweb && !state.aimsweb) {
    if (aimswebBlocked) return <>{i18n._(aimswebBlocked.detail)}</>;
    return <Trans>Enter an aimswebPlus account to continue.</Trans>;
  }
  return null;
}
