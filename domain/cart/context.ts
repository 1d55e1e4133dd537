/**
 * What the cart's decider needs to know about the world: the products (from the server's
 * catalog, or the copy the browser keeps), the promotion codes, the store the cart sells in
 * and who acts. The browser and the server each pass their own.
 */
import type { Level, ProductFormat } from '../catalog/catalog';
import type { PromotionForCode } from '../pricing/promotions';
import type { CartAccount, CartOwner } from './state';

export interface CartProduct {
  readonly code: string;
  readonly name: string;
  readonly program: string;
  readonly format: ProductFormat;
  readonly qualificationLevel: Level;
  readonly notDiscountable: boolean;
  readonly soldOnline: boolean;
  readonly orderableOnline: boolean;
  readonly preOrder: boolean;
  readonly aimsweb: boolean;
  readonly minOrderQuantity: number | null;
  readonly maxOrderQuantity: number | null;
  /** Units on hand for a physical item; null when not tracked or not known here. */
  readonly stock: number | null;
  /** The store's price in minor units; null when the store does not sell it. */
  readonly unitPriceMinor: number | null;
}

export interface CartPromotion extends PromotionForCode {
  readonly name: string;
  readonly discountBasisPoints: number;
}

export interface CartContext {
  /** The cart the command is for: a new cart takes this id. */
  readonly cartId: string;
  readonly storeId: string;
  readonly currency: string;
  /** Who issues the command; a new cart belongs to them. */
  readonly actor: CartOwner;
  product(code: string): CartProduct | undefined;
  promotion(code: string): CartPromotion | undefined;
  /** A customer account the actor may order for; undefined for any other (or not known here). */
  account(id: string): CartAccount | undefined;
  /**
   * The account a user's new cart is priced for: their only account when they have one, else
   * the one they switched to buy as (SPEC 1). Null when there is none to choose for them (or
   * this side does not know).
   */
  readonly defaultAccount: CartAccount | null;
}
