/**
 * Order confirmation (SPEC 2.5, 3 Order, 4.8, 8, 9): the web reference number, when it was
 * placed, what was bought with its totals and taxes, where it goes, how it is paid, an access
 * code per seat of digital items, and that the confirmation email may take a few minutes.
 * By the order's state: a declined order (sanctions screening) says so with a support link
 * and no thanks; an order on hold opens the order-on-hold modal on arrival and keeps a note;
 * an order waiting for online training participants ('Additional Processing') shows the
 * training banner, whose 'Add participants' gives them to the store. The route loader reads
 * the order from the server, or the copy kept in this browser when it was placed, so a
 * reload or a lost connection still shows it.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import { marketingPageUrl } from '../../../../domain/content/paths';
import type { Order, OrderLine } from '../../../../domain/order/order';
import { PLACED_BY_MESSAGES, placedByAgent } from '../../../../domain/order/placed-by';
import { ORDER_EMAIL_DELAY_MINUTES, orderStatusLabel } from '../../../../domain/order/status';
import {
  orderStateLabel,
  takesTrainingParticipants,
  trainingLinesMissing,
} from '../../../../domain/order/training-after-order';
import type { Message } from '../../../../domain/shared/message';
import type { TrainingParticipant } from '../../../../domain/validation/training';
import { DISCOUNT_LABELS } from '../../../../domain/pricing/discount-label';
import { formatMoney, money } from '../../../../domain/pricing/money';
import { postJson } from '../../../infra/api';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
import {
  AccessCodesView,
  orderDiscountRows,
  TrainingParticipantsView,
} from '../../../shell/order/OrderParts';
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
} from '../../../shell/order/OrderViews';
import { languageTag } from '../../../shell/storefront-label';
import { useModalDialog } from '../../../shell/use-modal-dialog';
import { useStorefront } from '../../../shell/use-storefront';
import type { ConfirmationRouteData } from '../checkout-loader';
import { useCheckoutCopy } from '../hooks/use-checkout';
import { TrainingParticipantsDialog, trainingRefusalOf } from './TrainingParticipantsDialog';
import '../../../shell/order/order-views.css';
import '../checkout.css';
import '../review.css';
import '../training.css';

export function ConfirmationPage() {
  const { order: loaded } = useLoaderData<ConfirmationRouteData>();
  // The order as the store answered a change made on this page (participants given), until
  // the loader reads it again.
  const [changed, setChanged] = useState<Order | null>(null);
  const order = changed && changed.orderId === loaded?.orderId ? changed : loaded;
  return order ? <Confirmation order={order} onChanged={setChanged} /> : <OrderNotFound />;
}

function OrderNotFound() {
  const { t } = useLingui();
  const storefront = useStorefront();
  return (
    <div className="page checkout">
      <title>{t`Order not found | Assessments Store`}</title>
      <h1>
        <Trans>We could not find this order</Trans>
      </h1>
      <p>
        <Trans>
          There is no order at this address for your account. Check the link in your confirmation
          email, or sign in with the account that placed the order.
        </Trans>
      </p>
      <p className="confirmation__links">
        <Link to={`/${storefront.locale}/`}>
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </div>
  );
}

/** SPEC 8: the store's contact page, the same as the header's and footer's 'Contact us'. */
function supportUrl(locale: string): string {
  return marketingPageUrl(`/content/${locale}`, 'contact-us');
}

function Confirmation({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const flags = useObservableValue(flags$);
  const copy = useCheckoutCopy();
  const revalidator = useRevalidator();
  const tag = languageTag(storefront);
  const format = (minor: number) => formatMoney(money(minor, order.currency), tag);
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' });
  const placedAt = dateTime.format(new Date(order.placedAt));
  const webReference = order.webReference;
  const placedBy = placedByAgent(order.placedBy);
  const minutes = ORDER_EMAIL_DELAY_MINUTES;
  const declined = order.status === 'declined';
  const holdUntil = order.status === 'onHold' && order.hold ? order.hold.until : null;
  const [holdOpen, setHoldOpen] = useState(holdUntil !== null);
  const missing = takesTrainingParticipants(order) ? trainingLinesMissing(order) : [];
  const [adding, setAdding] = useState<OrderLine | null>(null);
  const [trainingSaved, setTrainingSaved] = useState(false);
  const savedNote = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const discounts = orderDiscountRows(
    order,
    {
      uap: i18n._(DISCOUNT_LABELS.uap),
      organization: i18n._(DISCOUNT_LABELS.organization),
      general: i18n._(DISCOUNT_LABELS.general),
    },
    storefront.uapProgram,
    flags['org-level-discount'],
  );
  const platformAccount = (account: Order['qglobal']) =>
    account ? (
      <PlatformAccountView
        accountNumber={account.mode === 'existing' ? account.accountNumber : null}
        owner={order.qualifiedUser}
      />
    ) : null;

  useEffect(() => {
    // The banner's button is gone once the participants are in: the note takes the focus.
    if (trainingSaved) savedNote.current?.focus();
  }, [trainingSaved]);

  const saveTraining = async (
    line: OrderLine,
    participants: TrainingParticipant[],
  ): Promise<Message | null> => {
    try {
      const { order: updated } = await postJson<{ order: Order }>(
        `/api/orders/${encodeURIComponent(order.orderId)}/training-participants`,
        { code: line.code, participants },
      );
      onChanged(updated);
      setTrainingSaved(!updated.trainingInformationNeeded);
      // The order read again, so the copy kept in this browser has the participants too.
      void revalidator.revalidate();
      return null;
    } catch (error) {
      console.warn('The training participants could not be saved.', error);
      return trainingRefusalOf(error);
    }
  };

  return (
    <div className="page checkout">
      <title>
        {declined
          ? t`Order ${webReference} declined | Assessments Store`
          : t`Order ${webReference} placed | Assessments Store`}
      </title>
      <div className="confirmation">
        <header className="checkout-section">
          <h1>
            {declined ? <Trans>Order declined</Trans> : <Trans>Thank you for your order</Trans>}
          </h1>
          {declined ? (
            <div className="checkout-notice checkout-notice--error" role="alert">
              <p>{i18n._(CHECKOUT_MESSAGES.orderDeclined)}</p>
              <a href={supportUrl(storefront.locale)}>{i18n._(CHECKOUT_MESSAGES.contactSupport)}</a>
            </div>
          ) : null}
          <dl className="confirmation__facts">
            <dt>
              <Trans>Web reference #</Trans>
            </dt>
            <dd data-testid="order-reference">{webReference}</dd>
            <dt>
              <Trans>Date placed</Trans>
            </dt>
            <dd>
              <time dateTime={order.placedAt}>{placedAt}</time>
            </dd>
            <dt>
              <Trans>Order status</Trans>
            </dt>
            <dd data-testid="order-status">{i18n._(orderStateLabel(order, orderStatusLabel))}</dd>
            {placedBy ? (
              <>
                <dt>{i18n._(PLACED_BY_MESSAGES.label)}</dt>
                <dd data-testid="order-placed-by">{i18n._(placedBy)}</dd>
              </>
            ) : null}
          </dl>
          {declined ? null : (
            <p>
              <Plural
                value={minutes}
                one="A confirmation email is on its way. It may take up to # minute to arrive."
                other="A confirmation email is on its way. It may take up to # minutes to arrive."
              />
            </p>
          )}
        </header>

        {holdUntil ? (
          <div className="checkout-notice checkout-notice--warning">
            <p>{i18n._(CHECKOUT_MESSAGES.orderOnHold)}</p>
            <HoldUntil until={holdUntil} format={dateTime} />
          </div>
        ) : null}
        {holdUntil && holdOpen ? (
          <OrderOnHoldDialog
            until={holdUntil}
            format={dateTime}
            onClose={() => {
              setHoldOpen(false);
            }}
          />
        ) : null}

        {missing.length > 0 ? (
          <section
            className="checkout-notice checkout-notice--warning training-banner"
            aria-labelledby={`${id}-training`}
            data-testid="training-banner"
          >
            <p id={`${id}-training`}>{i18n._(CHECKOUT_MESSAGES.trainingInformationNeeded)}</p>
            <ul className="training-lines">
              {missing.map((line) => {
                const seats = line.quantity;
                return (
                  <li key={line.code} className="training-line">
                    <span id={`${id}-${line.code}`} className="training-line__name">
                      {line.name} <Plural value={seats} one="(# seat)" other="(# seats)" />
                    </span>
                    <button
                      type="button"
                      className="button-link"
                      aria-describedby={`${id}-${line.code}`}
                      onClick={() => {
                        setTrainingSaved(false);
                        setAdding(line);
                      }}
                    >
                      <Trans>Add participants</Trans>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        {trainingSaved && missing.length === 0 ? (
          <p
            ref={savedNote}
            tabIndex={-1}
            role="status"
            className="checkout-notice"
            data-testid="training-saved"
          >
            <Trans>Thank you. The training participants and their dates are saved.</Trans>
          </p>
        ) : null}
        {adding ? (
          <TrainingParticipantsDialog
            line={adding}
            initial={order.trainingParticipants[adding.code]}
            onClose={() => {
              setAdding(null);
            }}
            onSave={(participants) => saveTraining(adding, participants)}
          />
        ) : null}

        <section className="checkout-section" aria-labelledby="confirmation-items">
          <h2 id="confirmation-items">
            <Trans>Your order</Trans>
          </h2>
          <ItemsTable
            format={format}
            lines={order.lines.map((line) => ({
              code: line.code,
              name: line.name,
              quantity: line.quantity,
              unitPriceMinor: line.unitPriceMinor,
              discountMinor: line.discountMinor,
              totalMinor: line.totalMinor,
              preOrder: line.preOrder,
            }))}
          />
          <TotalsView
            format={format}
            subtotalMinor={order.totals.subtotalMinor}
            discounts={discounts}
            shippingMinor={order.shippingMethod ? order.totals.shippingMinor : undefined}
            taxMinor={order.totals.taxMinor}
            tax={order.tax}
            totalMinor={order.totals.totalMinor}
          />
        </section>

        <section className="checkout-section" aria-labelledby="confirmation-details">
          <h2 id="confirmation-details">
            <Trans>Order details</Trans>
          </h2>
          <dl className="review-list">
            <ReviewRow term={t`Customer account`}>
              <AccountView account={order.account} />
            </ReviewRow>
            <ReviewRow term={t`Qualified user`}>
              <QualifiedUserView user={order.qualifiedUser} />
            </ReviewRow>
            {order.qglobal ? (
              <ReviewRow term={t`Q-global account`}>{platformAccount(order.qglobal)}</ReviewRow>
            ) : null}
            {order.aimsweb ? (
              <ReviewRow term={t`aimswebPlus account`}>{platformAccount(order.aimsweb)}</ReviewRow>
            ) : null}
            {order.shippingAddress ? (
              <ReviewRow term={copy('shippingAddress')}>
                <AddressView address={order.shippingAddress} />
              </ReviewRow>
            ) : null}
            {order.shippingMethod ? (
              <ReviewRow term={copy('shippingMethod')}>
                <ShippingMethodView method={order.shippingMethod} format={format} />
              </ReviewRow>
            ) : null}
            <ReviewRow term={copy('billingAddress')}>
              <AddressView address={order.billingAddress} />
            </ReviewRow>
            <ReviewRow term={copy('payment')}>
              <PaymentView payment={order.payment} />
            </ReviewRow>
          </dl>
        </section>

        <TrainingParticipantsView order={order} />
        <AccessCodesView order={order} />

        <nav className="confirmation__links" aria-label={t`Continue shopping`}>
          <Link className="button-link" to={`/${storefront.locale}/`}>
            <Trans>Continue shopping</Trans>
          </Link>
          <Link className="button-secondary" to={`/${storefront.locale}/quick-order`}>
            <Trans>Quick order</Trans>
          </Link>
        </nav>
      </div>
    </div>
  );
}

function HoldUntil({ until, format }: { until: string; format: Intl.DateTimeFormat }) {
  const end = format.format(new Date(until));
  return (
    <p>
      <Trans>
        Checks are expected to finish by <time dateTime={until}>{end}</time>.
      </Trans>
    </p>
  );
}

/** SPEC 2.5, 4.8: the order-on-hold modal, shown on arrival at a held order's confirmation. */
function OrderOnHoldDialog({
  until,
  format,
  onClose,
}: {
  until: string;
  format: Intl.DateTimeFormat;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const dialog = useModalDialog();
  const titleId = useId();
  const bodyId = useId();
  // Closed before it leaves the page, so the focus goes back where it was.
  const close = () => {
    dialog.current?.close();
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id={titleId}>
        <Trans>Your order is on hold</Trans>
      </h2>
      <div id={bodyId}>
        <p>{i18n._(CHECKOUT_MESSAGES.orderOnHold)}</p>
        <HoldUntil until={until} format={format} />
      </div>
      <div className="modal__actions">
        <button type="button" className="button-link" onClick={close}>
          <Trans>OK</Trans>
        </button>
      </div>
    </dialog>
  );
}
