/**
 * Order history (SPEC 2.7): the buyer's orders across their customer accounts, newest first:
 * order number, date placed, status, total and who placed it; ten a page, filtered by status
 * and by the day placed, and searched by order or PO number. The filters live in the address,
 * so a filtered page can be reloaded, shared and gone back to.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Form, Link, useLoaderData, useNavigation } from 'react-router';
import type { OrderSummary } from '../../../../domain/order/history';
import { PLACED_BY_MESSAGES, placedByAgent } from '../../../../domain/order/placed-by';
import { ORDER_STATUSES, orderStatusLabel } from '../../../../domain/order/status';
import { formatMoney, money } from '../../../../domain/pricing/money';
import type { OrderHistoryFilters } from '../../../infra/orders/orders-api';
import { languageTag } from '../../../shell/storefront-label';
import { useStorefront } from '../../../shell/use-storefront';
import { orderDetailsPath, orderHistoryPath, orderStatusPath } from '../order-paths';
import type { OrderHistoryRouteData } from '../orders-loader';
import { LoadProblemView } from './LoadProblemView';
import { OrderStatusLabel } from './OrderStatusLabel';
import '../orders.css';

export function OrderHistoryPage() {
  const { t } = useLingui();
  const { filters, page, problem } = useLoaderData<OrderHistoryRouteData>();
  const navigation = useNavigation();
  const storefront = useStorefront();
  const filtered = Boolean(filters.status || filters.from || filters.to || filters.q);
  const headingId = useId();
  return (
    <div className="page orders">
      <title>{t`Order History | Assessments Store`}</title>
      <h1 id={headingId}>
        <Trans>Order History</Trans>
      </h1>
      <p className="orders__intro">
        <Trans>
          Your orders on this store. To follow an order placed another way, use{' '}
          <Link to={orderStatusPath(storefront)}>Order status</Link>.
        </Trans>
      </p>
      <HistoryFilters filters={filters} />
      <div aria-live="polite" aria-busy={navigation.state === 'loading'}>
        {problem ? (
          <LoadProblemView problem={problem} />
        ) : !page ? null : page.orders.length === 0 ? (
          <p className="orders__empty" data-testid="orders-empty">
            {filtered ? (
              <Trans>No orders match these filters.</Trans>
            ) : (
              <Trans>You have not placed any orders on this store yet.</Trans>
            )}
          </p>
        ) : (
          <>
            <OrdersTable orders={page.orders} labelledBy={headingId} />
            <Pager
              filters={filters}
              page={page.page}
              pages={Math.max(1, Math.ceil(page.total / page.pageSize))}
              total={page.total}
            />
          </>
        )}
      </div>
    </div>
  );
}

function HistoryFilters({ filters }: { filters: OrderHistoryFilters }) {
  const { t, i18n } = useLingui();
  const storefront = useStorefront();
  const id = useId();
  return (
    <Form method="get" className="orders__filters" role="search" aria-label={t`Find orders`}>
      <div className="orders__field orders__field--search">
        <label htmlFor={`${id}-q`}>
          <Trans>Order or PO number</Trans>
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          maxLength={50}
          defaultValue={filters.q ?? ''}
          autoComplete="off"
        />
      </div>
      <div className="orders__field">
        <label htmlFor={`${id}-status`}>
          <Trans>Status</Trans>
        </label>
        <select id={`${id}-status`} name="status" defaultValue={filters.status ?? ''}>
          <option value="">{t`Any status`}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(orderStatusLabel(status))}
            </option>
          ))}
        </select>
      </div>
      <div className="orders__field">
        <label htmlFor={`${id}-from`}>
          <Trans>Placed from</Trans>
        </label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from ?? ''} />
      </div>
      <div className="orders__field">
        <label htmlFor={`${id}-to`}>
          <Trans>Placed until</Trans>
        </label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to ?? ''} />
      </div>
      <div className="orders__filter-actions">
        <button type="submit" className="button-link">
          <Trans>Show orders</Trans>
        </button>
        <Link to={orderHistoryPath(storefront)} className="button-secondary">
          <Trans>Clear filters</Trans>
        </Link>
      </div>
    </Form>
  );
}

function OrdersTable({
  orders,
  labelledBy,
}: {
  orders: readonly OrderSummary[];
  labelledBy: string;
}) {
  const { i18n } = useLingui();
  const storefront = useStorefront();
  const tag = languageTag(storefront);
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
  return (
    <table className="orders__table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Order</Trans>
          </th>
          <th scope="col">
            <Trans>Date placed</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Total</Trans>
          </th>
          <th scope="col">{i18n._(PLACED_BY_MESSAGES.label)}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const reference = order.webReference;
          const poNumber = order.poNumber;
          return (
            <tr key={order.orderId} data-testid="order-row">
              <th scope="row">
                <Link to={orderDetailsPath(storefront, order.orderId)}>
                  <span className="visually-hidden">
                    <Trans>Web reference #</Trans>{' '}
                  </span>
                  {reference}
                </Link>
                {order.orderNumber ? (
                  <span className="orders__note">
                    <Trans>Order # {order.orderNumber}</Trans>
                  </span>
                ) : null}
                {poNumber ? (
                  <span className="orders__note">
                    <Trans>PO {poNumber}</Trans>
                  </span>
                ) : null}
              </th>
              <td>
                <time dateTime={order.placedAt}>{date.format(new Date(order.placedAt))}</time>
              </td>
              <td>
                <OrderStatusLabel order={order} />
              </td>
              <td className="num">{formatMoney(money(order.totalMinor, order.currency), tag)}</td>
              <td>
                <PlacedByView order={order} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The buyer's own name, or 'Customer service (Alex Morgan)' (decision 063). */
function PlacedByView({ order }: { order: OrderSummary }) {
  const { i18n } = useLingui();
  const agent = placedByAgent(order.placedBy);
  return <span>{agent ? i18n._(agent) : order.placedBy.name}</span>;
}

function Pager({
  filters,
  page,
  pages,
  total,
}: {
  filters: OrderHistoryFilters;
  page: number;
  pages: number;
  total: number;
}) {
  const { t } = useLingui();
  const storefront = useStorefront();
  const to = (n: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, page: n })) {
      if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) {
        params.set(key, String(value));
      }
    }
    const query = params.toString();
    return `${orderHistoryPath(storefront)}${query ? `?${query}` : ''}`;
  };
  return (
    <nav className="orders__pager" aria-label={t`Pages of orders`}>
      <p>
        <Trans>
          Page {page} of {pages} ({total} orders)
        </Trans>
      </p>
      <div className="orders__pager-links">
        {page > 1 ? (
          <Link to={to(page - 1)} rel="prev">
            <Trans>Newer orders</Trans>
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={to(page + 1)} rel="next">
            <Trans>Older orders</Trans>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
