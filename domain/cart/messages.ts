/** What the cart tells people when the server changed or refused something (SPEC 8). */
import type { MessageDescriptor } from '../shared/message';

export const CART_MESSAGES = {
  /** Decision 051: a cart ordering a quote keeps the quote's lines. */
  holdsQuote: /*i18n*/ {
    id: 'cart.holds-quote',
    message:
      'This cart holds quote {number} at its quoted prices. Remove the quote from the cart to change it.',
  },
  itemsNeedUpdate: /*i18n*/ {
    id: 'cart.items-need-update',
    message: 'Some items in your cart need to be updated...',
  },
  /** SPEC 8: insufficient stock reduces the quantity, giving old and new quantity. */
  insufficientStock: /*i18n*/ {
    id: 'cart.insufficient-stock',
    message:
      'There is not enough stock of {product}. Its quantity was changed from {oldQuantity} to {newQuantity}.',
  },
  outOfStock: /*i18n*/ {
    id: 'cart.out-of-stock',
    message: 'Product {code} is out of stock.',
  },
  notPriced: /*i18n*/ {
    id: 'cart.not-priced',
    message: 'Product {code} cannot be bought in this store.',
  },
  lineMissing: /*i18n*/ {
    id: 'cart.line-missing',
    message: 'Product {code} is no longer in your cart.',
  },
  otherStore: /*i18n*/ {
    id: 'cart.other-store',
    message: 'This cart belongs to another store.',
  },
  notYours: /*i18n*/ {
    id: 'cart.not-yours',
    message: 'This cart belongs to someone else.',
  },
  itemsNotAdded: /*i18n*/ {
    id: 'cart.items-not-added',
    message: 'Some products could not be added to your cart.',
  },
} as const satisfies Record<string, MessageDescriptor>;
