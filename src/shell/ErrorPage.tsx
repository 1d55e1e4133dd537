/**
 * The storefront's error pages (SPEC 2.2, SPEC 8; decision 069): {regional site}/error.{code}
 * .html for every error status, in the storefront's language and frame, saying what happened
 * and where to go next. The same words stand in for a page whose data failed with an error
 * status on a full page load (the server answers with that status), and the server sends the
 * 503 page in place of every page while the store is down for maintenance.
 */
import { useLingui } from '@lingui/react';
import { Link, useLocation, useMatches, type RouteObject } from 'react-router';
import {
  ERROR_PAGE_MESSAGES,
  ERROR_PAGE_WORDS,
  ERROR_STATUSES,
  errorKindOf,
  errorPageName,
  failedPageStatus,
  type ErrorStatus,
} from '../../domain/storefront/error-pages';
import type { MessageDescriptor } from '../../domain/shared/message';
import { isServer } from '../infra/http';
import { useStorefront } from './use-storefront';

export function ErrorPage({ page }: { readonly page: ErrorStatus }) {
  const { i18n } = useLingui();
  const { locale } = useStorefront();
  // A descriptor of domain/ with values (the extractor reads the descriptor where it is).
  const say = (descriptor: MessageDescriptor, values: Record<string, string>) =>
    i18n._(descriptor.id, values, { message: descriptor.message });
  const words = ERROR_PAGE_WORDS[errorKindOf(page)];
  const heading = i18n._(words.heading);
  const code = String(page);
  return (
    <section className="page page--message error-page" aria-labelledby="error-page-title">
      <title>{say(ERROR_PAGE_MESSAGES.title, { heading, code })}</title>
      <meta name="robots" content="noindex" />
      <p className="error-page__code">{say(ERROR_PAGE_MESSAGES.code, { code })}</p>
      <h1 id="error-page-title">{heading}</h1>
      <p>{i18n._(words.text)}</p>
      <p>{i18n._(ERROR_PAGE_MESSAGES.next)}</p>
      <ul className="error-page__next">
        <li>
          <Link to={`/${locale}/`}>{i18n._(ERROR_PAGE_MESSAGES.home)}</Link>
        </li>
        <li>
          <Link to={`/${locale}/search.html`}>{i18n._(ERROR_PAGE_MESSAGES.search)}</Link>
        </li>
        <li>
          <Link to={`/${locale}/order-status`}>{i18n._(ERROR_PAGE_MESSAGES.orderStatus)}</Link>
        </li>
      </ul>
    </section>
  );
}

/** A route's `handle` on an error page's address: the page it shows. */
export interface ErrorPageHandle {
  readonly errorPage: ErrorStatus;
}

/** /{locale}/error.{code}.html for every error status; any other code is the catch-all's. */
export function errorPageRoutes(): RouteObject[] {
  return ERROR_STATUSES.map((page) => ({
    path: errorPageName(page),
    handle: { errorPage: page } satisfies ErrorPageHandle,
    Component: () => <ErrorPage page={page} />,
  }));
}

/** The browser's first location: the page this load of the store opened with. */
let firstLocationKey: string | undefined;

/**
 * The error status a page's data failed with, when this is the page the store was loaded
 * with (a full page load, in the browser or on the server); undefined otherwise. A page
 * reached from another one keeps its own messages (and its "try again").
 */
export function useFailedPageStatus(): ErrorStatus | undefined {
  const { key } = useLocation();
  const matches = useMatches();
  if (!isServer) firstLocationKey ??= key;
  if (!isServer && key !== firstLocationKey) return undefined;
  return failedPageStatus(matches.map((match) => match.loaderData));
}
