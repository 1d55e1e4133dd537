/**
 * The service worker's runtime caches, by name: the worker fills them from the network, and a
 * server-rendered page puts in them the answers it came with (decision 038), so the page
 * opens offline as it would had the browser fetched them itself.
 */
export const WORKER_CACHES = {
  catalogProducts: 'catalog-products',
  catalogSearches: 'catalog-searches',
} as const;

export type WorkerCache = (typeof WORKER_CACHES)[keyof typeof WORKER_CACHES];
