/**
 * The analytics events of product lists (GA4's recommended events, pushed to the data layer):
 * `view_item_list` when a page of search results or of a category is shown, and `select_item`
 * when a product of it is chosen. The list is named by what it is, in words that do not change
 * with the language of the store (a search, a category by its slug, every product); each
 * product has its SPEC 3 analytics product entry fields and its GA4 `index`, its place in the
 * whole list from 0 (the next page goes on from where the page before stopped).
 */
import type { ProductSummary, SearchQuery } from '../catalog/catalog';
import { minorDigits } from '../pricing/money';

export interface ItemList {
  readonly item_list_id: string;
  readonly item_list_name: string;
}

/** A product of a list. A product the store has no price for has none here either. */
export interface ListItemEntry extends ItemList {
  readonly item_id: string;
  readonly name: string;
  readonly program: string;
  readonly price?: number;
  readonly discountPrice?: number;
  readonly quantity: 1;
  /** 1-based place in the list the person saw (SPEC 3). */
  readonly position: number;
  /** GA4's place in the list, from 0. */
  readonly index: number;
}

export interface ItemListEvent {
  readonly event: 'view_item_list' | 'select_item';
  readonly ecommerce: ItemList & {
    readonly currency: string;
    readonly items: readonly ListItemEntry[];
  };
}

/** The list a search shows: the search for words, else the category, else every product. */
export function itemListOf(query: Pick<SearchQuery, 'q' | 'category'>): ItemList {
  if (query.q) return { item_list_id: 'search_results', item_list_name: 'Search results' };
  if (query.category) {
    return {
      item_list_id: `category_${query.category}`,
      item_list_name: `Category: ${query.category}`,
    };
  }
  return { item_list_id: 'all_products', item_list_name: 'All products' };
}

function listEntry(list: ItemList, product: ProductSummary, index: number): ListItemEntry {
  // Major units (the money module the page has already, not the cart's analytics).
  const price =
    product.priceMinor === null
      ? undefined
      : product.priceMinor / 10 ** minorDigits(product.currency);
  return {
    item_id: product.code,
    name: product.name,
    program: product.program,
    ...(price === undefined ? {} : { price, discountPrice: price }),
    quantity: 1,
    position: index + 1,
    index,
    ...list,
  };
}

/** Where a page starts in the whole list: 0 for the first. */
export function listOffset(result: { readonly page: number; readonly pageSize: number }): number {
  return Math.max(0, result.page - 1) * result.pageSize;
}

/** A page of a list shown: its products from `offset` on. */
export function viewItemListEvent(
  list: ItemList,
  products: readonly ProductSummary[],
  currency: string,
  offset: number,
): ItemListEvent {
  return {
    event: 'view_item_list',
    ecommerce: {
      ...list,
      currency,
      items: products.map((product, i) => listEntry(list, product, offset + i)),
    },
  };
}

/** A product chosen from a list, at `index` in the whole list. */
export function selectItemEvent(
  list: ItemList,
  product: ProductSummary,
  currency: string,
  index: number,
): ItemListEvent {
  return {
    event: 'select_item',
    ecommerce: { ...list, currency, items: [listEntry(list, product, index)] },
  };
}
