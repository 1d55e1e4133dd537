// First: before any schema exists (see the module).
import './infra/zod-jitless';
import type { Messages } from '@lingui/core';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, type HydrationState, type RouteMatch } from 'react-router';
import {
  DEFAULT_LOCALE,
  isLocale,
  storefrontFor,
  type StoreLanguage,
} from '../domain/storefront/storefronts';
import { requiresSignIn } from '../domain/storefront/routes';
import { App } from './app/App';
import { createRouter, isSkeletonRoute, keepServerStorefront, storeRoutes } from './app/router';
import { dataLayer } from './infra/analytics';
import { setNavigator, startAuth } from './infra/auth/auth';
import { bootstrap$ } from './infra/bootstrap';
import { flags$ } from './infra/flags';
import { activateLanguage, activatePageMessages } from './infra/i18n';
import { rememberLocale } from './infra/preferred-locale';
import { withServerValue } from './infra/use-observable';
import { registerServiceWorker } from './infra/service-worker';
import { keepRegionalContent } from './shell/content/load-regional-content';
import { keepStorefrontLabels } from './shell/storefront-label';
import type { StorefrontRouteData } from './shell/use-storefront';
import './shell/shell.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** JSON the server put in the page, or null (the app's shell has none). */
function pageJson<T>(id: string): T | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return null;
  }
}

function storefrontData(hydration: HydrationState): StorefrontRouteData | undefined {
  return Object.values(hydration.loaderData ?? {}).find(
    (value): value is StorefrontRouteData =>
      typeof value === 'object' && value !== null && 'storefront' in value,
  );
}

/**
 * The code of the page's routes, loaded before hydrating so the first render matches the
 * server's HTML. Buyer's pages stay lazy: their skeleton is what the server rendered.
 */
async function loadMatchedRoutes(matches: RouteMatch[]): Promise<void> {
  const cut = matches.findIndex((match) => isSkeletonRoute(match.route));
  await Promise.all(
    (cut === -1 ? matches : matches.slice(0, cut)).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// A server-rendered page's loader data (decision 038) and messages (decision 043).
const hydration = pageJson<HydrationState>('router-data');
const served = hydration ? storefrontData(hydration) : undefined;
// The page's language before the first render, so text never flashes in another one.
const firstSegment = window.location.pathname.split('/')[1] ?? '';
const language: StoreLanguage =
  served?.storefront.language ??
  storefrontFor(isLocale(firstSegment) ? firstSegment : DEFAULT_LOCALE).language;
const locale =
  served?.storefront.locale ?? (isLocale(firstSegment) ? firstSegment : DEFAULT_LOCALE);

// The analytics data layer exists from the start, so any feature can push to it.
dataLayer();

const routes = storeRoutes();
const pageMessages = served ? pageJson<Messages>('page-messages') : null;
// The rest of the catalog follows once the page is on screen.
if (pageMessages) activatePageMessages(language, pageMessages);
const matches = served ? (matchRoutes(routes, window.location) ?? []) : [];
if (served) {
  // A page with nothing for the browser to check is not loaded (and rendered) again.
  const layout = matches[0]?.route;
  const buyers = matches.some(({ route }) => isSkeletonRoute(route));
  // A header or footer that failed on the server is asked for again, by that loader.
  const content = served.content?.nav && served.content.footer;
  if (layout && content && !buyers && !requiresSignIn(window.location.pathname)) {
    keepServerStorefront(layout);
    if (served.known) rememberLocale(served.storefront.locale);
  }
}
await Promise.all([
  pageMessages ? undefined : activateLanguage(language),
  served ? loadMatchedRoutes(matches) : undefined,
]);
// The browser's turn before the router starts (it adds the preloads of the page's code): the
// router's start, hydration and sign-in's start are then separate tasks, not one long one.
await new Promise((resolve) => {
  setTimeout(resolve, 0);
});
// The header and footer the page came with: the storefront's loader, run again on
// hydration, need not ask for them (the router starts its loaders as it is created).
if (served?.content) keepRegionalContent(served.storefront.locale, served.content);
// The storefronts' names as the server wrote them in the region selector.
if (served) {
  keepStorefrontLabels(
    Array.from(
      document.querySelectorAll<HTMLOptionElement>('select[data-storefront-select] option'),
      (option) => [option.value, option.text] as const,
    ),
  );
}
const router = createRouter(routes, served ? (hydration ?? undefined) : undefined);
setNavigator((path) => {
  void router.navigate(path);
});
if (served) {
  // The flags the page was rendered with: hydration starts from them, and a first visit
  // keeps them until the bootstrap answers.
  if (served.flags) {
    withServerValue(flags$, served.flags);
    if (!bootstrap$.getValue()) flags$.next(served.flags);
  }
  // Hydration as a transition: React then works on it in slices of a few milliseconds and
  // answers the visitor's input between them, rather than in one task as long as the page is
  // big (on a slow phone, hundreds of milliseconds).
  startTransition(() => {
    hydrateRoot(root, <App router={router} />);
  });
} else {
  createRoot(root).render(<App router={router} />);
}

// Who is signed in (SPEC 4.1): processing until the answer comes. Started in a task of its
// own, after the one that hydrates.
setTimeout(() => {
  void startAuth(locale);
}, 0);

// The service worker is registered once the first page has rendered, never before it.
if (import.meta.env.PROD) {
  if (router.state.initialized) {
    registerServiceWorker();
  } else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      registerServiceWorker();
    });
  }
}
