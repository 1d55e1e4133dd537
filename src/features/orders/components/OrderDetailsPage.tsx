/**
 * An order's details (SPEC 2.7, 3 Order and order status labels, 4.8): Web reference # and
 * Order #, date placed, status and its history, estimated ship date, carrier and tracking
 * number; the items by kind (in stock with their quantity, digital with their seats and
 * qualification level, pre-ordered), promotions and totals ('Excl. VAT' with `vat` on);
 * qualified user, customer account, Q-global account, payment ('Credit card ending in …' or
 * the PO number), billing and delivery addresses, shipping method, access codes and 'Placed
 * by' when customer service placed it. 'Order again' puts the items back in the cart.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData } from 'react-router';
import { CHECKOUT_MESSAGES } from '../../../../domain/checkout/messages';
import type { Order, OrderLine } from '../../../../domain/order/order';
import { PLACED_BY_MESSAGES, placedByAgent } from '../../../../domain/order/placed-by';
import { orderStatusLabel } from '../../../../domain/order/status';
import { DISCOUNT_LABELS } from '../../../../domain/pricing/discount-label';
import { formatMoney, money } from '../../../../domain/pricing/money';
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
  PaymentView,
  PlatformAccountView,
  QualifiedUserView,
  ReviewRow,
  ShippingMethodView,
  TotalsView,
} from '../../../shell/order/OrderViews';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { VatNote } from '../../../shell/VatNote';
import { orderHistoryPath } from '../order-paths';
import type { OrderDetailsRouteData } from '../orders-loader';
import { LoadProblemView } from './LoadProblemView';
import { OrderStatusLabel } from './OrderStatusLabel';
import { ShipmentFacts } from './ShipmentFacts';
import { ReorderButton } from './ReorderButton';
import { quoteDetailsPath } from '../../../shell/quote/quote-paths';
import '../orders.css';

export function OrderDetailsPage() {
  const { order, problem } = useLoaderData<OrderDetailsRouteData>();
  const { t } = useLingui();
  const storefront = useStorefront();
  if (order) return <OrderDetails order={order} />;
  return (
    <div className="page orders">
      <title>{t`Order details | Assessments Store`}</title>
      <h1>
        <Trans>Order details</Trans>
      </h1>
      {problem ? (
        <LoadProblemView problem={problem} />
      ) : (
        <p>
          <Trans>
            There is no order at this address for your account. Find your orders in your{' '}
            <Link to={orderHistoryPath(storefront)}>Order History</Link>.
          </Trans>
        </p>
      )}
    </div>
  );
}

/** The three kinds of items of the order status labels (SPEC 3). */
function itemGroups(order: Order) {
  const inStock = order.lines.filter((l) => l.format === 'physical-kit' && !l.preOrder);
  const preOrdered = order.lines.filter((l) => l.preOrder);
  const digital = order.lines.filter((l) => l.format !== 'physical-kit' && !l.preOrder);
  return { inStock, preOrdered, digital };
}

function OrderDetails({ order }: { order: Order }) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const flags = useObservableValue(flags$);
  const tag = languageTag(storefront);
  const format = (minor: number) => formatMoney(money(minor, order.currency), tag);
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' });
  const reference = order.webReference;
  const fulfilment = order.fulfilment;
  const shipment = fulfilment.shipment;
  const groups = itemGroups(order);
  const placedBy = placedByAgent(order.placedBy);
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

  return (
    <div className="page orders order-details">
      <title>{t`Order ${reference} | Assessments Store`}</title>
      <p className="orders__back">
        <Link to={orderHistoryPath(storefront)}>
          <Trans>Back to Order History</Trans>
        </Link>
      </p>
      <h1>
        <Trans>Order {reference}</Trans>
      </h1>

      <section className="checkout-section" aria-labelledby="order-status-heading">
        <h2 id="order-status-heading">
          <Trans>Order status</Trans>
        </h2>
        <dl className="confirmation__facts order-details__facts">
          <dt>
            <Trans>Order status</Trans>
          </dt>
          <dd>
            <OrderStatusLabel order={order} />
          </dd>
          <dt>
            <Trans>Web reference #</Trans>
          </dt>
          <dd data-testid="order-reference">{reference}</dd>
          <dt>
            <Trans>Order #</Trans>
          </dt>
          <dd data-testid="order-number">
            {fulfilment.orderNumber ?? <Trans>Given when the order is accepted</Trans>}
          </dd>
          <dt>
            <Trans>Order date</Trans>
          </dt>
          <dd>
            <time dateTime={order.placedAt}>{dateTime.format(new Date(order.placedAt))}</time>
          </dd>
          <ShipmentFacts estimatedShipDate={fulfilment.estimatedShipDate} shipment={shipment} />
          {order.quoteId ? (
            <>
              <dt>
                <Trans>Quote</Trans>
              </dt>
              <dd>
                <Link to={quoteDetailsPath(storefront, order.quoteId)} data-testid="order-quote">
                  <Trans>The quote this order was placed from</Trans>
                </Link>
              </dd>
            </>
          ) : null}
          {placedBy ? (
            <>
              <dt>{i18n._(PLACED_BY_MESSAGES.label)}</dt>
              <dd data-testid="order-placed-by">{i18n._(placedBy)}</dd>
            </>
          ) : null}
        </dl>
        {order.status === 'declined' ? (
          <p className="checkout-notice checkout-notice--error">
            {i18n._(CHECKOUT_MESSAGES.orderDeclined)}
          </p>
        ) : null}
        {order.status === 'onHold' ? (
          <p className="checkout-notice checkout-notice--warning">
            {i18n._(CHECKOUT_MESSAGES.orderOnHold)}
          </p>
        ) : null}
        {order.trainingInformationNeeded && order.status !== 'declined' ? (
          <div className="checkout-notice checkout-notice--warning" data-testid="training-banner">
            <p>{i18n._(CHECKOUT_MESSAGES.trainingInformationNeeded)}</p>
            <Link to={`/${storefront.locale}/checkout/confirmation/${order.orderId}`}>
              <Trans>Add participants</Trans>
            </Link>
          </div>
        ) : null}
        <StatusHistory order={order} format={dateTime} />
      </section>

      <section className="checkout-section" aria-labelledby="order-items-heading">
        <h2 id="order-items-heading">
          <Trans>Items</Trans>
        </h2>
        <ItemGroup
          title={t`In-stock items`}
          lines={groups.inStock}
          format={format}
          kind="quantity"
        />
        <ItemGroup title={t`Digital items`} lines={groups.digital} format={format} kind="seats" />
        <ItemGroup
          title={t`Pre-ordered items`}
          lines={groups.preOrdered}
          format={format}
          kind="quantity"
        />
        {order.promotions.length > 0 ? (
          <p className="orders__note">
            <Trans>Promotions:</Trans>{' '}
            {order.promotions.map((p) => `${p.name} (${p.code})`).join(', ')}
          </p>
        ) : null}
        <TotalsView
          format={format}
          subtotalMinor={order.totals.subtotalMinor}
          discounts={discounts}
          shippingMinor={order.shippingMethod ? order.totals.shippingMinor : undefined}
          taxMinor={order.totals.taxMinor}
          tax={order.tax}
          totalMinor={order.totals.totalMinor}
        />
        <ReorderButton order={order} />
      </section>

      <section className="checkout-section" aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">
          <Trans>Account, payment and delivery</Trans>
        </h2>
        <dl className="review-list">
          <ReviewRow term={t`Customer account`}>
            <AccountView account={order.account} />
          </ReviewRow>
          <ReviewRow term={t`Qualified user`}>
            <QualifiedUserView user={order.qualifiedUser} />
          </ReviewRow>
          {order.qglobal ? (
            <ReviewRow term={t`Q-global account number`}>
              {platformAccount(order.qglobal)}
            </ReviewRow>
          ) : null}
          {order.aimsweb ? (
            <ReviewRow term={t`aimswebPlus account`}>{platformAccount(order.aimsweb)}</ReviewRow>
          ) : null}
          <ReviewRow term={t`Payment`}>
            <PaymentView payment={order.payment} />
          </ReviewRow>
          <ReviewRow term={t`Billing address`}>
            <AddressView address={order.billingAddress} />
          </ReviewRow>
          {order.shippingAddress ? (
            <ReviewRow term={t`Delivery address`}>
              <AddressView address={order.shippingAddress} />
            </ReviewRow>
          ) : null}
          {order.shippingMethod ? (
            <ReviewRow term={t`Shipping method`}>
              <ShippingMethodView method={order.shippingMethod} format={format} />
            </ReviewRow>
          ) : null}
        </dl>
      </section>

      <TrainingParticipantsView order={order} />
      <AccessCodesView order={order} />
    </div>
  );
}

function ItemGroup({
  title,
  lines,
  format,
  kind,
}: {
  title: string;
  lines: readonly OrderLine[];
  format: (minor: number) => string;
  kind: 'quantity' | 'seats';
}) {
  if (lines.length === 0) return null;
  return (
    <table className="review-items order-details__items">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Product</Trans>
          </th>
          <th scope="col">
            <Trans>Qualification level</Trans>
          </th>
          <th scope="col" className="num">
            {kind === 'seats' ? <Trans>Seats</Trans> : <Trans>Qty</Trans>}
          </th>
          <th scope="col" className="num">
            <Trans>Total</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.code}>
            <td>
              <span className="review-lines">{line.name}</span>
              <span className="review-lines review-note">{line.code}</span>
            </td>
            <td>{line.qualificationLevel}</td>
            <td className="num">{line.quantity}</td>
            <td className="num">
              {format(line.totalMinor)}
              <VatNote />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatusHistory({ order, format }: { order: Order; format: Intl.DateTimeFormat }) {
  const { i18n } = useLingui();
  const history = order.fulfilment.history;
  if (history.length < 2) return null;
  return (
    <details className="order-details__history">
      <summary>
        <Trans>Status history</Trans>
      </summary>
      <ol>
        {history.map((entry, index) => (
          <li key={index}>
            <time dateTime={entry.at}>{format.format(new Date(entry.at))}</time>{' '}
            {i18n._(orderStatusLabel(entry.status))}
          </li>
        ))}
      </ol>
    </details>
  );
}
