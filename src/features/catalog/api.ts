/**
 * Catalog calls: search, one product and the store's index. When the network is gone the
 * service worker answers from what it kept (searches and products seen before, and the
 * index); a search it never saw is answered here from the cached index, and a product
 * never opened from the index's summary of it.
 */
import type {
  ProductDetail,
  ProductSummary,
  SearchQuery,
  SearchResult,
} from '../../../domain/catalog/catalog';
import { searchIndex } from '../../../domain/catalog/search-text';
import type { Locale } from '../../../domain/storefront/storefronts';
import { apiJson } from '../../infra/api';
import { isServer } from '../../infra/http';
import { isNetworkFailure } from '../../infra/use-load';
import { loadIndex, warmIndex } from '../../infra/catalog-index';

/** A product with all its details, or only the summary the offline index holds. */
export type ProductView = ProductSummary & Partial<Omit<ProductDetail, keyof ProductSummary>>;

export interface Loaded<T> {
  readonly data: T;
  /** True when the answer comes from the index kept on this device, not the server. */
  readonly fromDeviceIndex: boolean;
}

export { isNetworkFailure };

export function searchParamsOf(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export { loadIndex, warmIndex };

export function searchApiPath(query: SearchQuery): string {
  return `/api/catalog/search?${searchParamsOf(query).toString()}`;
}

export function productApiPath(locale: Locale, code: string): string {
  return `/api/catalog/products/${encodeURIComponent(code)}?locale=${locale}`;
}

export async function searchCatalog(query: SearchQuery): Promise<Loaded<SearchResult>> {
  try {
    const data = await apiJson<SearchResult>(searchApiPath(query));
    return { data, fromDeviceIndex: false };
  } catch (error) {
    // The server renders from its own API; the device's index is a browser's.
    if (!isNetworkFailure(error) || isServer) throw error;
    const index = await loadIndex(query.locale);
    return { data: searchIndex(index.items, query), fromDeviceIndex: true };
  }
}

export async function fetchProduct(locale: Locale, code: string): Promise<Loaded<ProductView>> {
  try {
    const data = await apiJson<ProductDetail>(productApiPath(locale, code));
    return { data, fromDeviceIndex: false };
  } catch (error) {
    // The server renders from its own API; the device's index is a browser's.
    if (!isNetworkFailure(error) || isServer) throw error;
    const index = await loadIndex(locale).catch(() => {
      throw error;
    });
    const summary = index.items.find((p) => p.code === code.toUpperCase());
    if (!summary) throw error;
    return { data: summary, fromDeviceIndex: true };
  }
}
