/**
 * Order confirmation (SPEC 2.5, 3 Order, 4.8, 9): the web reference number, when it was
 * placed, what was bought with its totals, where it goes, how it is paid, and that the
 * confirmation email may take a few minutes. The route loader reads the order from the
 * server, or the copy kept in this browser when it was placed, so a reload or a lost
 * connection still shows it.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import type { Order } from '../../../../domain/order/order';
import { ORDER_EMAIL_DELAY_MINUTES, orderStatusLabel } from '../../../../domain/order/status';
import { DISCOUNT_LABELS } from '../../../../domain/pricing/discount-label';
import { formatMoney, money } from '../../../../domain/pricing/money';
import { flags$ } from '../../../infra/flags';
import { useObservableValue } from '../../../infra/use-observable';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import type { ConfirmationRouteData } from '../checkout-loader';
import { useCheckoutCopy } from '../hooks/use-checkout';
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
} from './ReviewStep';
import '../checkout.css';
import '../review.css';

export function ConfirmationPage() {
  const { order } = useLoaderData<ConfirmationRouteData>();
  return order ? <Confirmation order={order} /> : <OrderNotFound />;
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

/** The order's discounts with the labels of SPEC 4.7; one line when they do not add up. */
function discountRows(
  order: Order,
  labels: { uap: string; organization: string; general: string },
  uapEnabled: boolean,
  orgLevelDiscountEnabled: boolean,
): DiscountRow[] {
  const rows: DiscountRow[] = [];
  const account = order.accountDiscount;
  if (account && account.discountMinor > 0) {
    const label =
      account.programme === 'UAP' && uapEnabled
        ? labels.uap
        : account.programme === 'OLD' && orgLevelDiscountEnabled
          ? labels.organization
          : labels.general;
    rows.push({ key: 'account', label, minor: account.discountMinor });
  }
  for (const promotion of order.promotions) {
    if (promotion.discountMinor > 0) {
      rows.push({
        key: promotion.code,
        label: `${promotion.name} (${promotion.code})`,
        minor: promotion.discountMinor,
      });
    }
  }
  const listed = rows.reduce((n, row) => n + row.minor, 0);
  if (listed === order.totals.discountsMinor) return rows;
  return order.totals.discountsMinor > 0
    ? [{ key: 'all', label: labels.general, minor: order.totals.discountsMinor }]
    : [];
}

function Confirmation({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const flags = useObservableValue(flags$);
  const copy = useCheckoutCopy();
  const tag = languageTag(storefront);
  const format = (minor: number) => formatMoney(money(minor, order.currency), tag);
  const placedAt = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(order.placedAt),
  );
  const webReference = order.webReference;
  const agent = order.placedBy.name;
  const minutes = ORDER_EMAIL_DELAY_MINUTES;
  const discounts = discountRows(
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

  return (
    <div className="page checkout">
      <title>{t`Order ${webReference} placed | Assessments Store`}</title>
      <div className="confirmation">
        <header className="checkout-section">
          <h1>
            <Trans>Thank you for your order</Trans>
          </h1>
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
            <dd>{i18n._(orderStatusLabel(order.status))}</dd>
            {order.placedBy.kind === 'agent' ? (
              <>
                <dt>
                  <Trans>Placed by</Trans>
                </dt>
                <dd>
                  <Trans>{agent}, customer service, on your behalf</Trans>
                </dd>
              </>
            ) : null}
          </dl>
          <p>
            <Plural
              value={minutes}
              one="A confirmation email is on its way. It may take up to # minute to arrive."
              other="A confirmation email is on its way. It may take up to # minutes to arrive."
            />
          </p>
        </header>

        {order.status === 'onHold' ? (
          <p className="checkout-notice checkout-notice--warning">
            {i18n._(CHECKOUT_MESSAGES.orderOnHold)}
          </p>
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

        {order.accessCodes.length > 0 ? (
          <section className="checkout-section" aria-labelledby="confirmation-access-codes">
            <h2 id="confirmation-access-codes">
              <Trans>Access codes</Trans>
            </h2>
            <dl className="confirmation__facts">
              {order.accessCodes.map((entry) => (
                <div key={entry.code} className="review-totals__row">
                  <dt>{entry.code}</dt>
                  <dd>{entry.accessCode}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}

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
