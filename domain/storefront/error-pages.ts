/**
 * The store's error pages (SPEC 2.2, SPEC 8; decision 069): each storefront has
 * {regional site}/error.{code}.html for every error status, 400-409 and 500-511, chosen by
 * the storefront's locale, and the page for 500 stands for any other status. Which page an
 * answer shows, which status an address answers with, and the words of each page.
 */
import type { MessageDescriptor } from '../shared/message';
import { DEFAULT_LOCALE, isLocale, storefrontForStorePath, type Locale } from './storefronts';

/** SPEC 8: the HTTP statuses that count as error statuses. */
export const ERROR_STATUS_RANGES = [
  [400, 409],
  [500, 511],
] as const;

export type ErrorStatus = number & { readonly __errorStatus: true };

/** Every error status, in order: each has its page. */
export const ERROR_STATUSES: readonly ErrorStatus[] = ERROR_STATUS_RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => (from + i) as ErrorStatus),
);

/** SPEC 2.2: the page of a status that has none of its own. */
export const DEFAULT_ERROR_STATUS = 500 as ErrorStatus;

export function isErrorStatus(status: number): status is ErrorStatus {
  return ERROR_STATUS_RANGES.some(
    ([from, to]) => Number.isInteger(status) && status >= from && status <= to,
  );
}

/** The page an answer with this status shows: its own, else the default one (500). */
export function errorPageStatus(status: number): ErrorStatus {
  return isErrorStatus(status) ? status : DEFAULT_ERROR_STATUS;
}

/** The page's name below a storefront: error.503.html. */
export function errorPageName(status: ErrorStatus): string {
  return `error.${String(status)}.html`;
}

/** What an address's last segment names, when it is an error page's address. */
export interface ErrorPageAddress {
  /** The page shown. */
  readonly page: ErrorStatus;
  /** The status it is answered with. */
  readonly status: number;
}

const ERROR_PAGE_NAME = /^error\.([^/]*)\.html$/;

/**
 * `error.503.html` is the 503 page, answered with 503. A name with any other code (`error.999
 * .html`, `error.abc.html`) shows the default page (500) but answers 404: the store has no
 * page there, and a 500 would report a failure of the store for a visitor's typing.
 */
export function errorPageAt(segment: string): ErrorPageAddress | undefined {
  const code = ERROR_PAGE_NAME.exec(segment)?.[1];
  if (code === undefined) return undefined;
  const status = /^\d{3}$/.test(code) ? Number(code) : Number.NaN;
  return isErrorStatus(status)
    ? { page: status, status }
    : { page: DEFAULT_ERROR_STATUS, status: 404 };
}

/**
 * Whether a page whose data came back with this status shows the error page instead. A 404,
 * and a 400 for a code the store cannot read, are the page's own "not found" (Product not
 * found, Page not found), which says more; network failures (null) are the offline app's.
 */
export function showsErrorPage(status: number | null): status is ErrorStatus {
  return status !== null && status !== 404 && status !== 400 && isErrorStatus(status);
}

/**
 * The storefront whose error page a page request gets: the one its address names (/{locale}
 * /... or /store/{storeId}/{language}/...), else the default one.
 */
export function errorPageLocale(pathname: string): Locale {
  const [, first = '', second = '', third = ''] = pathname.split('/');
  if (isLocale(first)) return first;
  if (first === 'store') return storefrontForStorePath(second, third)?.locale ?? DEFAULT_LOCALE;
  return DEFAULT_LOCALE;
}

/** The address of the error page for a page request at `pathname`. */
export function errorPagePath(pathname: string, status: number): string {
  return `/${errorPageLocale(pathname)}/${errorPageName(errorPageStatus(status))}`;
}

/** The store's answer while it is down for maintenance: when to try again (Retry-After). */
export const DEFAULT_RETRY_AFTER_SECONDS = 300;

/** Kinds of error the pages tell apart; every status has one. */
export type ErrorKind =
  | 'bad-request'
  | 'sign-in'
  | 'payment'
  | 'forbidden'
  | 'not-found'
  | 'timeout'
  | 'conflict'
  | 'server'
  | 'gateway'
  | 'unavailable';

export function errorKindOf(status: ErrorStatus): ErrorKind {
  switch (status as number) {
    case 401:
    case 407:
      return 'sign-in';
    case 402:
      return 'payment';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 408:
      return 'timeout';
    case 409:
      return 'conflict';
    case 502:
    case 504:
      return 'gateway';
    case 503:
      return 'unavailable';
    default:
      return status < 500 ? 'bad-request' : 'server';
  }
}

export const MAINTENANCE_MESSAGES = {
  /** The words of an API write refused while the store is down for maintenance (a 503). */
  refused: /*i18n*/ {
    id: 'error.maintenance',
    message: 'The store is closed for maintenance. Please try again in a few minutes.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/**
 * The status a page's data failed with that makes it an error page (showsErrorPage): the
 * first failure among its routes' data (`{ failure: { status } }`, as route loaders keep it).
 */
export function failedPageStatus(routeData: Iterable<unknown>): ErrorStatus | undefined {
  for (const value of routeData) {
    if (typeof value !== 'object' || value === null || !('failure' in value)) continue;
    const { failure } = value as { failure: { status?: unknown } | null };
    const status = typeof failure?.status === 'number' ? failure.status : null;
    if (showsErrorPage(status)) return status;
  }
  return undefined;
}
