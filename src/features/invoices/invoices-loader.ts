/**
 * The data of the invoice pages (SPEC 2.1 /invoices/{...}; decision 053), loaded in one place
 * per route: the buyer's invoices filtered by the address, one invoice, what paying it needs
 * (its balance, the saved cards, the gateway's fields) and a payment's receipt. Online they
 * come from the store and are kept; offline, what was kept. A visitor is asked to sign in.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { SavedCard } from '../../../domain/checkout/facts';
import {
  INVOICE_STATUSES,
  type InvoicePayment,
  type InvoiceStatus,
} from '../../../domain/invoice/invoice';
import {
  filterInvoices,
  INVOICE_SEARCH_MAX,
  type InvoiceFilter,
} from '../../../domain/invoice/list';
import { GENERAL_ERRORS } from '../../../domain/shared/errors';
import type { Message } from '../../../domain/shared/message';
import { ApiError } from '../../infra/api';
import { online$ } from '../../infra/connectivity';
import { storefrontOfParams } from '../../shell/use-storefront';
import {
  invoiceStoreFor,
  type InvoiceList,
  type InvoiceView,
  type PendingPayment,
} from '../../infra/invoices/invoice-store';

/** The list's filters as the address holds them; anything unknown is ignored. */
export function invoiceFilterOf(url: URL): InvoiceFilter {
  const status = url.searchParams.get('status') ?? '';
  const account = url.searchParams.get('account') ?? '';
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, INVOICE_SEARCH_MAX);
  return {
    ...(INVOICE_STATUSES.includes(status as InvoiceStatus)
      ? { status: status as InvoiceStatus }
      : {}),
    ...(account ? { account } : {}),
    ...(q ? { q } : {}),
  };
}

export interface InvoicesRouteData extends InvoiceList {
  /** The invoices the filters keep (`invoices` holds them all). */
  readonly shown: readonly InvoiceView[];
  readonly filter: InvoiceFilter;
  /** False: a visitor (the page asks them to sign in). */
  readonly signedIn: boolean;
  readonly problem: Message | null;
}

export async function invoicesLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<InvoicesRouteData> {
  const filter = invoiceFilterOf(new URL(request.url));
  const empty = { invoices: [], accounts: [], shown: [], fresh: true, filter };
  const store = await invoiceStoreFor(storefrontOfParams(params));
  if (!store) return { ...empty, signedIn: false, problem: null };
  try {
    const list = await store.list(online$.getValue());
    return {
      ...list,
      shown: filterInvoices(list.invoices, filter),
      filter,
      signedIn: true,
      problem: null,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { ...empty, signedIn: false, problem: null };
    }
    return { ...empty, fresh: false, signedIn: true, problem: problemOf(error) };
  }
}

export interface InvoiceRouteData {
  readonly invoiceId: string;
  readonly view: InvoiceView | null;
  /** False: kept on this device (offline). */
  readonly fresh: boolean;
  readonly signedIn: boolean;
  readonly problem: Message | null;
}

export async function invoiceDetailsLoader({
  params,
}: LoaderFunctionArgs): Promise<InvoiceRouteData> {
  const invoiceId = params.id ?? '';
  const online = online$.getValue();
  const empty = { invoiceId, view: null, fresh: online, signedIn: true, problem: null };
  const store = await invoiceStoreFor(storefrontOfParams(params));
  if (!store) return { ...empty, signedIn: false };
  if (!invoiceId) return empty;
  try {
    return { ...empty, ...(await store.view(invoiceId, online)) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return empty;
    if (error instanceof ApiError && error.status === 401) return { ...empty, signedIn: false };
    return { ...empty, problem: problemOf(error) };
  }
}

export interface InvoicePaymentRouteData extends InvoiceRouteData {
  /** The buyer's saved cards (online only). */
  readonly savedCards: readonly SavedCard[];
  /** A payment sent from this device whose answer was lost: sent again, as it was. */
  readonly pending: PendingPayment | null;
}

export async function invoicePaymentLoader(
  args: LoaderFunctionArgs,
): Promise<InvoicePaymentRouteData> {
  const details = await invoiceDetailsLoader(args);
  const store = await invoiceStoreFor(storefrontOfParams(args.params));
  const pending = (await store?.pendingPayment(details.invoiceId)) ?? null;
  if (!store || !details.view || !details.fresh) return { ...details, savedCards: [], pending };
  const savedCards = await store.savedCards().catch(() => []);
  return { ...details, savedCards, pending };
}

export interface InvoiceConfirmationRouteData extends InvoiceRouteData {
  /** The payment the receipt is for (from the address); null when not on the invoice. */
  readonly payment: InvoicePayment | null;
}

export async function invoiceConfirmationLoader(
  args: LoaderFunctionArgs,
): Promise<InvoiceConfirmationRouteData> {
  const details = await invoiceDetailsLoader(args);
  const paymentId = new URL(args.request.url).searchParams.get('payment') ?? '';
  const payment = details.view?.payments.find((p) => p.paymentId === paymentId) ?? null;
  return { ...details, payment };
}

function problemOf(error: unknown): Message {
  return error instanceof ApiError && error.status < 500
    ? GENERAL_ERRORS.generic
    : GENERAL_ERRORS.technical;
}
