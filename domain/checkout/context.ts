/**
 * What the checkout decider needs to know about the world: the buyer, the store, the cart
 * as this side holds it now, and the buyer's checkout facts. The browser passes its copy
 * (kept for offline use); the server passes its own, read when the command is decided.
 */
import type { Locale } from '../storefront/storefronts';
import type { CheckoutCart } from './cart-snapshot';
import type { CheckoutFacts } from './facts';

export interface CheckoutContext {
  /** The checkout the command is for: a new checkout takes this id. */
  readonly checkoutId: string;
  readonly storeId: string;
  readonly locale: Locale;
  /** The signed-in buyer who issues the command. */
  readonly userId: string;
  /** The cart as this side knows it now; null when it does not. */
  readonly cart: CheckoutCart | null;
  /** The buyer's facts; null when this side does not know them. */
  readonly facts: CheckoutFacts | null;
}
