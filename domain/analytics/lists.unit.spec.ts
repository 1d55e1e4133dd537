import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '../catalog/catalog';
import { itemListOf, listOffset, selectItemEvent, viewItemListEvent } from './lists';

function product(code: string, priceMinor: number | null): ProductSummary {
  return {
    code,
    name: `Product ${code}`,
    program: 'Westbrook Reading Inventory',
    category: 'academic-learning',
    format: 'physical-kit',
    qualificationLevel: 'B',
    availability: priceMinor === null ? 'not-sold-online' : 'in-stock',
    priceMinor,
    currency: 'GBP',
  };
}

describe('product list analytics events (GA4 lists, SPEC 3 analytics product entry)', () => {
  it('names a list by what it shows, whatever the language of the store', () => {
    expect(itemListOf({ q: 'westbrook', category: 'behavior' })).toEqual({
      item_list_id: 'search_results',
      item_list_name: 'Search results',
    });
    expect(itemListOf({ category: 'speech-language' })).toEqual({
      item_list_id: 'category_speech-language',
      item_list_name: 'Category: speech-language',
    });
    expect(itemListOf({})).toEqual({
      item_list_id: 'all_products',
      item_list_name: 'All products',
    });
  });

  it('places a page’s products in the whole list, from 0, a product without price without one', () => {
    const list = itemListOf({ q: 'westbrook' });
    const offset = listOffset({ page: 2, pageSize: 24 });
    expect(offset).toBe(24);
    expect(listOffset({ page: 1, pageSize: 24 })).toBe(0);
    const event = viewItemListEvent(
      list,
      [product('A-KIT', 86499), product('B-SVC', null)],
      'GBP',
      offset,
    );
    expect(event).toEqual({
      event: 'view_item_list',
      ecommerce: {
        item_list_id: 'search_results',
        item_list_name: 'Search results',
        currency: 'GBP',
        items: [
          {
            item_id: 'A-KIT',
            name: 'Product A-KIT',
            program: 'Westbrook Reading Inventory',
            price: 864.99,
            discountPrice: 864.99,
            quantity: 1,
            position: 25,
            index: 24,
            item_list_id: 'search_results',
            item_list_name: 'Search results',
          },
          {
            item_id: 'B-SVC',
            name: 'Product B-SVC',
            program: 'Westbrook Reading Inventory',
            quantity: 1,
            position: 26,
            index: 25,
            item_list_id: 'search_results',
            item_list_name: 'Search results',
          },
        ],
      },
    });
  });

  it('gives the product chosen with its place in the list', () => {
    const list = itemListOf({ category: 'behavior' });
    const event = selectItemEvent(list, product('C-KIT', 12000), 'GBP', 3);
    expect(event.event).toBe('select_item');
    expect(event.ecommerce).toMatchObject({
      item_list_id: 'category_behavior',
      item_list_name: 'Category: behavior',
      currency: 'GBP',
    });
    expect(event.ecommerce.items).toEqual([
      expect.objectContaining({ item_id: 'C-KIT', index: 3, position: 4, price: 120 }),
    ]);
  });
});
