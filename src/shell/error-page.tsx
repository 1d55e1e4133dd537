/**
 * Where the storefront's error pages (decision 069) are shown: the status a first page's data
 * failed with, and the page itself, loaded only when it is shown. Their addresses
 * (error.{code}.html) are the catch-all route's (NotFoundPage.tsx)
 * (ErrorPage.tsx holds the words of 22 statuses, which no other page needs). The server
 * renderer loads it before it renders (`loadErrorPage`), so an error page is rendered in
 * full there; in the browser it hydrates once its code arrives, inside the page's part.
 */
import { use } from 'react';
import { useLocation, useMatches } from 'react-router';
import { failedPageStatus, type ErrorStatus } from '../../domain/storefront/error-pages';
import { isServer } from '../infra/http';
import type * as ErrorPageCode from './ErrorPage';

type ErrorPageModule = typeof ErrorPageCode;

let loaded: ErrorPageModule | undefined;
let loading: Promise<ErrorPageModule> | undefined;

/** Loads the error page's code (once). */
export function loadErrorPage(): Promise<ErrorPageModule> {
  loading ??= import('./ErrorPage').then((module) => (loaded = module));
  return loading;
}

/** The error page for a status; it suspends while its code loads (render it in Suspense). */
export function LazyErrorPage({ page }: { readonly page: ErrorStatus }) {
  const { ErrorPage } = loaded ?? use(loadErrorPage());
  return <ErrorPage page={page} />;
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
