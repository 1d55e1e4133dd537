/**
 * The data layer's product list events (domain/analytics/lists.ts) for the search and category
 * pages. Loaded after the first page is on screen, so a first visit to a search downloads none
 * of it before it shows the results.
 */
import {
  itemListOf,
  listOffset,
  selectItemEvent,
  viewItemListEvent,
} from '../../../domain/analytics/lists';
import type { ProductSummary, SearchQuery, SearchResult } from '../../../domain/catalog/catalog';
import { pushEvent } from '../../infra/analytics';

/** A page of results shown (nothing for a page without products). */
export function pushItemList(query: SearchQuery, result: SearchResult): void {
  const first = result.items[0];
  if (!first) return;
  pushEvent({
    ...viewItemListEvent(itemListOf(query), result.items, first.currency, listOffset(result)),
  });
}

/** A product of the page chosen. */
export function pushSelectItem(
  query: SearchQuery,
  result: SearchResult,
  product: ProductSummary,
): void {
  const at = result.items.indexOf(product);
  if (at < 0) return;
  pushEvent({
    ...selectItemEvent(itemListOf(query), product, product.currency, listOffset(result) + at),
  });
}
