/**
 * After sign-in, a visitor cart with lines goes into the user's cart (MergeCart, the
 * old-cart merge rule: quantities add up to the line maximum) and the visitor cart is
 * cleared, both as queued commands, so the merge also works offline. When the user's cart
 * from an earlier visit holds products too, the person is asked first (SPEC 2.5 old-cart
 * merge modal): merge, or keep only the new products with the earlier cart saved, or later.
 */
import { BehaviorSubject } from 'rxjs';
import type { CartCommand } from '../../../domain/cart/commands';
import type { CartEvent } from '../../../domain/cart/events';
import type { CartState } from '../../../domain/cart/state';
import type { Storefront } from '../../../domain/storefront/storefronts';
import type { OpenStream } from '../sync/sync-engine';
import { newId, visitorCartKey } from './cart-session';
import type { ActiveCart, CartRequest, CartStore } from './cart-store';

/**
 * A visitor cart waiting to go into the user's cart, which holds products of its own: the
 * person decides (SPEC 2.5 old-cart merge modal).
 */
export interface MergeOffer {
  readonly visitorCartId: string;
  /** Units in the cart made before signing in, and in the user's earlier cart. */
  readonly newItems: number;
  readonly earlierItems: number;
}

export type MergeChoice =
  | { readonly choice: 'merge' }
  /** The new products only; the earlier cart's lines are kept as a saved cart first. */
  | { readonly choice: 'replace'; readonly savedName: string; readonly savedDescription: string }
  /** Ask again next time; the visitor cart stays as it is. */
  | { readonly choice: 'later' };

type CartStream = OpenStream<CartState, CartCommand, CartEvent>;

const units = (lines: readonly { quantity: number }[]) =>
  lines.reduce((n, line) => n + line.quantity, 0);

export class SignInMerge {
  /** A visitor cart the person is asked about after sign-in; null when there is none. */
  readonly offer$ = new BehaviorSubject<MergeOffer | null>(null);
  /** The visitor cart on offer, open, until the person decides or it empties. */
  private offered:
    | {
        readonly stream: CartStream;
        readonly target: ActiveCart;
        readonly watch: { unsubscribe(): void };
      }
    | undefined;

  constructor(private readonly store: CartStore) {}

  /**
   * The visitor's lines go into the user's cart and the visitor cart empties: at once when
   * the user's cart (as the server has it) is empty, else once the person has chosen.
   */
  async afterSignIn(
    storefront: Storefront,
    target: ActiveCart,
    visitorCartId: string | undefined,
    pulled: Promise<void>,
  ): Promise<void> {
    if (!visitorCartId || visitorCartId === target.cartId) return;
    const visitor = this.store.openCartStream(visitorCartId, storefront, null);
    await Promise.all([visitor.ready, pulled]);
    if (this.store.active$.getValue() !== target || visitor.stream.state.lines.length === 0) {
      return;
    }
    const earlier = target.stream.state$.getValue().lines;
    if (earlier.length === 0) {
      this.mergeInto(target, visitor);
      return;
    }
    // Another tab's choice (or anything that empties the visitor cart) ends the offer.
    const watch = visitor.state$.subscribe((state) => {
      if (state.lines.length === 0 && this.offered?.stream === visitor) this.withdraw();
    });
    this.offered = { stream: visitor, target, watch };
    this.offer$.next({
      visitorCartId,
      newItems: units(visitor.stream.state.lines),
      earlierItems: units(earlier),
    });
  }

  withdraw(): void {
    this.offered?.watch.unsubscribe();
    this.offered = undefined;
    if (this.offer$.getValue() !== null) this.offer$.next(null);
  }

  /** The visitor cart's lines and codes into the target cart; the visitor cart empties. */
  private mergeInto(target: ActiveCart, visitor: CartStream): void {
    const { lines, promotions, cartId } = visitor.stream.state;
    if (!cartId || lines.length === 0) return;
    const merge: CartRequest = {
      type: 'MergeCart',
      data: {
        fromCartId: cartId,
        items: lines.map((line) => ({ code: line.code, quantity: line.quantity })),
        promotionCodes: promotions.map((p) => p.code),
      },
    };
    this.store.sendTo(target, merge);
    this.store.sendToStream(
      visitor,
      target.storefront,
      { type: 'ClearCart', data: { reason: 'merged' } },
      [
        // The next visit starts a new visitor cart, stored with this command: a cart merges
        // into the user's cart once (`mergedFrom`), so reusing it would leave lines behind.
        { key: visitorCartKey(target.storefront.storeId), value: newId() },
      ],
    );
  }

  /**
   * The person's answer to the old-cart merge modal. `replace` saves the earlier cart's
   * lines as a saved cart before emptying it, so nothing is lost; a saved-cart rule that
   * refuses it (too many saved carts) throws its DomainError and nothing changes.
   */
  resolve(answer: MergeChoice): void {
    const offered = this.offered;
    if (!offered) return;
    const { target, stream } = offered;
    if (answer.choice === 'replace') {
      const earlier = target.stream.state$.getValue().lines;
      if (earlier.length > 0 && target.savedCarts) {
        this.store.savedCarts.save(answer.savedName, answer.savedDescription, earlier);
      }
      this.store.sendTo(target, { type: 'ClearCart', data: { reason: 'emptied' } });
    }
    if (answer.choice !== 'later') this.mergeInto(target, stream);
    this.withdraw();
  }
}
