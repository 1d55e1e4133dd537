/** The cart aggregate's public surface. */
export type { CartCommand, CartCommandType, ItemRequest } from './commands';
export type { CartContext, CartProduct, CartPromotion } from './context';
export { cartDecider, decide as decideCart, evolve as evolveCart, normalizeCode } from './decide';
export { CART_EVENT_VERSIONS, type CartEvent, type CartEventType } from './events';
export { MAX_LINE_QUANTITY } from './limits';
export { CART_MESSAGES } from './messages';
export { cartSummary, type CartLineView, type CartSummary } from './projections/summary';
export {
  initialCartState,
  type AppliedPromotion,
  type CartLine,
  type CartOwner,
  type CartState,
  type NotAddedItem,
  type QuantityReduction,
} from './state';
export {
  CART_UPCASTERS,
  isCurrentCartEvent,
  upcastCartEvent,
  type CartItemAddedV1,
  type StoredCartEvent,
} from './upcast';
