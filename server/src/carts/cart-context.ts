/**
 * The server's context for the cart decider: the products a command names (and the lines
 * already in the cart) with the store's price and stock, and the promotion codes it names,
 * read before the command is decided, and the acting user's customer accounts when a command
 * chooses one or starts a cart. The server's clock decides whether a code is active, never
 * the browser's.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { CartCommand } from '../../../domain/cart/commands';
import type { CartContext, CartProduct, CartPromotion } from '../../../domain/cart/context';
import { normalizeCode } from '../../../domain/cart/decide';
import type { CartAccount, CartOwner, CartState } from '../../../domain/cart/state';
import type { Level, ProductFormat } from '../../../domain/catalog/catalog';
import {
  allStorefronts,
  storefrontFor,
  type Storefront,
} from '../../../domain/storefront/storefronts';
import type { ContextProvider } from '../event-store/event-store';
import { cartAccountsOf } from '../customers/customer-repository';
import { switchedAccountId } from '../profile/buying-as';
import { productPrices, products, promotions } from '../db/schema';
import type { Db } from '../db/database';

export function productCodesOf(command: CartCommand, state: CartState): string[] {
  const named = (() => {
    switch (command.type) {
      case 'AddItem':
      case 'ChangeQuantity':
      case 'RemoveItem':
        return [command.data.code];
      case 'AddItems':
      case 'MergeCart':
        return command.data.items.map((i) => i.code);
      default:
        return [];
    }
  })();
  return [...new Set([...named.map(normalizeCode), ...state.lines.map((l) => l.code)])];
}

export function promotionCodesOf(command: CartCommand): string[] {
  if (command.type === 'ApplyPromotion') return [normalizeCode(command.data.code)];
  if (command.type === 'MergeCart') return command.data.promotionCodes.map(normalizeCode);
  return [];
}

/** How long a product's price and stock, or a promotion, is reused before it is read again. */
export const CATALOG_CACHE_MS = 5_000;

/** Codes remembered per store at most. */
const MAX_CACHED_CODES = 20_000;

interface Cached<T> {
  readonly value: T | undefined;
  readonly until: number;
}

/**
 * A few seconds' memory of the products and codes carts name, so a busy cart does not read
 * the same rows for every command. Prices and codes change rarely; stock counts at the cart
 * stage only to lower a quantity, and checkout checks it again.
 */
/** The map's value for the key, made and kept when missing. */
function ensured<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

export class CartCatalogCache {
  /** By store, then by code (a cart names every line's product on every command). */
  private readonly products = new Map<string, Map<string, Cached<CartProduct>>>();
  private readonly promotions = new Map<string, Map<string, Cached<CartPromotion>>>();
  /** Reads in flight, per map of `products` or `promotions`, by code. */
  private readonly reading = new WeakMap<object, Map<string, Promise<unknown>>>();

  constructor(private readonly clock: () => number = Date.now) {}

  private static of<T>(
    maps: Map<string, Map<string, Cached<T>>>,
    storeId: string,
  ): Map<string, Cached<T>> {
    return ensured(maps, storeId, () => new Map<string, Cached<T>>());
  }

  /**
   * Room for `adding` more: entries past their time go first, and a map still full (codes
   * made up by the thousand) starts again, so memory stays bounded whatever carts name.
   */
  private static makeRoom<T>(map: Map<string, Cached<T>>, adding: number, now: number): void {
    if (map.size + adding <= MAX_CACHED_CODES) return;
    for (const [code, hit] of map) if (hit.until <= now) map.delete(code);
    if (map.size + adding > MAX_CACHED_CODES) map.clear();
  }

  /**
   * The answers for these codes: from memory while fresh, else read (`read` gets the codes
   * missing) and remembered. A code another call is reading already is not read again: the
   * call waits for that read (so when a product's time runs out, the many carts naming it
   * make one read, not one each). The answers are the call's own, taken before any room is
   * made, so a code this call found is never lost to another call's clearing.
   */
  private async lookup<T>(
    known: Map<string, Cached<T>>,
    codes: readonly string[],
    read: (missing: string[]) => Promise<Map<string, T>>,
  ): Promise<(code: string) => T | undefined> {
    const now = this.clock();
    const answers = new Map<string, T | undefined>();
    const missing: string[] = [];
    const waiting: Promise<void>[] = [];
    const reading = ensured(this.reading, known, () => new Map()) as Map<
      string,
      Promise<T | undefined>
    >;
    for (const code of codes) {
      const hit = known.get(code);
      if (hit && hit.until > now) {
        answers.set(code, hit.value);
        continue;
      }
      const pending = reading.get(code);
      if (pending) {
        const waited = pending.then((value) => void answers.set(code, value));
        // Awaited below, after this call's own read: a rejection before then is not unhandled.
        waited.catch(() => undefined);
        waiting.push(waited);
      } else missing.push(code);
    }
    if (missing.length > 0) {
      const found = read(missing);
      for (const code of missing) {
        const one = found.then((map) => map.get(code));
        // A failed read fails its callers; the next call reads again.
        one.catch(() => undefined);
        reading.set(code, one);
      }
      try {
        const map = await found;
        const readAt = this.clock();
        CartCatalogCache.makeRoom(known, missing.length, readAt);
        for (const code of missing) {
          const value = map.get(code);
          known.set(code, { until: readAt + CATALOG_CACHE_MS, value });
          answers.set(code, value);
        }
      } finally {
        for (const code of missing) reading.delete(code);
      }
    }
    if (waiting.length > 0) await Promise.all(waiting);
    return (code: string) => answers.get(code);
  }

  productLookup(tx: Db, storeId: string, codes: readonly string[]) {
    return this.lookup(CartCatalogCache.of(this.products, storeId), codes, async (missing) => {
      const rows = await tx
        .select({
          code: products.code,
          name: products.name,
          program: products.program,
          format: products.format,
          qualificationLevel: products.qualificationLevel,
          notDiscountable: products.notDiscountable,
          soldOnline: products.soldOnline,
          orderableOnline: products.orderableOnline,
          preOrder: products.preOrder,
          aimsweb: products.aimsweb,
          minOrderQuantity: products.minOrderQuantity,
          maxOrderQuantity: products.maxOrderQuantity,
          stock: products.stock,
          unitPriceMinor: productPrices.amountMinor,
        })
        .from(products)
        .leftJoin(
          productPrices,
          and(eq(productPrices.productCode, products.code), eq(productPrices.storeId, storeId)),
        )
        .where(inArray(products.code, missing));
      return new Map(
        rows.map((p): [string, CartProduct] => [
          p.code,
          {
            ...p,
            format: p.format as ProductFormat,
            qualificationLevel: p.qualificationLevel as Level,
          },
        ]),
      );
    });
  }

  promotionLookup(tx: Db, storeId: string, codes: readonly string[]) {
    return this.lookup(CartCatalogCache.of(this.promotions, storeId), codes, async (missing) => {
      const rows = await tx
        .select()
        .from(promotions)
        .where(
          and(
            inArray(promotions.code, missing),
            or(isNull(promotions.storeId), eq(promotions.storeId, storeId)),
          ),
        );
      return new Map(
        rows.map((p): [string, CartPromotion] => [
          p.code,
          {
            code: p.code,
            name: p.name,
            enabled: p.enabled,
            startsAt: p.startsAt.toISOString(),
            endsAt: p.endsAt?.toISOString() ?? null,
            appliesTo:
              p.appliesTo === 'products'
                ? { kind: 'products', productCodes: p.productCodes }
                : { kind: 'cart' },
            minimumSubtotalMinor: p.minimumSubtotalMinor,
            discountBasisPoints: p.discountBasisPoints,
          },
        ]),
      );
    });
  }
}

/**
 * The account a user's new cart is priced for: their only account, else the one they switched
 * to buy as (decision 062), else none (they choose).
 */
async function defaultAccountOf(
  db: Db,
  owner: CartOwner,
  accounts: readonly CartAccount[],
): Promise<CartAccount | null> {
  if (accounts.length === 1) return accounts[0] ?? null;
  if (accounts.length === 0 || owner.kind !== 'user') return null;
  const chosen = await switchedAccountId(db, owner.id);
  return accounts.find((account) => account.id === chosen) ?? null;
}

export async function loadCartContext(
  tx: Db,
  options: { cartId: string; storefront: Storefront; actor: CartOwner; cache: CartCatalogCache },
  command: CartCommand,
  state: CartState,
): Promise<CartContext> {
  const { storefront, cache } = options;
  const product = await cache.productLookup(tx, storefront.storeId, productCodesOf(command, state));
  const promotion = await cache.promotionLookup(tx, storefront.storeId, promotionCodesOf(command));
  // A user's accounts are read when they matter: to choose one, or to price a new cart.
  const accounts: CartAccount[] =
    options.actor.kind === 'user' && (command.type === 'ChooseAccount' || state.cartId === null)
      ? await cartAccountsOf(tx, options.actor.id)
      : [];
  return {
    cartId: options.cartId,
    storeId: storefront.storeId,
    currency: storefront.currency,
    actor: options.actor,
    product,
    promotion,
    account: (id) => accounts.find((account) => account.id === id),
    defaultAccount: await defaultAccountOf(tx, options.actor, accounts),
  };
}

/**
 * The cart kind's context for the event store: one context for a whole batch, with every
 * product and code its commands (and the cart's lines) name. The storefront is the one the
 * push came from, else the cart's own store's (a command a process manager issues).
 */
export function cartContextProvider(
  cache: CartCatalogCache = new CartCatalogCache(),
): ContextProvider {
  return async ({ db, row, state, commands, actor, locale }) => {
    const cart = state as CartState;
    const list = commands as readonly CartCommand[];
    const storefront =
      (locale ? storefrontFor(locale) : undefined) ??
      allStorefronts().find((s) => s.storeId === row.storeId);
    if (!storefront) throw new Error(`No storefront for the cart ${row.streamId}`);
    const codes = [...new Set(list.flatMap((command) => productCodesOf(command, cart)))];
    const promotionCodes = [...new Set(list.flatMap(promotionCodesOf))];
    const product = await cache.productLookup(db, storefront.storeId, codes);
    const promotion = await cache.promotionLookup(db, storefront.storeId, promotionCodes);
    const owner: CartOwner =
      actor.kind === 'user' || actor.kind === 'visitor'
        ? { kind: actor.kind, id: actor.id }
        : { kind: row.ownerKind === 'user' ? 'user' : 'visitor', id: row.ownerId };
    const needsAccounts =
      owner.kind === 'user' &&
      (cart.cartId === null || list.some((command) => command.type === 'ChooseAccount'));
    const accounts: CartAccount[] = needsAccounts ? await cartAccountsOf(db, owner.id) : [];
    return {
      cartId: row.streamId.slice(row.streamId.indexOf(':') + 1),
      storeId: storefront.storeId,
      currency: storefront.currency,
      actor: owner,
      product,
      promotion,
      account: (id: string) => accounts.find((account) => account.id === id),
      defaultAccount: await defaultAccountOf(db, owner, accounts),
    } satisfies CartContext;
  };
}
