/**
 * The data of the quote pages (SPEC 2.7; decision 051), loaded in one place per route: the
 * buyer's quotes of this store, or one quote with its PDF. Online they come from the store and
 * are kept; offline, what was kept, with the quotes requested here and not numbered yet.
 */
import type { LoaderFunctionArgs, Params } from 'react-router';
import type { QuoteView } from '../../../domain/quote/quote';
import { GENERAL_ERRORS } from '../../../domain/shared/errors';
import type { Message } from '../../../domain/shared/message';
import {
  isLocale,
  storefrontFor,
  storefrontForStorePath,
  type Storefront,
} from '../../../domain/storefront/storefronts';
import { ApiError } from '../../infra/api';
import { online$ } from '../../infra/connectivity';
import { quoteStoreFor, type ListedQuote } from '../../infra/quotes/quote-store';

function storefrontOf(params: Params): Storefront {
  if (params.locale && isLocale(params.locale)) return storefrontFor(params.locale);
  return (
    storefrontForStorePath(params.storeId ?? '', params.language ?? '') ?? storefrontFor('en-us')
  );
}

export interface QuotesRouteData {
  readonly quotes: readonly ListedQuote[];
  /** False: shown from this device (offline), maybe not the latest. */
  readonly fresh: boolean;
  readonly problem: Message | null;
}

export async function quotesLoader({ params }: LoaderFunctionArgs): Promise<QuotesRouteData> {
  const store = await quoteStoreFor(storefrontOf(params));
  if (!store) return { quotes: [], fresh: true, problem: null };
  try {
    return { ...(await store.list(online$.getValue())), problem: null };
  } catch (error) {
    return { quotes: [], fresh: false, problem: problemOf(error) };
  }
}

export interface QuoteDetailsRouteData {
  readonly quoteId: string;
  readonly view: QuoteView | null;
  /** Requested here and not numbered yet (offline). */
  readonly pending: ListedQuote | null;
  readonly trainingError: boolean;
  readonly problem: Message | null;
}

export async function quoteDetailsLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<QuoteDetailsRouteData> {
  const quoteId = params.id ?? '';
  const trainingError = new URL(request.url).searchParams.get('orderTrainingsError') === 'true';
  const empty = { quoteId, view: null, pending: null, trainingError, problem: null };
  const store = await quoteStoreFor(storefrontOf(params));
  if (!store || !quoteId) return empty;
  // A quote requested here and not numbered yet (the store does not know it yet).
  const pendingOf = async () => {
    const listed = await store.list(false);
    return { ...empty, pending: listed.quotes.find((q) => q.quoteId === quoteId) ?? null };
  };
  try {
    const view = await store.view(quoteId, online$.getValue());
    return view ? { ...empty, view } : await pendingOf();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return pendingOf();
    return { ...empty, problem: problemOf(error) };
  }
}

function problemOf(error: unknown): Message {
  return error instanceof ApiError && error.status < 500
    ? GENERAL_ERRORS.generic
    : GENERAL_ERRORS.technical;
}
