/**
 * Review and place order (SPEC 2.5, 2.6, 4.8, 5, 8): every choice of the checkout with a
 * link back to its step, the items with their discounts, shipping, each tax line and the
 * order total, the terms to accept, and Place order (one online request; nothing is lost
 * when it fails). A card the gateway refuses is told in the spec's words, with nothing
 * placed and every choice kept; with `checkout-retry` the buyer pays another way right here,
 * else goes back to the payment step. A cart with a pre-ordered item shows the pre-ordered
 * item modal first. With `checkout-recaptcha`, the challenge comes before Place order
 * (decision 061). The pieces that show a choice (an address, a contact, a platform
 * account, the totals) are shared with the order confirmation (src/shell/order).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  cartNeeds,
  type CartNeeds,
  type CheckoutCart,
} from '../../../../domain/checkout/cart-snapshot';
import { accountIn } from '../../../../domain/checkout/facts';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import { shippingMethodsFor } from '../../../../domain/checkout/shipping-methods';
import { billingAddressOf, type CheckoutState } from '../../../../domain/checkout/state';
import { stepById, type CheckoutStepId } from '../../../../domain/checkout/steps';
import { DISCOUNT_LABELS, discountLabel } from '../../../../domain/pricing/discount-label';
import { formatMoney, money } from '../../../../domain/pricing/money';
import type { Message, MessageDescriptor } from '../../../../domain/shared/message';
import { quoteReasonOf } from '../../../../domain/quote/messages';
import { V } from '../../../../domain/validation/messages';
import type {
  CheckoutStore,
  CheckoutView,
  PlaceOrderOutcome,
} from '../../../infra/checkout/checkout-store';
import { online$ } from '../../../infra/connectivity';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
import {
  AccountView,
  AddressView,
  ItemsTable,
  PaymentView,
  PlatformAccountView,
  QualifiedUserView,
  ReviewRow,
  ShippingMethodView,
  TotalsView,
  type DiscountRow,
} from '../../../shell/order/OrderViews';
import { languageTag } from '../../../shell/storefront-label';
import { useModalDialog } from '../../../shell/use-modal-dialog';
import { checkoutBase, stepPath } from '../checkout-paths';
import { useCheckout, useCheckoutCopy } from '../hooks/use-checkout';
import { PaymentMethods } from './CardPaymentMethods';
import { useCheckoutChallenge } from './CheckoutChallenge';
import { useStepLabel } from '../hooks/use-step-label';
import { useOrderTotals } from './OrderSummary';
import { TrainingSection } from './TrainingSection';
import '../review.css';

export function ReviewStep() {
  const { store, view } = useCheckout();
  // The layout shows its own notices until the checkout and its cart are open.
  if (!store || !view?.cart) return null;
  return <Review store={store} view={view} cart={view.cart} />;
}

/** Pre-ordered item modals already acknowledged on this page, by checkout and cart. */
const preOrderAcknowledged = new Set<string>();

function Review({
  store,
  view,
  cart,
}: {
  store: CheckoutStore;
  view: CheckoutView;
  cart: CheckoutCart;
}) {
  const { t, i18n } = useLingui();
  const label = useStepLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const online = useObservableValue(online$);
  const flags = useObservableValue(flags$);
  const totals = useOrderTotals(view);
  const id = useId();
  const termsBox = useRef<HTMLInputElement>(null);
  const placingNow = useRef(false);
  const challenge = useCheckoutChallenge(view);
  const [terms, setTerms] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [problem, setProblem] = useState<Message | null>(null);
  const [problemReason, setProblemReason] = useState<MessageDescriptor | null>(null);
  const [paidAnotherWay, setPaidAnotherWay] = useState(false);
  const declinedHeading = useRef<HTMLHeadingElement>(null);
  const placeButton = useRef<HTMLButtonElement>(null);
  const declined = view.declined;
  const needs = cartNeeds(cart.lines);
  const preOrderKey = `${view.checkoutId}:${cart.fingerprint}`;
  const [preOrderOpen, setPreOrderOpen] = useState(
    () => needs.preOrder && !preOrderAcknowledged.has(preOrderKey),
  );

  const base = checkoutBase(pathname);
  const edit = (step: CheckoutStepId) => stepPath(base, stepById(step));
  const { state, storefront } = view;
  const currency = cart.currency;
  const format = (minor: number) => formatMoney(money(minor, currency), languageTag(storefront));
  const account = state.account && view.facts ? accountIn(view.facts, state.account.id) : undefined;
  const retryHere = view.facts?.flags.checkoutRetry === true;

  // A refused card: the buyer's attention goes to what happened and what to do next.
  const isDeclined = declined !== null;
  useEffect(() => {
    if (isDeclined) declinedHeading.current?.focus();
  }, [isDeclined]);

  const place = async () => {
    if (placingNow.current) return;
    if (declined) {
      // Nothing to charge until another payment is chosen (the store refuses it anyway).
      declinedHeading.current?.focus();
      return;
    }
    if (!terms) {
      setTermsMissing(true);
      termsBox.current?.focus();
      return;
    }
    if (!challenge.ready()) return;
    if (!online) return;
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
      // Stays disabled: the confirmation replaces this step in the history.
      void navigate(`${base}/confirmation/${outcome.order.orderId}`, { replace: true });
      return;
    }
    placingNow.current = false;
    setPlacing(false);
    challenge.after(outcome);
    setPaidAnotherWay(false);
    // 'restarted': the layout takes the buyer back to the first step and says why;
    // 'declined': the checkout's view now holds the refusal, shown above.
    if (outcome.kind === 'refused' || outcome.kind === 'failed') setProblem(outcome.message);
    // An order of a quote that can no longer be completed says why (decision 051).
    setProblemReason(
      outcome.kind === 'refused' ? (quoteReasonOf(outcome.code ?? '') ?? null) : null,
    );
  };

  const priced = totals?.priced;
  const accountDiscount = priced?.accountDiscount ?? null;
  const discountRows: DiscountRow[] = [];
  if (accountDiscount && accountDiscount.discountMinor > 0) {
    const kind = discountLabel({
      uapStatus: accountDiscount.programme === 'UAP' ? accountDiscount.status : null,
      orgDiscountStatus: accountDiscount.programme === 'OLD' ? accountDiscount.status : null,
      uapEnabled: storefront.uapProgram,
      orgLevelDiscountEnabled: flags['org-level-discount'],
    });
    discountRows.push({
      key: 'account',
      label: i18n._(DISCOUNT_LABELS[kind]),
      minor: accountDiscount.discountMinor,
    });
  }
  for (const promotion of priced?.promotions ?? []) {
    if (promotion.discountMinor > 0) {
      discountRows.push({
        key: promotion.code,
        label: `${promotion.name} (${promotion.code})`,
        minor: promotion.discountMinor,
      });
    }
  }
  const termsId = `${id}-terms`;
  const offlineId = `${id}-offline`;

  return (
    <>
      {declined ? (
        <section className="checkout-section payment-declined" aria-labelledby={`${id}-declined`}>
          <h2 id={`${id}-declined`} ref={declinedHeading} tabIndex={-1}>
            <Trans>Your payment was not accepted</Trans>
          </h2>
          <p className="checkout-notice checkout-notice--error" role="alert">
            {i18n._(declined.message)}
          </p>
          <p>
            <Trans>Nothing was charged and your order has not been placed.</Trans>
          </p>
          {retryHere && account && view.facts ? (
            <PaymentMethods
              store={store}
              view={view}
              cart={cart}
              facts={view.facts}
              account={account}
              submitLabel={t`Use this payment method`}
              onChosen={() => {
                setPaidAnotherWay(true);
                setProblem(null);
                placeButton.current?.focus();
              }}
            />
          ) : (
            <p>
              <Link to={edit('payment')}>
                <Trans>Choose another payment method</Trans>
              </Link>
            </p>
          )}
        </section>
      ) : null}
      <section className="checkout-section" aria-labelledby={`${id}-choices`}>
        <h2 id={`${id}-choices`}>{label('review')}</h2>
        <CheckoutChoices
          state={state}
          needs={needs}
          storeId={storefront.storeId}
          format={format}
          edit={edit}
        />
      </section>

      {totals && priced ? (
        <section className="checkout-section" aria-labelledby={`${id}-items`}>
          <h2 id={`${id}-items`}>
            <Trans>Your order</Trans>
          </h2>
          <ItemsTable
            format={format}
            lines={priced.lines.map((line) => ({
              code: line.code,
              name: line.name,
              quantity: line.quantity,
              unitPriceMinor: line.unitPriceMinor,
              discountMinor: line.totalDiscounts.value,
              totalMinor: line.totalPrice.value - line.totalDiscounts.value,
              preOrder: line.preOrder,
            }))}
          />
          <TotalsView
            format={format}
            subtotalMinor={priced.subtotalMinor}
            discounts={discountRows}
            shippingMinor={
              totals.ships ? (totals.shippingChosen ? totals.shippingMinor : null) : undefined
            }
            taxMinor={totals.taxMinor}
            tax={totals.tax}
            totalMinor={totals.totalMinor}
          />
        </section>
      ) : null}

      <TrainingSection view={view} />

      <section className="checkout-section" aria-labelledby={`${id}-place`}>
        <h2 id={`${id}-place`} className="visually-hidden">
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
            <label htmlFor={termsId}>{t`I have read and agree to the Terms & conditions`}</label>
          </div>
          {termsMissing ? (
            <p id={`${termsId}-error`} className="field__error" role="alert">
              {i18n._(V.required)}
            </p>
          ) : null}
        </div>
        {challenge.element}
        {problem ? (
          <div className="checkout-notice checkout-notice--error" role="alert">
            <p>{i18n._(problem)}</p>
            {problemReason ? <p>{i18n._(problemReason.id, problem.values ?? {})}</p> : null}
          </div>
        ) : null}
        {paidAnotherWay && !declined ? (
          <p className="checkout-notice" role="status">
            <Trans>Your payment method was changed. Check it above, then place your order.</Trans>
          </p>
        ) : null}
        {online ? null : (
          <p id={offlineId} className="checkout-notice checkout-notice--warning" role="status">
            <Trans>
              Placing your order needs an internet connection. Your choices are kept on this device:
              place the order when you are back online.
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
            ref={placeButton}
            type="button"
            className="button-link review-place"
            disabled={placing || !online}
            aria-describedby={online ? undefined : offlineId}
            onClick={() => void place()}
          >
            <Trans>Place order</Trans>
          </button>
        </div>
      </section>

      {preOrderOpen ? (
        <PreOrderDialog
          names={cart.lines.filter((l) => l.preOrder).map((l) => l.name)}
          onClose={() => {
            preOrderAcknowledged.add(preOrderKey);
            setPreOrderOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/** SPEC 4.8: a pre-ordered item; the buyer is emailed when it is available. */
function PreOrderDialog({ names, onClose }: { names: readonly string[]; onClose: () => void }) {
  const { i18n } = useLingui();
  const dialog = useModalDialog();
  const id = useId();
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>
        <Trans>Pre-ordered item</Trans>
      </h2>
      <p id={`${id}-text`}>{i18n._(CHECKOUT_MESSAGES.preOrderedItem)}</p>
      <ul>
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button-link" onClick={onClose}>
          <Trans>OK</Trans>
        </button>
      </div>
    </dialog>
  );
}

/**
 * Every choice of a checkout as a list, each with its link back to its step: the review
 * step's and express checkout's (which names a pending aimswebPlus account and says
 * 'Change').
 */
export function CheckoutChoices({
  state,
  needs,
  storeId,
  format,
  edit,
  link = 'edit',
  aimswebPending,
}: {
  state: CheckoutState;
  needs: CartNeeds;
  storeId: string;
  format: (minor: number) => string;
  edit: (step: CheckoutStepId) => string;
  link?: 'edit' | 'change';
  /** Shown for the aimswebPlus account while it is not chosen yet (express checkout). */
  aimswebPending?: ReactNode;
}) {
  const { t } = useLingui();
  const method = shippingMethodsFor(storeId).find((m) => m.id === state.shippingMethod);
  const billing = billingAddressOf(state);
  const copy = useCheckoutCopy();
  const notChosen = <Trans>Not chosen yet</Trans>;
  return (
    <dl className="review-list">
      <ReviewRow term={t`Customer account`} editTo={edit('accounts')} link={link}>
        {state.account ? <AccountView account={state.account} /> : notChosen}
      </ReviewRow>
      <ReviewRow term={t`Qualified user`} editTo={edit('accounts')} link={link}>
        {state.qualifiedUser ? <QualifiedUserView user={state.qualifiedUser} /> : notChosen}
      </ReviewRow>
      {needs.qglobal ? (
        <ReviewRow term={t`Q-global account`} editTo={edit('accounts')} link={link}>
          {state.qglobal ? (
            <PlatformAccountView
              accountNumber={state.qglobal.mode === 'existing' ? state.qglobal.accountNumber : null}
              owner={state.qualifiedUser}
            />
          ) : (
            notChosen
          )}
        </ReviewRow>
      ) : null}
      {needs.aimsweb ? (
        <ReviewRow term={t`aimswebPlus account`} editTo={edit('accounts')} link={link}>
          {state.aimsweb ? (
            <PlatformAccountView
              accountNumber={state.aimsweb.mode === 'existing' ? state.aimsweb.accountNumber : null}
              owner={state.qualifiedUser}
            />
          ) : (
            (aimswebPending ?? notChosen)
          )}
        </ReviewRow>
      ) : null}
      {needs.shipping ? (
        <>
          <ReviewRow term={copy('shippingAddress')} editTo={edit('shipping-address')} link={link}>
            {state.shippingAddress ? <AddressView address={state.shippingAddress} /> : notChosen}
          </ReviewRow>
          <ReviewRow term={copy('shippingMethod')} editTo={edit('shipping-method')} link={link}>
            {method ? <ShippingMethodView method={method} format={format} /> : notChosen}
          </ReviewRow>
        </>
      ) : null}
      <ReviewRow term={copy('billingAddress')} editTo={edit('billing-address')} link={link}>
        {billing ? (
          <>
            {state.billing?.sameAsShipping ? (
              <span className="review-lines review-note">
                <Trans>Same as shipping address</Trans>
              </span>
            ) : null}
            <AddressView address={billing} />
          </>
        ) : (
          notChosen
        )}
      </ReviewRow>
      <ReviewRow term={copy('payment')} editTo={edit('payment')} link={link}>
        {state.payment ? <PaymentView payment={state.payment} /> : notChosen}
      </ReviewRow>
    </dl>
  );
}
