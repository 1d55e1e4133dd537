/**
 * The search page's data, loaded in one place per route (the route's loader): on the server
 * for a first visit, in the browser when the buyer moves to the page. The same calls work
 * offline in the browser (the worker's copies, then the index kept on this device). The
 * product page's loader is in product-loader.ts: a product page does not read a search.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { SearchQuery, SearchResult } from '../../../domain/catalog/catalog';
import { SEARCH_PARAMS, searchQueryOf } from '../../../domain/catalog/search-query';
import type { Locale } from '../../../domain/storefront/storefronts';
import { preload, type Preloaded } from '../../infra/use-load';
import { storefrontOfParams } from '../../shell/use-storefront';
import { searchCatalog, searchParamsOf, type Loaded } from './api';

export const QUERY_KEYS = SEARCH_PARAMS;

/** The query of the address; a value the store does not know is left out, not an error. */
export function queryFromParams(locale: Locale, params: URLSearchParams): SearchQuery {
  return searchQueryOf(locale, params);
}

export function searchKey(query: SearchQuery): string {
  return searchParamsOf(query).toString();
}

export type SearchData = Preloaded<Loaded<SearchResult>>;

export function searchLoader({ params, request }: LoaderFunctionArgs): Promise<SearchData> {
  const { locale } = storefrontOfParams(params);
  const query = queryFromParams(locale, new URL(request.url).searchParams);
  return preload(searchKey(query), () => searchCatalog(query));
}
