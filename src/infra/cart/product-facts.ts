/**
 * What this browser knows of each store's products (from the index, search results and
 * product pages), so the cart can be decided offline. Kept in the local database beside the
 * outbox: a product added for the first time is stored in the same transaction as the
 * command that adds it, so no tab ever finds the command without the product.
 */
import type { CartProduct } from '../../../domain/cart/context';
import type { LocalDb, MetaEntry } from '../sync/local-db';

const productsKey = (storeId: string) => `cart-products:${storeId}`;

function sameProduct(a: CartProduct, b: CartProduct): boolean {
  return (Object.keys(b) as (keyof CartProduct)[]).every((key) => a[key] === b[key]);
}

export class ProductFacts {
  private readonly stores = new Map<string, Map<string, CartProduct>>();

  constructor(private readonly db: LocalDb) {}

  /** The live map of a store's known products (deciders read it). */
  of(storeId: string): Map<string, CartProduct> {
    let known = this.stores.get(storeId);
    if (!known) {
      known = new Map();
      this.stores.set(storeId, known);
    }
    return known;
  }

  /** Reads what other tabs (or earlier visits) stored. */
  async load(storeId: string): Promise<void> {
    const stored = await this.db.meta.get(productsKey(storeId));
    const known = this.of(storeId);
    if (!Array.isArray(stored?.value)) return;
    for (const product of stored.value as CartProduct[]) {
      if (!known.has(product.code)) known.set(product.code, product);
    }
  }

  /**
   * Learns what a screen knows of products; the stored list to write when something is
   * new, else undefined (adding a known product again costs no I/O). Written, it merges with
   * what other tabs stored meanwhile: their products are kept, these ones are updated.
   */
  learn(storeId: string, products: readonly CartProduct[]): MetaEntry | undefined {
    const known = this.of(storeId);
    const learned: CartProduct[] = [];
    for (const product of products) {
      const before = known.get(product.code);
      if (before && sameProduct(before, product)) continue;
      known.set(product.code, product);
      learned.push(product);
    }
    if (learned.length === 0) return undefined;
    return {
      key: productsKey(storeId),
      value: [...known.values()],
      merge: (stored) => {
        const merged = new Map(
          (Array.isArray(stored) ? (stored as CartProduct[]) : []).map((p) => [p.code, p]),
        );
        for (const product of known.values()) {
          if (!merged.has(product.code)) merged.set(product.code, product);
        }
        for (const product of learned) merged.set(product.code, product);
        return [...merged.values()];
      },
    };
  }

  /** Learns and stores at once (merged with what other tabs stored). */
  async remember(storeId: string, products: readonly CartProduct[]): Promise<void> {
    const facts = this.learn(storeId, products);
    if (facts) await this.persist(facts);
  }

  /** Stores what `learn` gave, merged with what other tabs stored. */
  async persist(facts: MetaEntry): Promise<void> {
    await this.db.transaction('rw', this.db.meta, async () => {
      const stored = await this.db.meta.get(facts.key);
      await this.db.meta.put({
        key: facts.key,
        value: facts.merge ? facts.merge(stored?.value) : facts.value,
      });
    });
  }
}
