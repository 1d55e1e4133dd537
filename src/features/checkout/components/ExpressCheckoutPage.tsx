/**
 * Express checkout (SPEC 2.1 /exp-checkout, 2.6, 5, 8): a returning buyer's usual choices
 * (`expressChoices`: account, qualified user, platform accounts, address, regular ground,
 * billing address, a saved card) made for them on the checkout of the current cart, then
 * everything on one page with a link to change each choice in the ordinary checkout, the
 * items and totals, the terms and Place order. A buyer without what it needs is told so and
 * sent to the ordinary checkout. Choices already made on this checkout are kept.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { cartNeeds, type CheckoutCart } from '../../../../domain/checkout/cart-snapshot';
import {
  expressChoices,
  type ExpressChoice,
  type ExpressUnavailable,
} from '../../../../domain/checkout/express';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import type { CheckoutState } from '../../../../domain/checkout/state';
import {
  firstUnfinishedStep,
  stepById,
  type CheckoutStepId,
} from '../../../../domain/checkout/steps';
import { formatMoney, money } from '../../../../domain/pricing/money';
import type { Message, MessageDescriptor } from '../../../../domain/shared/message';
import { V } from '../../../../domain/validation/messages';
import type {
  CheckoutStore,
  CheckoutView,
  PlaceOrderOutcome,
} from '../../../infra/checkout/checkout-store';
import { online$ } from '../../../infra/connectivity';
import { useObservableValue } from '../../../infra/use-observable';
import { languageTag } from '../../../shell/storefront-label';
import { stepPath } from '../checkout-paths';
import { useCheckout } from '../hooks/use-checkout';
import { OrderSummary } from './OrderSummary';
import { useCheckoutChallenge } from './CheckoutChallenge';
import { CheckoutChoices } from './ReviewStep';
import '../../../shell/order/order-views.css';
import '../checkout.css';
import '../review.css';
import '../express.css';

/**
 * Express checkout's own wording, with ids of its own: shown in English until the catalogs
 * have them (the rest of the page reuses checkout's translated messages).
 */
const M = {
  title: /*i18n*/ { id: 'checkout.express.title', message: 'Express checkout' },
  intro: /*i18n*/ {
    id: 'checkout.express.intro',
    message: 'Check your usual choices, change any of them, then place your order on this page.',
  },
  choices: /*i18n*/ { id: 'checkout.express.choices', message: 'Your choices' },
  goToCheckout: /*i18n*/ { id: 'checkout.express.go-to-checkout', message: 'Go to checkout' },
  continueToCheckout: /*i18n*/ {
    id: 'checkout.express.continue-to-checkout',
    message: 'Continue to checkout',
  },
  needs: /*i18n*/ {
    id: 'checkout.express.needs',
    message:
      'Express checkout needs a saved card, an address and a qualified user on your profile.',
  },
  notMade: /*i18n*/ {
    id: 'checkout.express.not-made',
    message: 'Some of your usual choices could not be made:',
  },
  aimswebOnPlace: /*i18n*/ {
    id: 'checkout.express.aimsweb-on-place',
    message: 'Confirmed when you accept the terms and place your order.',
  },
  missing: /*i18n*/ { id: 'checkout.express.missing', message: 'Some choices are missing.' },
  completeThem: /*i18n*/ {
    id: 'checkout.express.complete-them',
    message: 'Complete them in checkout',
  },
} as const satisfies Record<string, MessageDescriptor>;

const WHY = {
  'cart-empty': /*i18n*/ { id: 'checkout.express.why.cart-empty', message: 'Your cart is empty.' },
  'no-qualified-user': /*i18n*/ {
    id: 'checkout.express.why.no-qualified-user',
    message:
      'None of your accounts has a qualified user whose level covers the items in your cart.',
  },
  'no-qglobal-account': /*i18n*/ {
    id: 'checkout.express.why.no-qglobal-account',
    message: 'Your cart has Q-global items and your accounts have no Q-global account.',
  },
  'no-aimsweb-account': /*i18n*/ {
    id: 'checkout.express.why.no-aimsweb-account',
    message: 'Your cart has aimswebPlus items and your accounts have no aimswebPlus account.',
  },
  'no-address': /*i18n*/ {
    id: 'checkout.express.why.no-address',
    message: 'Your address book has no address.',
  },
  'no-shipping-method': /*i18n*/ {
    id: 'checkout.express.why.no-shipping-method',
    message: 'This store has no shipping method for express checkout.',
  },
  'no-saved-card': /*i18n*/ {
    id: 'checkout.express.why.no-saved-card',
    message: 'Your profile has no saved card that is still valid.',
  },
} as const satisfies Record<ExpressUnavailable, MessageDescriptor>;

/** The day on this device, YYYY-MM-DD (a card is good until the end of its month). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `/en-us` for `/en-us/exp-checkout` (a store path too). */
function storefrontRoot(pathname: string): string {
  const at = pathname.indexOf('/exp-checkout');
  return at < 0 ? '' : pathname.slice(0, at);
}

/** The choice a command makes is already made on this checkout (kept, not replaced). */
function alreadyChosen(choice: ExpressChoice, state: CheckoutState): boolean {
  switch (choice.type) {
    case 'ChooseCustomerAccount':
      return state.account !== null;
    case 'ChooseQualifiedUser':
      return state.qualifiedUser !== null;
    case 'ChooseQglobalAccount':
      return state.qglobal !== null;
    case 'ChooseAimswebAccount':
      return state.aimsweb !== null;
    case 'ChooseShippingAddress':
      return state.shippingAddress !== null;
    case 'ChooseShippingMethod':
      return state.shippingMethod !== null;
    case 'ChooseBillingAddress':
      return state.billing !== null;
    case 'ChoosePayment':
      // A refused card is not chosen again for the buyer (SPEC 8): they choose.
      return state.payment !== null || state.paymentDeclined !== null;
  }
}

function Heading() {
  const { i18n } = useLingui();
  return <h1>{i18n._(M.title)}</h1>;
}

export function ExpressCheckoutPage() {
  const { store, view } = useCheckout();
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const root = storefrontRoot(pathname);
  const checkoutBase = `${root}/checkout`;

  if (!store || !view) {
    return (
      <div className="page checkout express-checkout" aria-busy="true">
        <Heading />
        <p role="status">
          <Trans>Loading your checkout…</Trans>
        </p>
      </div>
    );
  }
  if (view.placedOrderId) {
    return <Navigate replace to={`${checkoutBase}/confirmation/${view.placedOrderId}`} />;
  }
  const cart = view.cart;
  if (!cart || cart.lines.length === 0) {
    return (
      <div className="page checkout express-checkout">
        <Heading />
        <p>
          <Trans>Your cart is empty.</Trans>{' '}
          <Link to={`${root}/cart`}>
            <Trans>Back to your cart</Trans>
          </Link>
        </p>
      </div>
    );
  }
  if (!view.facts) {
    return (
      <div className="page checkout express-checkout">
        <Heading />
        {view.factsStatus === 'unavailable' ? (
          <p className="checkout-notice checkout-notice--warning" role="alert">
            <Trans>
              Your accounts could not be loaded. Connect to the internet and open checkout again.
            </Trans>{' '}
            <Link to={checkoutBase}>{i18n._(M.goToCheckout)}</Link>
          </p>
        ) : (
          <p role="status">
            <Trans>Loading your accounts…</Trans>
          </p>
        )}
      </div>
    );
  }
  const result = expressChoices({
    facts: view.facts,
    cart,
    userId: view.userId,
    storeId: view.storefront.storeId,
    today: today(),
  });
  if ('unavailable' in result) {
    return <Unavailable reason={result.unavailable} checkoutBase={checkoutBase} />;
  }
  return (
    <Express
      store={store}
      view={view}
      cart={cart}
      choices={result.commands}
      checkoutBase={checkoutBase}
    />
  );
}

function Unavailable({
  reason,
  checkoutBase,
}: {
  reason: ExpressUnavailable;
  checkoutBase: string;
}) {
  const { i18n } = useLingui();
  return (
    <div className="page checkout express-checkout">
      <Heading />
      <div className="checkout-section">
        <p>
          {i18n._(M.needs)} {i18n._(WHY[reason])}
        </p>
        <p>
          <Link className="button-link" to={checkoutBase}>
            {i18n._(M.continueToCheckout)}
          </Link>
        </p>
      </div>
    </div>
  );
}

function Express({
  store,
  view,
  cart,
  choices,
  checkoutBase,
}: {
  store: CheckoutStore;
  view: CheckoutView;
  cart: CheckoutCart;
  choices: readonly ExpressChoice[];
  checkoutBase: string;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const online = useObservableValue(online$);
  const id = useId();
  const termsBox = useRef<HTMLInputElement>(null);
  const declinedHeading = useRef<HTMLHeadingElement>(null);
  const placingNow = useRef(false);
  const madeFor = useRef('');
  const challenge = useCheckoutChallenge(view);
  const [terms, setTerms] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);
  const [notMade, setNotMade] = useState<{ key: string; message: Message } | null>(null);
  const [restarted, setRestarted] = useState(false);
  const { state, storefront } = view;
  const needs = cartNeeds(cart.lines);
  const aimswebChoice = choices.find((c) => c.type === 'ChooseAimswebAccount');
  const declined = view.declined;

  // The usual choices, made once for this checkout and cart (again after a restart); what the
  // buyer already chose here stays. The store starts the checkout; it is started here too in
  // case this page came first (choosing twice is a no-op).
  const key = `${view.checkoutId}:${cart.fingerprint}:${String(state.restarts)}`;
  useEffect(() => {
    if (madeFor.current === key) return;
    madeFor.current = key;
    const current = () => store.view$.getValue()?.state ?? state;
    if (!current().checkoutId) {
      const reference = {
        cartId: cart.cartId,
        version: cart.version,
        fingerprint: cart.fingerprint,
      };
      store.choose({ type: 'StartCheckout', data: { cart: reference } });
    }
    if (firstUnfinishedStep(current(), cart).id === 'review') return;
    for (const choice of choices) {
      // aimswebPlus waits for the terms the buyer accepts on this page.
      if (choice.type === 'ChooseAimswebAccount' || alreadyChosen(choice, current())) continue;
      // Made for the buyer: the data layer is told of these steps when the order is placed.
      const { error } = store.choose(choice, { automatic: true });
      if (error) {
        // Told after this render: the choices before it stay made.
        queueMicrotask(() => {
          setNotMade({ key, message: error.detail });
        });
        return;
      }
    }
  }, [key, store, state, cart, choices]);

  useEffect(() => {
    const subscription = store.restarted$.subscribe(() => {
      setRestarted(true);
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [store]);

  const isDeclined = declined !== null;
  useEffect(() => {
    if (isDeclined) declinedHeading.current?.focus();
  }, [isDeclined]);

  const edit = (step: CheckoutStepId) => stepPath(checkoutBase, stepById(step));
  const format = (minor: number) =>
    formatMoney(money(minor, cart.currency), languageTag(storefront));
  // Complete, or waiting only for the aimswebPlus account the terms confirm.
  const unfinished = firstUnfinishedStep(
    aimswebChoice && !state.aimsweb ? { ...state, aimsweb: aimswebChoice.data } : state,
    cart,
  );
  const ready = unfinished.id === 'review';

  const place = async () => {
    if (placingNow.current) return;
    if (declined) {
      declinedHeading.current?.focus();
      return;
    }
    if (!terms) {
      setTermsMissing(true);
      termsBox.current?.focus();
      return;
    }
    if (!challenge.ready()) return;
    if (!online || !ready) return;
    if (aimswebChoice && !state.aimsweb) {
      // SPEC 5: aimswebPlus's terms, accepted with the box above.
      const { error } = store.choose({
        ...aimswebChoice,
        data: { ...aimswebChoice.data, termsAccepted: true },
      });
      if (error) {
        setProblem(error.detail);
        return;
      }
    }
    placingNow.current = true;
    setPlacing(true);
    setProblem(null);
    let outcome: PlaceOrderOutcome;
    try {
      outcome = await store.placeOrder(true, challenge.token);
    } catch (error) {
      console.warn('Placing the order failed.', error);
      outcome = { kind: 'failed', message: CHECKOUT_MESSAGES.placeOrderError };
    }
    if (outcome.kind === 'placed') {
      void navigate(`${checkoutBase}/confirmation/${outcome.order.orderId}`, { replace: true });
      return;
    }
    placingNow.current = false;
    setPlacing(false);
    challenge.after(outcome);
    // 'declined': the checkout's view holds the refusal, shown above the choices.
    if (outcome.kind === 'refused' || outcome.kind === 'failed') setProblem(outcome.message);
  };

  const termsId = `${id}-terms`;
  const offlineId = `${id}-offline`;
  const unfinishedId = `${id}-unfinished`;

  return (
    <div className="page checkout express-checkout">
      <Heading />
      <p className="express-checkout__intro">{i18n._(M.intro)}</p>
      {restarted ? (
        <div className="checkout-notice checkout-notice--warning" role="alert">
          <p>{i18n._(CHECKOUT_MESSAGES.modifiedInAnotherTab)}</p>
        </div>
      ) : null}
      {notMade?.key === key ? (
        <div className="checkout-notice checkout-notice--warning" role="alert">
          <p>
            {i18n._(M.notMade)} {i18n._(notMade.message)}
          </p>
          <p>
            <Link to={checkoutBase}>{i18n._(M.continueToCheckout)}</Link>
          </p>
        </div>
      ) : null}
      {declined ? (
        <section className="checkout-section payment-declined" aria-labelledby={`${id}-declined`}>
          <h2 id={`${id}-declined`} ref={declinedHeading} tabIndex={-1}>
            <Trans>Your payment was not accepted</Trans>
          </h2>
          <p className="checkout-notice checkout-notice--error" role="alert">
            {i18n._(declined.message)}
          </p>
          <p>
            <Trans>Nothing was charged and your order has not been placed.</Trans>{' '}
            <Link to={edit('payment')}>
              <Trans>Choose another payment method</Trans>
            </Link>
          </p>
        </section>
      ) : null}
      <div className="checkout-grid">
        <div className="checkout-main">
          <section className="checkout-section" aria-labelledby={`${id}-choices`}>
            <h2 id={`${id}-choices`}>{i18n._(M.choices)}</h2>
            <CheckoutChoices
              state={state}
              needs={needs}
              storeId={storefront.storeId}
              format={format}
              edit={edit}
              link="change"
              aimswebPending={
                aimswebChoice?.data.mode === 'existing' ? (
                  <>
                    <span className="review-lines">{aimswebChoice.data.accountNumber}</span>
                    <span className="review-lines review-note">{i18n._(M.aimswebOnPlace)}</span>
                  </>
                ) : undefined
              }
            />
          </section>

          <section className="checkout-section" aria-labelledby={`${id}-place`}>
            <h2 id={`${id}-place`}>
              <Trans>Place order</Trans>
            </h2>
            <div className={termsMissing ? 'review-terms field--error' : 'review-terms'}>
              <div className="review-terms__box">
                <input
                  ref={termsBox}
                  id={termsId}
                  type="checkbox"
                  checked={terms}
                  aria-required="true"
                  aria-invalid={termsMissing ? true : undefined}
                  aria-describedby={termsMissing ? `${termsId}-error` : undefined}
                  onChange={(event) => {
                    setTerms(event.target.checked);
                    if (event.target.checked) setTermsMissing(false);
                  }}
                />
                <label
                  htmlFor={termsId}
                >{t`I have read and agree to the Terms & conditions`}</label>
              </div>
              {termsMissing ? (
                <p id={`${termsId}-error`} className="field__error" role="alert">
                  {i18n._(V.required)}
                </p>
              ) : null}
            </div>
            {challenge.element}
            {problem ? (
              <p className="checkout-notice checkout-notice--error" role="alert">
                {i18n._(problem)}
              </p>
            ) : null}
            {ready ? null : (
              <p id={unfinishedId} className="checkout-notice checkout-notice--warning">
                {i18n._(M.missing)}{' '}
                <Link to={stepPath(checkoutBase, unfinished)}>{i18n._(M.completeThem)}</Link>
              </p>
            )}
            {online ? null : (
              <p id={offlineId} className="checkout-notice checkout-notice--warning" role="status">
                <Trans>
                  Placing your order needs an internet connection. Your choices are kept on this
                  device: place the order when you are back online.
                </Trans>
              </p>
            )}
            {placing ? (
              <p role="status">
                <Trans>Placing your order…</Trans>
              </p>
            ) : null}
            <div className="checkout-actions">
              <button
                type="button"
                className="button-link review-place"
                disabled={placing || !online || !ready}
                aria-describedby={!online ? offlineId : !ready ? unfinishedId : undefined}
                onClick={() => void place()}
              >
                <Trans>Place order</Trans>
              </button>
            </div>
          </section>
        </div>
        <aside className="checkout-aside">
          <OrderSummary view={view} />
        </aside>
      </div>
    </div>
  );
}
