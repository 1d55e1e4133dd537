/**
 * The network, as the store's browser code sees it. In the browser it is `fetch` and the
 * page's own origin. When the server renders a page (src/entry-server.tsx) the same loaders
 * run in Node: the server then sets a fetch that answers from the store's own API in-process,
 * and the origin it was reached at.
 */
type Fetch = typeof fetch;

let serverFetch: Fetch | undefined;
let serverOrigin = 'http://localhost';

/** Server rendering only: where the loaders' calls go, and the origin pages are built for. */
export function setServerNetwork(fetchImpl: Fetch, origin: string): void {
  serverFetch = fetchImpl;
  serverOrigin = origin;
}

export const isServer = typeof window === 'undefined';

export function httpFetch(input: string, init?: RequestInit): Promise<Response> {
  return serverFetch ? serverFetch(input, init) : fetch(input, init);
}

/** The origin of the page: the browser's, or the one the server renders for. */
export function pageOrigin(): string {
  return isServer ? serverOrigin : window.location.origin;
}
