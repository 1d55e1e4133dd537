/**
 * Server rendering of a first visit (decision 038): the server's renderer loads this module
 * (built by `vite build --ssr` into dist/.server/) and answers a page request with its HTML
 * already rendered: frame, header, footer, navigation and the page's own content, from the
 * same routes and loaders the browser uses. Pages whose content is the buyer's own render
 * their frame and a skeleton (isSkeletonRoute); the browser fills them in.
 */
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandler,
} from 'react-router';
import { scriptSafeJson } from '../domain/catalog/structured-data';
import { resolveFlags } from '../domain/flags/flags';
import type { RenderedPage } from '../domain/shared/rendered-page';
import { errorPageAt, failedPageStatus } from '../domain/storefront/error-pages';
import { requiresSignIn } from '../domain/storefront/routes';
import { isLocale, storefrontForStorePath } from '../domain/storefront/storefronts';
import { AppFrame } from './app/App';
import { isSkeletonRoute, storeRoutes } from './app/router';
import { setServerNetwork } from './infra/http';
import { flags$ } from './infra/flags';
import { i18n } from './infra/i18n';
import { renderWithMessages, setFirstLoadCode } from './infra/i18n-server';
import { withServerValue } from './infra/use-observable';
import { loadErrorPage } from './shell/error-page';
import { PageSkeleton } from './shell/PageSkeleton';
import type { StorefrontRouteData } from './shell/use-storefront';

export type Rendered = RenderedPage;

/**
 * The routes as the server runs them: the same tree (so route ids match the browser's), with
 * the buyer's pages reduced to their skeleton, and nothing below them loaded.
 */
function serverRoutes(routes: RouteObject[], inSkeleton = false): RouteObject[] {
  return routes.map((route): RouteObject => {
    const skeleton = inSkeleton || isSkeletonRoute(route);
    const children = route.children ? serverRoutes(route.children, skeleton) : undefined;
    if (!skeleton) return { ...route, children } as RouteObject;
    const bare = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      handle: route.handle as unknown,
      Component: inSkeleton ? null : PageSkeleton,
    };
    return route.index ? { ...bare, index: true } : { ...bare, children };
  });
}

let handler: StaticHandler | undefined;

/**
 * Sets where the loaders' calls go (the store's API, in-process) and returns the renderer.
 * `origin` is the address pages are built for when a request does not say; `firstLoadCode` is
 * the text of the scripts every page loads before hydrating, whose messages every page is sent
 * with (decision 043).
 */
export function createRenderer(fetchImpl: typeof fetch, origin: string, firstLoadCode = '') {
  setServerNetwork(fetchImpl, origin);
  setFirstLoadCode(firstLoadCode);
  handler ??= createStaticHandler(serverRoutes(storeRoutes()));
  const staticHandler = handler;
  return (request: Request, pageOrigin: string) =>
    render(staticHandler, request, pageOrigin, fetchImpl);
}

/** Addresses the server renders: a storefront's pages (/{locale}/..., /store/{id}/{lang}/...). */
export function rendersOnServer(pathname: string): boolean {
  const [, first = '', second = '', third = ''] = pathname.split('/');
  if (isLocale(first)) return true;
  return first === 'store' && storefrontForStorePath(second, third) !== undefined;
}

/**
 * React's mark for a Suspense part that failed on the server (renderToString swallows the
 * error): the browser would render that part again and report it (React error 419).
 */
const FAILED_PART = '<!--$!-->';

const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/>|<link\b[^>]*\/>)+/;

function storefrontData(loaderData: Record<string, unknown>): StorefrontRouteData | undefined {
  return Object.values(loaderData).find(
    (value): value is StorefrontRouteData =>
      typeof value === 'object' && value !== null && 'storefront' in value && 'known' in value,
  );
}

/**
 * The page's status: an error page's own (error.{code}.html), the error status its data failed
 * with (the page then shows that status's error page, decision 069), 404 for an address the
 * store does not have or a product it does not sell, else 200.
 */
function statusOf(
  loaderData: Record<string, unknown>,
  leaf: RouteObject | undefined,
  pathname: string,
): number {
  // An error page's address (the catch-all's): its own status; another code's, 404.
  const errorPage =
    leaf?.path === '*' ? errorPageAt(pathname.slice(pathname.lastIndexOf('/') + 1)) : undefined;
  if (errorPage) return errorPage.status;
  // Below a part that needs sign-in, the browser decides (sign-in first).
  if (leaf?.path === '*' && !requiresSignIn(pathname)) return 404;
  if (storefrontData(loaderData)?.known === false) return 404;
  const failed = failedPageStatus(Object.values(loaderData));
  if (failed !== undefined) return failed;
  for (const value of Object.values(loaderData)) {
    if (typeof value !== 'object' || value === null || !('failure' in value)) continue;
    const { failure } = value as { failure: { status: number | null } };
    if (failure.status === 404 || failure.status === 400) return 404;
  }
  return 200;
}

async function render(
  staticHandler: StaticHandler,
  request: Request,
  origin: string,
  fetchImpl: typeof fetch,
): Promise<Rendered> {
  // Rendering is synchronous: the error page's code is there before it starts (loaded once).
  const [context] = await Promise.all([staticHandler.query(request), loadErrorPage()]);
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { kind: 'redirect', status: context.status, location };
    }
    return { kind: 'browser' };
  }
  // A loader that failed outright: the browser renders the page, with its own messages.
  if (context.errors) return { kind: 'browser' };
  const data = storefrontData(context.loaderData);
  if (!data) return { kind: 'browser' };
  const router = createStaticRouter(staticHandler.dataRoutes, context);
  // Rendering is synchronous from here: the page's language and address hold for all of it.
  i18n.activate(data.storefront.language);
  withServerValue(flags$, data.flags ?? resolveFlags({}));
  setServerNetwork(fetchImpl, origin);
  const { result: html, messages } = renderWithMessages(() =>
    renderToString(
      <AppFrame>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>,
    ),
  );
  // A part that failed: the whole page is the browser's, and the server's log says which.
  if (html.includes(FAILED_PART)) {
    throw new Error(`A part of ${new URL(request.url).pathname} failed to render on the server`);
  }
  const head = HOISTED.exec(html)?.[0] ?? '';
  return {
    kind: 'page',
    status: statusOf(
      context.loaderData,
      context.matches.at(-1)?.route,
      new URL(request.url).pathname,
    ),
    lang: data.storefront.language,
    head,
    body: html.slice(head.length),
    data: scriptSafeJson({ loaderData: context.loaderData, actionData: context.actionData }),
    messages: scriptSafeJson(messages),
  };
}
