/**
 * The store's service worker: precaches the app shell so the store opens offline, answers
 * page navigations with the cached shell, keeps each storefront's regional content (header,
 * footer, pages, checkout copy) per locale for offline use, takes an update only when
 * the user accepts it (the app sends SKIP_WAITING), and on a Background Sync `sync` event
 * asks the open pages to send their outbox of queued changes (decision 066).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { WORKER_CACHES } from '../domain/shared/worker-caches';
import {
  FLUSH_REQUEST,
  flushAnswerOf,
  OUTBOX_SYNC_TAG,
  syncOutcome,
  type FlushAnswer,
} from '../domain/sync/background-sync';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | PrecacheEntry)[];
};

/** Paths the server answers itself; a navigation there must reach the network. */
const SERVER_PATHS = [
  /^\/api\//,
  /^\/oidc\//,
  /^\/oidc-interaction\//,
  /^\/oidc-session\//,
  /^\/auth\/(login|session|silent-callback)/,
  /^\/store\/customer\//,
  /^\/content\//,
  /^\/graphql\//,
  // The payment gateway's card fields: its own page under its own CSP, never the app shell.
  /^\/payment-sandbox\//,
];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }),
);

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

// Regional content: shown at once from the cache, refreshed in the background (SPEC 7.1).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.mode !== 'navigate' &&
    (url.pathname.startsWith('/content/') || url.pathname.startsWith('/graphql/execute.json/')),
  new StaleWhileRevalidate({
    cacheName: 'regional-content',
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// Marketing and error pages: the network when it answers, the last copy when offline.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.mode === 'navigate' &&
    url.pathname.startsWith('/content/'),
  new NetworkFirst({
    cacheName: 'content-pages',
    networkTimeoutSeconds: 5,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// Flags and settings for this visitor: fresh when online, the last answer offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/bootstrap',
  new NetworkFirst({ cacheName: 'bootstrap', networkTimeoutSeconds: 4, plugins: [okOnly] }),
);

// The catalog: products and searches seen before, and the store's index for searching
// offline. Fresh from the network when it answers within a few seconds, else the copy.
const catalogRoute =
  (path: string) =>
  ({ url }: { url: URL }) =>
    url.origin === self.location.origin && url.pathname.startsWith(path);

registerRoute(
  catalogRoute('/api/catalog/products/'),
  new NetworkFirst({
    cacheName: WORKER_CACHES.catalogProducts,
    networkTimeoutSeconds: 4,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

registerRoute(
  catalogRoute('/api/catalog/search'),
  new NetworkFirst({
    cacheName: WORKER_CACHES.catalogSearches,
    networkTimeoutSeconds: 4,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

registerRoute(
  catalogRoute('/api/catalog/index'),
  new NetworkFirst({
    cacheName: 'catalog-index',
    networkTimeoutSeconds: 6,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 12, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

/** The Background Sync event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** How long a page has to answer a request to send (a frozen or old page never does). */
const FLUSH_ANSWER_MS = 60_000;

/** Asks one page to send its outbox now; its answer, or null when none comes in time. */
function askToFlush(page: Client): Promise<FlushAnswer | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, FLUSH_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(flushAnswerOf(event.data));
    };
    page.postMessage({ type: FLUSH_REQUEST }, [channel.port2]);
  });
}

/**
 * The outbox lives in the pages' database and only a page sends it (it knows the session,
 * the token, the customer service session acting for a buyer): the worker asks every open
 * page of the store (the tab holding the outbox's lock sends; the others say so). Failing
 * the event has the browser fire it again later; with no page open there is nothing to do
 * here: the next page sends the outbox as it starts.
 */
async function flushFromPages(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const answers = await Promise.all(pages.map(askToFlush));
  if (syncOutcome(answers) === 'retry') {
    throw new Error('The queued changes could not be sent yet; the browser tries again later.');
  }
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(flushFromPages());
});

// The first install takes control at once, so the page that installed it works offline.
clientsClaim();
