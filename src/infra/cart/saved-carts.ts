/**
 * A signed-in user's saved carts (SPEC 5): save the cart's lines under a name, restore one
 * into the cart (added to it, or instead of it), delete one. Every change is a command of
 * the saved-carts stream, queued and synced like the cart's.
 */
import type { CartLine } from '../../../domain/cart/state';
import type {
  SavedCartCommand,
  SavedCartEvent,
  SavedCartsState,
} from '../../../domain/saved-cart/saved-carts';
import type { DistributiveOmit } from '../../../domain/shared/types';
import type { OpenStream } from '../sync/sync-engine';
import { newId } from './cart-session';
import type { ActiveCart, CartStore } from './cart-store';

export type SavedCartRequest = DistributiveOmit<SavedCartCommand, 'metadata'>;

export class SavedCarts {
  constructor(private readonly store: CartStore) {}

  private current(): {
    active: ActiveCart;
    stream: OpenStream<SavedCartsState, SavedCartCommand, SavedCartEvent>;
  } {
    const active = this.store.active$.getValue();
    if (!active?.savedCarts || !active.owner) throw new Error('Saved carts need a signed-in user.');
    return { active, stream: active.savedCarts };
  }

  private send(request: SavedCartRequest): {
    events: readonly SavedCartEvent[];
    saved: Promise<void>;
  } {
    const { active, stream } = this.current();
    const command: SavedCartCommand = {
      ...request,
      metadata: { commandId: newId(), now: new Date().toISOString() },
    };
    return this.store.engine.dispatch(stream, command, {
      locale: active.storefront.locale,
      userId: active.owner?.id,
    });
  }

  /** Saves lines under a name (SPEC 5 rules); throws the rule a name breaks. */
  save(
    name: string,
    description: string | undefined,
    lines: readonly CartLine[],
  ): { savedCartId: string; saved: Promise<void> } {
    const savedCartId = newId();
    const result = this.send({
      type: 'SaveCart',
      data: {
        savedCartId,
        name,
        ...(description ? { description } : {}),
        lines: lines.map((line) => ({
          code: line.code,
          name: line.name,
          programName: line.programName,
          quantity: line.quantity,
        })),
      },
    });
    return { savedCartId, saved: result.saved };
  }

  /**
   * Puts a saved cart's lines into the active cart (the store checks each again): added to
   * what is there (SPEC 2.5 old-cart merge), or instead of it.
   */
  restore(savedCartId: string, mode: 'merge' | 'replace'): { saved: Promise<void> } {
    const { active } = this.current();
    const emptied =
      mode === 'replace'
        ? this.store.sendTo(active, { type: 'ClearCart', data: { reason: 'emptied' } })
        : null;
    const restored = this.send({
      type: 'RestoreSavedCart',
      data: { savedCartId, intoCartId: active.cartId },
    });
    const lines = restored.events.flatMap((e) =>
      e.type === 'SavedCartRestored' ? e.data.lines : [],
    );
    const cart = this.store.addItems(
      lines.map((l) => ({ code: l.code, quantity: l.quantity })),
      'saved-cart',
    );
    return { saved: Promise.all([emptied?.saved, restored.saved, cart.saved]).then(() => {}) };
  }

  delete(savedCartId: string): { saved: Promise<void> } {
    return { saved: this.send({ type: 'DeleteSavedCart', data: { savedCartId } }).saved };
  }
}
