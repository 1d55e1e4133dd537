/**
 * Which cart is this browser's in a store: the visitor's (an id made here and kept for every
 * tab), or a signed-in user's (the server's latest cart of theirs in that store, asked once;
 * a new one when there is none or the server cannot be reached). Ids live in the local
 * database's meta table.
 */
import { apiJson, ApiError } from '../api';
import type { LocalDb } from '../sync/local-db';
import type { Storefront } from '../../../domain/storefront/storefronts';

export const visitorCartKey = (storeId: string) => `cart:${storeId}:visitor`;
const userCartKey = (storeId: string, userId: string) => `cart:${storeId}:user:${userId}`;
/** A cart the server named (made on another device): pulled before anything is stored here. */
const serverCartKey = (cartId: string) => `server-cart:${cartId}`;

export function newId(): string {
  return crypto.randomUUID();
}

export class CartSession {
  constructor(private readonly db: LocalDb) {}

  /** The id kept for this key, made once for every tab (the first to ask makes it). */
  private async idFor(key: string, make: () => Promise<string>): Promise<string> {
    const known = await this.db.meta.get(key);
    if (typeof known?.value === 'string') return known.value;
    const made = await make();
    return this.db.transaction('rw', this.db.meta, async () => {
      const again = await this.db.meta.get(key);
      if (typeof again?.value === 'string') return again.value;
      await this.db.meta.put({ key, value: made });
      return made;
    });
  }

  visitorCartId(storeId: string): Promise<string> {
    return this.idFor(visitorCartKey(storeId), () => Promise.resolve(newId()));
  }

  /** The visitor cart's id if one was made here. */
  async knownVisitorCartId(storeId: string): Promise<string | undefined> {
    const known = await this.db.meta.get(visitorCartKey(storeId));
    return typeof known?.value === 'string' ? known.value : undefined;
  }

  /** The user's latest cart in this store, from the server; a new one when there is none. */
  userCartId(storefront: Storefront, userId: string): Promise<string> {
    return this.idFor(userCartKey(storefront.storeId, userId), async () => {
      try {
        const current = await apiJson<{ cartId: string | null }>(
          `/api/carts/current?locale=${encodeURIComponent(storefront.locale)}`,
        );
        if (current.cartId) {
          await this.db.meta.put({ key: serverCartKey(current.cartId), value: true });
        }
        return current.cartId ?? newId();
      } catch (error) {
        // Offline, or the session is being renewed: a new cart, merged like any other.
        if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401) {
          return newId();
        }
        throw error;
      }
    });
  }

  /**
   * The user's cart in this store is from now on the one the server named (made on another
   * device, or by customer service for them): pulled before anything is stored here.
   */
  async adoptUserCart(storeId: string, userId: string, cartId: string): Promise<void> {
    await this.db.transaction('rw', this.db.meta, async () => {
      await this.db.meta.put({ key: serverCartKey(cartId), value: true });
      await this.db.meta.put({ key: userCartKey(storeId, userId), value: cartId });
    });
  }

  /** Whether the server may hold events of this cart that this browser has not. */
  async serverMayKnow(cartId: string, streamId: string): Promise<boolean> {
    const known = await this.db.streams.get(streamId);
    return Boolean(known?.version) || (await this.db.meta.get(serverCartKey(cartId))) !== undefined;
  }
}
