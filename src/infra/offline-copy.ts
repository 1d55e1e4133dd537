/**
 * Keeps an API answer a server-rendered page came with in the service worker's cache, as if
 * the browser had fetched it (decision 038): a first visit opens offline afterwards just as
 * a page the browser loaded itself. Done in idle time, with no network; where the browser
 * has no Cache Storage it is simply not kept.
 */
import type { WorkerCache } from '../../domain/shared/worker-caches';

export function keepOfflineCopy(cache: WorkerCache, path: string, body: unknown): void {
  if (typeof window === 'undefined' || !('caches' in window)) return;
  const keep = () => {
    const url = new URL(path, window.location.origin).href;
    const response = new Response(JSON.stringify(body), {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        date: new Date().toUTCString(),
      },
    });
    void caches
      .open(cache)
      .then((opened) => opened.put(url, response))
      .catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(keep, { timeout: 5_000 });
  else setTimeout(keep, 1_000);
}
