/**
 * A store's whole catalog index (`/api/catalog/index`), once per page session; the service
 * worker keeps a copy, so it answers offline too. Every storefront page fetches it in idle
 * time, so any product of the store opens offline (from its summary here), search works
 * offline, and quick order and the cart know products before the server does.
 */
import type { CatalogIndex } from '../../domain/catalog/catalog';
import type { Locale } from '../../domain/storefront/storefronts';
import { apiJson } from './api';

const indexes = new Map<Locale, Promise<CatalogIndex>>();

export function loadIndex(locale: Locale): Promise<CatalogIndex> {
  let pending = indexes.get(locale);
  if (!pending) {
    pending = apiJson<CatalogIndex>(`/api/catalog/index?locale=${locale}`);
    pending.catch(() => indexes.delete(locale));
    indexes.set(locale, pending);
  }
  return pending;
}

/** Whether this page session has the index of a store, or is fetching it. */
export function hasIndex(locale: Locale): boolean {
  return indexes.has(locale);
}

/** Fetches the index in idle time (online only), so the whole catalog opens offline. */
export function warmIndex(locale: Locale): void {
  if (hasIndex(locale) || !navigator.onLine) return;
  const run = () => {
    loadIndex(locale).catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: 5_000 });
  } else {
    setTimeout(run, 1_000);
  }
}
