/**
 * The data of the order pages (SPEC 2.6, 2.7; decision 029), loaded in one place per route:
 * a page of the buyer's order history by the filters in the address, one of their orders,
 * and the status lookup's answer when the address holds a query. A page that cannot reach
 * the store says so (offline, or the store's error) instead of showing nothing.
 */
import { redirect, type LoaderFunctionArgs, type Params } from 'react-router';
import { orderHistoryQuerySchema, type OrderHistoryPage } from '../../../domain/order/history';
import type { Order } from '../../../domain/order/order';
import { LOOKUP_MESSAGES } from '../../../domain/order/lookup';
import { GENERAL_ERRORS } from '../../../domain/shared/errors';
import type { Message } from '../../../domain/shared/message';
import {
  isLocale,
  storefrontFor,
  storefrontForStorePath,
  type Storefront,
} from '../../../domain/storefront/storefronts';
import { ApiError } from '../../infra/api';
import { authSettled } from '../../infra/auth/auth-state';
import { online$ } from '../../infra/connectivity';
import { flags$ } from '../../infra/flags';
import { descriptorFor } from '../../infra/messages';
import {
  fetchOrder,
  fetchOrderHistory,
  lookupOrderStatus,
  type FoundOrder,
  type OrderHistoryFilters,
  type OrderLookup,
} from '../../infra/orders/orders-api';
import { currentUser$ } from '../../infra/session';

function storefrontOf(params: Params): Storefront {
  if (params.locale && isLocale(params.locale)) return storefrontFor(params.locale);
  return (
    storefrontForStorePath(params.storeId ?? '', params.language ?? '') ?? storefrontFor('en-us')
  );
}

/** Why a page has no data: offline, or the store's answer in words. */
export type LoadProblem =
  { readonly kind: 'offline' } | { readonly kind: 'error'; readonly message: Message };

/** The store's answer in the page's language: the first field's message, by its id. */
function messageOf(error: ApiError): Message {
  const field = error.body?.error.fields?.[0];
  const descriptor =
    field &&
    (descriptorFor(field.code) ??
      Object.values(LOOKUP_MESSAGES).find((message) => message.id === field.code));
  if (!descriptor) return error.status >= 500 ? GENERAL_ERRORS.technical : GENERAL_ERRORS.generic;
  return { ...descriptor, values: field.values ?? {} };
}

function problemOf(error: unknown): LoadProblem {
  if (!online$.getValue() || error instanceof TypeError) return { kind: 'offline' };
  return {
    kind: 'error',
    message: error instanceof ApiError ? messageOf(error) : GENERAL_ERRORS.technical,
  };
}

export interface OrderHistoryRouteData {
  readonly filters: OrderHistoryFilters;
  readonly page: OrderHistoryPage | null;
  readonly problem: LoadProblem | null;
}

/** The filters in the address; anything malformed there is dropped, not an error page. */
export function historyFiltersOf(url: URL): OrderHistoryFilters {
  // A form's empty fields come as empty values: no filter.
  const raw = Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== ''));
  const locale = 'en-us';
  const parsed = orderHistoryQuerySchema.safeParse({ ...raw, locale });
  if (parsed.success) {
    const { locale: _locale, ...filters } = parsed.data;
    void _locale;
    return filters;
  }
  const page = Number(raw.page);
  return Number.isInteger(page) && page > 0 ? { page } : {};
}

export async function orderHistoryLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<OrderHistoryRouteData> {
  const storefront = storefrontOf(params);
  const filters = historyFiltersOf(new URL(request.url));
  await authSettled(10_000);
  if (!currentUser$.getValue()) return { filters, page: null, problem: null };
  try {
    return { filters, page: await fetchOrderHistory(storefront.locale, filters), problem: null };
  } catch (error) {
    return { filters, page: null, problem: problemOf(error) };
  }
}

export interface OrderDetailsRouteData {
  readonly order: Order | null;
  readonly problem: LoadProblem | null;
}

export async function orderDetailsLoader({
  params,
}: LoaderFunctionArgs): Promise<OrderDetailsRouteData> {
  await authSettled(10_000);
  if (!currentUser$.getValue() || !params.id) return { order: null, problem: null };
  try {
    return { order: (await fetchOrder(params.id)).order, problem: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { order: null, problem: null };
    return { order: null, problem: problemOf(error) };
  }
}

export interface OrderStatusRouteData {
  /** What was looked for, from the address. */
  readonly lookup: OrderLookup | null;
  readonly orders: readonly FoundOrder[] | null;
  /** The store's answer when nothing is shown (SPEC 8), or why it could not answer. */
  readonly problem: LoadProblem | null;
}

/** The lookup in an address: an order number, or a PO number with an organization number. */
export function lookupOf(url: URL): OrderLookup | null {
  const orderNumber = url.searchParams.get('orderNumber');
  if (orderNumber !== null) return { orderNumber };
  const poNumber = url.searchParams.get('poNumber');
  const organizationNumber = url.searchParams.get('organizationNumber');
  if (poNumber !== null || organizationNumber !== null) {
    return { poNumber: poNumber ?? '', organizationNumber: organizationNumber ?? '' };
  }
  return null;
}

async function lookup(params: Params, request: Request): Promise<OrderStatusRouteData> {
  const storefront = storefrontOf(params);
  const query = lookupOf(new URL(request.url));
  if (!query) return { lookup: null, orders: null, problem: null };
  try {
    const { orders } = await lookupOrderStatus(storefront.locale, query);
    return { lookup: query, orders, problem: null };
  } catch (error) {
    return { lookup: query, orders: null, problem: problemOf(error) };
  }
}

/**
 * The status lookup open to visitors. With `order-history` on, a signed-in buyer is taken to
 * the order history's own lookup, with the same query (decision 029).
 */
export async function orderStatusLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<OrderStatusRouteData> {
  const url = new URL(request.url);
  if (flags$.getValue()['order-history'] && currentUser$.getValue()) {
    const base = url.pathname.replace(/\/order-status\/?$/, '');
    throw redirect(`${base}/order-history/order-status${url.search}`);
  }
  return lookup(params, request);
}

/** The order history's lookup (signed in): the same answer, own orders linked to details. */
export function accountOrderStatusLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<OrderStatusRouteData> {
  return lookup(params, request);
}
