/**
 * Order status (SPEC 2.6, 5, 8, 9), open to visitors: find an order by its number (7 to 14
 * characters) or by its PO number with the organization's 4-digit account number. What is
 * found is the order's progress: status, dates, items, estimated ship date and tracking;
 * never a name, an address or the payment. A signed-in buyer's own order links to its
 * details. The lookup is in the address, so the answer survives a reload and can be shared.
 * Also the order history's own lookup (/order-history/order-status, signed in).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, useNavigation } from 'react-router';
import { LOOKUP_MESSAGES } from '../../../../domain/order/lookup';
import { orderStatusLabel } from '../../../../domain/order/status';
import {
  orderNumberSearchSchema,
  poSearchSchema,
} from '../../../../domain/validation/order-search';
import { online$ } from '../../../infra/connectivity';
import { domainResolver } from '../../../infra/forms';
import type { FoundOrder, OrderLookup } from '../../../infra/orders/orders-api';
import { useObservableValue } from '../../../infra/use-observable';
import { describedBy, Field } from '../../../shell/FormField';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { orderDetailsPath } from '../order-paths';
import type { OrderStatusRouteData } from '../orders-loader';
import { LoadProblemView } from './LoadProblemView';
import { OrderStatusLabel } from './OrderStatusLabel';
import { ShipmentFacts } from './ShipmentFacts';
import '../orders.css';

type Mode = 'order' | 'po';

export function OrderStatusPage() {
  const { t } = useLingui();
  const { lookup, orders, problem } = useLoaderData<OrderStatusRouteData>();
  const navigation = useNavigation();
  const [mode, setMode] = useState<Mode>(lookup && 'poNumber' in lookup ? 'po' : 'order');
  const id = useId();
  const { i18n } = useLingui();
  return (
    <div className="page orders order-status-page">
      <title>{t`Order status | Assessments Store`}</title>
      <h1>
        <Trans>Order status</Trans>
      </h1>
      <p className="orders__intro">{i18n._(LOOKUP_MESSAGES.delay)}</p>
      <fieldset className="orders__modes">
        <legend>
          <Trans>Find your order by</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'order'}
            onChange={() => {
              setMode('order');
            }}
          />{' '}
          <Trans>By order number</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'po'}
            onChange={() => {
              setMode('po');
            }}
          />{' '}
          <Trans>By purchase order and organization</Trans>
        </label>
      </fieldset>
      {mode === 'order' ? (
        <OrderNumberForm key="order" initial={lookup && 'orderNumber' in lookup ? lookup : null} />
      ) : (
        <PoForm key="po" initial={lookup && 'poNumber' in lookup ? lookup : null} />
      )}
      <div aria-live="polite" aria-busy={navigation.state === 'loading'}>
        {problem ? <LoadProblemView problem={problem} /> : null}
        {orders ? <FoundOrders orders={orders} /> : null}
      </div>
    </div>
  );
}

function useSubmitLookup() {
  const navigate = useNavigate();
  const location = useLocation();
  return (lookup: OrderLookup) => {
    void navigate(`${location.pathname}?${new URLSearchParams({ ...lookup }).toString()}`);
  };
}

function OfflineNote({ id }: { id: string }) {
  return (
    <p id={id} className="checkout-notice checkout-notice--warning">
      <Trans>You are offline. Looking up an order needs an internet connection.</Trans>
    </p>
  );
}

function OrderNumberForm({ initial }: { initial: { orderNumber: string } | null }) {
  const { t, i18n } = useLingui();
  const online = useObservableValue(online$);
  const submit = useSubmitLookup();
  const id = useId();
  const labels = { orderNumber: t`Order number` };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: domainResolver(orderNumberSearchSchema, i18n, labels),
    defaultValues: { orderNumber: initial?.orderNumber ?? '' },
  });
  const error = errors.orderNumber?.message;
  return (
    <form
      className="form orders__lookup"
      noValidate
      onSubmit={(event) => void handleSubmit((values) => submit(values))(event)}
    >
      {!online ? <OfflineNote id={`${id}-offline`} /> : null}
      <Field
        id={`${id}-number`}
        label={labels.orderNumber}
        error={error}
        hint={t`Your web reference number (W…) or order number, 7 to 14 characters.`}
      >
        <input
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          {...describedBy(`${id}-number`, error, true)}
          {...register('orderNumber')}
        />
      </Field>
      <div className="form__actions">
        <button type="submit" className="button-link" disabled={!online}>
          <Trans>Find order</Trans>
        </button>
      </div>
    </form>
  );
}

function PoForm({ initial }: { initial: { poNumber: string; organizationNumber: string } | null }) {
  const { t, i18n } = useLingui();
  const online = useObservableValue(online$);
  const submit = useSubmitLookup();
  const id = useId();
  const labels = {
    poNumber: t`Purchase order number`,
    organizationNumber: t`Organization account number`,
  };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: domainResolver(poSearchSchema, i18n, labels),
    defaultValues: {
      poNumber: initial?.poNumber ?? '',
      organizationNumber: initial?.organizationNumber ?? '',
    },
  });
  const poError = errors.poNumber?.message;
  const orgError = errors.organizationNumber?.message;
  return (
    <form
      className="form orders__lookup"
      noValidate
      onSubmit={(event) => void handleSubmit((values) => submit(values))(event)}
    >
      {!online ? <OfflineNote id={`${id}-offline`} /> : null}
      <Field id={`${id}-po`} label={labels.poNumber} error={poError}>
        <input
          autoComplete="off"
          spellCheck={false}
          {...describedBy(`${id}-po`, poError)}
          {...register('poNumber')}
        />
      </Field>
      <Field
        id={`${id}-org`}
        label={labels.organizationNumber}
        error={orgError}
        hint={t`The 4-digit account number of your organization.`}
      >
        <input
          autoComplete="off"
          inputMode="numeric"
          {...describedBy(`${id}-org`, orgError, true)}
          {...register('organizationNumber')}
        />
      </Field>
      <div className="form__actions">
        <button type="submit" className="button-link" disabled={!online}>
          <Trans>Find order</Trans>
        </button>
      </div>
    </form>
  );
}

function FoundOrders({ orders }: { orders: readonly FoundOrder[] }) {
  const { t } = useLingui();
  return (
    <ul className="orders__found" aria-label={t`Orders found`}>
      {orders.map((order) => (
        <li key={order.webReference}>
          <FoundOrderView order={order} />
        </li>
      ))}
    </ul>
  );
}

function FoundOrderView({ order }: { order: FoundOrder }) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const tag = languageTag(storefront);
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long' });
  const reference = order.webReference;
  const shipment = order.shipment;
  return (
    <article className="checkout-section orders__found-order" data-testid="found-order">
      <h2>
        <Trans>Order {reference}</Trans>
      </h2>
      <dl className="confirmation__facts">
        <dt>
          <Trans>Order status</Trans>
        </dt>
        <dd>
          <OrderStatusLabel order={order} />
        </dd>
        <dt>
          <Trans>Web reference #</Trans>
        </dt>
        <dd>{reference}</dd>
        {order.orderNumber ? (
          <>
            <dt>
              <Trans>Order #</Trans>
            </dt>
            <dd>{order.orderNumber}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Order date</Trans>
        </dt>
        <dd>
          <time dateTime={order.placedAt}>{date.format(new Date(order.placedAt))}</time>
        </dd>
        <ShipmentFacts estimatedShipDate={order.estimatedShipDate} shipment={shipment} />
      </dl>
      <table className="review-items">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col">
              <Trans>Qualification level</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Qty</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.code}>
              <td>
                <span className="review-lines">{line.name}</span>
                <span className="review-lines review-note">
                  {line.code}
                  {line.preOrder ? (
                    <>
                      {' · '}
                      <Trans>Pre-ordered</Trans>
                    </>
                  ) : line.format === 'physical-kit' ? null : (
                    <>
                      {' · '}
                      <Trans>Digital</Trans>
                    </>
                  )}
                </span>
              </td>
              <td>{line.qualificationLevel}</td>
              <td className="num">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.history.length > 1 ? (
        <ol className="orders__history" aria-label={t`Status history`}>
          {order.history.map((entry, index) => (
            <li key={index}>
              {date.format(new Date(entry.at))}: {i18n._(orderStatusLabel(entry.status))}
            </li>
          ))}
        </ol>
      ) : null}
      {order.orderId ? (
        <p>
          <Link to={orderDetailsPath(storefront, order.orderId)}>
            <Trans>See the order’s details</Trans>
          </Link>
        </p>
      ) : null}
    </article>
  );
}
