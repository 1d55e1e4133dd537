/**
 * The validation messages a product page says (SPEC 5): part of V (messages.ts), apart so
 * that a product page does not load every validation message.
 */
import type { MessageDescriptor } from '../shared/message';

export const PRODUCT_MESSAGES = {
  quantityEmpty: /*i18n*/ {
    id: 'validation.quantity.empty',
    message: 'Quantity field cannot be empty.',
  },
  quickOrderNotSoldOnline: /*i18n*/ {
    id: 'validation.quick-order.not-sold-online',
    message: 'Product {code} is not sold online.',
  },
  quickOrderNotOrderableOnline: /*i18n*/ {
    id: 'validation.quick-order.not-orderable-online',
    message: 'Product {code} cannot be ordered via the website.',
  },
} as const satisfies Record<string, MessageDescriptor>;
