/**
 * What the cart needs to know of a product, from the index or a product page. Apart from the
 * cart's stream (cart-stream.ts, with the decider) so a page that only offers "Add to cart"
 * does not load the cart's core before it is on screen (decision 041).
 */
import type { CartProduct } from '../../../domain/cart/context';
import type { CatalogIndexItem, ProductDetail } from '../../../domain/catalog/catalog';

export function cartProductOf(item: CatalogIndexItem | ProductDetail): CartProduct {
  return {
    code: item.code,
    name: item.name,
    program: item.program,
    format: item.format,
    qualificationLevel: item.qualificationLevel,
    notDiscountable: item.notDiscountable,
    soldOnline: item.availability !== 'not-sold-online',
    orderableOnline: item.availability !== 'not-orderable-online',
    preOrder: item.availability === 'pre-order',
    aimsweb: item.aimsweb,
    minOrderQuantity: item.minOrderQuantity,
    maxOrderQuantity: item.maxOrderQuantity,
    // Out of stock is known from the availability; how many are left only the server knows.
    stock: item.availability === 'out-of-stock' ? 0 : null,
    unitPriceMinor: item.priceMinor,
  };
}
