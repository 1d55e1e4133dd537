/**
 * The cart of the storefront in use, for every screen: which cart it is (the visitor's, kept
 * in this browser, or the signed-in user's, asked of the server once), its state as an
 * observable that moves in the same task as a command, and the commands to change it. Every
 * command goes through the sync engine's outbox, so it survives a reload, a closed tab or a
 * restart, and is sent when the connection allows (on start, when the browser comes back
 * online, a moment after each change and then every 30 s while anything waits).
 *
 * A signed-in user's saved carts are a synced stream beside the cart (save, restore into the
 * cart, delete), and each store's quick order draft is kept on the device; its valid rows go
 * into the cart in one command.
 *
 * After sign-in, a visitor cart with lines goes into the user's cart (MergeCart, the
 * old-cart merge rule: quantities add up to the line maximum) and the visitor cart is
 * cleared, both as queued commands, so the merge also works offline. When the user's cart
 * from an earlier visit holds products too, the person is asked first (SPEC 2.5 old-cart
 * merge modal): merge, or keep only the new products with the earlier cart saved, or later.
 */
import { BehaviorSubject, map, of, switchMap, type Observable } from 'rxjs';
import { cartChangeEvents, type AddToCartSource } from '../../../domain/analytics/ecommerce';
import type { CartCommand } from '../../../domain/cart/commands';
import { normalizeCode } from '../../../domain/cart/decide';
import { DomainError } from '../../../domain/shared/domain-error';
import { V } from '../../../domain/validation/messages';
import type { CartProduct } from '../../../domain/cart/context';
import type { CartEvent } from '../../../domain/cart/events';
import { cartSummary, type CartSummary } from '../../../domain/cart/projections/summary';
import { initialCartState, type CartOwner, type CartState } from '../../../domain/cart/state';
import type {
  SavedCartCommand,
  SavedCartEvent,
  SavedCartsState,
} from '../../../domain/saved-cart/saved-carts';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { pushEvent } from '../analytics';
import { online$ } from '../connectivity';
import { apiJson, ApiError } from '../api';
import { currentUser$, type SignedInUser } from '../session';
import { openLocalDb, type LocalDb, type MetaEntry } from '../sync/local-db';
import { SyncEngine, type OpenStream, type SyncNotice } from '../sync/sync-engine';
import { httpTransport } from '../sync/transport';
import { browserCartContext, cartDefinition, cartStreamId } from './cart-stream';
import { QuickOrderStore } from './quick-order-store';
import { savedCartsDefinition, savedCartsStreamId } from './saved-carts-stream';

const RETRY_MS = 30_000;
const SOON_MS = 300;
const BACKOFF_FIRST_MS = 1_000;

export interface ActiveCart {
  readonly cartId: string;
  readonly storefront: Storefront;
  readonly owner: CartOwner | null;
  readonly stream: OpenStream<CartState, CartCommand, CartEvent>;
  /** The signed-in user's saved carts; null for a visitor. */
  readonly savedCarts: OpenStream<SavedCartsState, SavedCartCommand, SavedCartEvent> | null;
}

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

/** A command as a screen issues it: the store adds its id and time. */
export type CartRequest = Omit<CartCommand, 'metadata'> & { readonly metadata?: never };

const visitorKey = (storeId: string) => `cart:${storeId}:visitor`;
const userKey = (storeId: string, userId: string) => `cart:${storeId}:user:${userId}`;
const productsKey = (storeId: string) => `cart-products:${storeId}`;
/** A cart the server named (made on another device): pulled before anything is stored here. */
const serverCartKey = (cartId: string) => `server-cart:${cartId}`;

function newId(): string {
  return crypto.randomUUID();
}

const online = (): boolean => online$.getValue();

export class CartStore {
  readonly active$ = new BehaviorSubject<ActiveCart | null>(null);
  readonly state$: Observable<CartState>;
  readonly summary$: Observable<CartSummary>;
  readonly notices$: Observable<SyncNotice>;
  readonly queued$: BehaviorSubject<number>;
  /** A visitor cart the person is asked about after sign-in; null when there is none. */
  readonly mergeOffer$ = new BehaviorSubject<MergeOffer | null>(null);
  /** The visitor cart on offer, open, until the person decides or it empties. */
  private offered:
    | {
        readonly stream: OpenStream<CartState, CartCommand, CartEvent>;
        readonly target: ActiveCart;
        readonly watch: { unsubscribe(): void };
      }
    | undefined;
  /** What this browser knows of each store's products (persisted for offline restarts). */
  private readonly products = new Map<string, Map<string, CartProduct>>();
  private readonly quickOrders = new Map<string, QuickOrderStore>();
  private activation: Promise<ActiveCart> | undefined;
  private activationKey = '';
  private retry: ReturnType<typeof setInterval> | undefined;
  private soon: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private backoff = BACKOFF_FIRST_MS;
  private pulled: Promise<void> = Promise.resolve();

  constructor(readonly engine: SyncEngine) {
    this.state$ = this.active$.pipe(
      switchMap((active) => (active ? active.stream.state$ : of(initialCartState()))),
    );
    this.summary$ = this.state$.pipe(map(cartSummary));
    this.notices$ = engine.notices$;
    this.queued$ = engine.queued$;
  }

  private get db(): LocalDb {
    return this.engine.db;
  }

  /** Starts sending: now, whenever the browser is back online, and every 30 s. */
  start(): void {
    if (this.retry || typeof window === 'undefined') return;
    window.addEventListener('online', () => {
      this.flushSoon(0);
    });
    this.retry = setInterval(() => {
      if (this.engine.queued$.getValue() > 0 && online()) void this.flush();
    }, RETRY_MS);
    this.flushSoon(0);
  }

  /** Stops sending and closes the database (the page is going away, or a test ends). */
  close(): void {
    clearTimeout(this.soon);
    clearInterval(this.retry);
    this.closed = true;
    this.engine.close();
  }

  flushSoon(delay = SOON_MS): void {
    if (this.closed) return;
    clearTimeout(this.soon);
    this.soon = setTimeout(() => {
      void this.flush();
    }, delay);
  }

  async flush(): Promise<void> {
    let complete = false;
    try {
      complete = (await this.engine.flush()).complete;
    } catch (error) {
      console.warn('Cart changes could not be sent yet.', error);
    }
    // Not all sent while the browser says it is online (the connection may be coming
    // back): try again soon, waiting longer each time, up to the 30 s rhythm.
    if (complete || !online()) {
      this.backoff = BACKOFF_FIRST_MS;
      return;
    }
    this.flushSoon(this.backoff);
    this.backoff = Math.min(this.backoff * 2, RETRY_MS);
  }

  /** The cart of this storefront for this person: made or found, then shown. */
  activate(storefront: Storefront, user: SignedInUser | null): Promise<ActiveCart> {
    const key = `${storefront.storeId}/${user?.id ?? ''}`;
    if (this.activation && key === this.activationKey) return this.activation;
    this.activationKey = key;
    const activation = this.open(storefront, user);
    this.activation = activation;
    this.withdrawOffer();
    activation.then(
      (active) => {
        if (this.activation !== activation) return;
        this.active$.next(active);
        // A user's changes that waited through a sign-out can go now.
        this.flushSoon();
        if (user) {
          void this.mergeVisitorCart(storefront, active).catch((error: unknown) => {
            console.error('The cart made before signing in could not be merged.', error);
          });
        }
      },
      (error: unknown) => {
        console.error('The cart could not be opened.', error);
        if (this.activation === activation) this.activation = undefined;
      },
    );
    return activation;
  }

  private async open(storefront: Storefront, user: SignedInUser | null): Promise<ActiveCart> {
    await this.loadProducts(storefront.storeId);
    const owner: CartOwner | null = user ? { kind: 'user', id: user.id } : null;
    const cartId = user
      ? await this.userCartId(storefront, user.id)
      : await this.idFor(visitorKey(storefront.storeId), () => Promise.resolve(newId()));
    const stream = this.openCart(cartId, storefront, owner);
    await stream.ready;
    const savedCarts = user
      ? this.engine.openStream(savedCartsStreamId(user.id), savedCartsDefinition)
      : null;
    await savedCarts?.ready;
    const active: ActiveCart = { cartId, storefront, owner, stream, savedCarts };
    // The visitor cart's merge (after activation) waits for this pull.
    this.pulled = this.pull(cartId);
    if (user && online()) {
      void this.engine.pull(savedCartsStreamId(user.id), 'saved-carts').catch((error: unknown) => {
        console.warn('Saved carts could not be refreshed from the server.', error);
      });
    }
    return active;
  }

  private openCart(
    cartId: string,
    storefront: Storefront,
    owner: CartOwner | null,
  ): OpenStream<CartState, CartCommand, CartEvent> {
    const context = browserCartContext({
      cartId,
      storefront,
      // A visitor's id is the server's (an HttpOnly cookie): the server sets the owner.
      actor: owner ?? { kind: 'visitor', id: 'this-browser' },
      products: this.productsOf(storefront.storeId),
    });
    return this.engine.openStream(cartStreamId(cartId), {
      ...cartDefinition(context),
      // Products another tab added since this one opened: its queued lines decide here too.
      refresh: () => this.loadProducts(storefront.storeId),
    });
  }

  /**
   * Fetches what other devices did to a cart the server knows (not one made here only).
   * Never rejects: without an answer, the cart is as this browser has it.
   */
  private async pull(cartId: string): Promise<void> {
    const streamId = cartStreamId(cartId);
    if (!online()) return;
    try {
      const known = await this.db.streams.get(streamId);
      if (!known?.version && !(await this.db.meta.get(serverCartKey(cartId)))) return;
      await this.engine.pull(streamId, 'cart');
    } catch (error) {
      if (!this.closed) console.warn('The cart could not be refreshed from the server.', error);
    }
  }

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

  /** The user's latest cart in this store, from the server; a new one when there is none. */
  private userCartId(storefront: Storefront, userId: string): Promise<string> {
    return this.idFor(userKey(storefront.storeId, userId), async () => {
      try {
        const current = await apiJson<{ cartId: string | null }>(
          `/api/carts/current?locale=${encodeURIComponent(storefront.locale)}`,
        );
        if (current.cartId)
          await this.db.meta.put({ key: serverCartKey(current.cartId), value: true });
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
   * After sign-in, the visitor's lines go into the user's cart and the visitor cart
   * empties: at once when the user's cart (as the server has it) is empty, else once the
   * person has chosen (`mergeOffer$`, answered with `resolveMerge`).
   */
  private async mergeVisitorCart(storefront: Storefront, target: ActiveCart): Promise<void> {
    const known = await this.db.meta.get(visitorKey(storefront.storeId));
    if (typeof known?.value !== 'string' || known.value === target.cartId) return;
    const visitor = this.openCart(known.value, storefront, null);
    await Promise.all([visitor.ready, this.pulled]);
    if (this.active$.getValue() !== target || visitor.stream.state.lines.length === 0) return;
    const earlier = target.stream.state$.getValue().lines;
    if (earlier.length === 0) {
      this.mergeInto(target, visitor);
      return;
    }
    const count = (lines: readonly { quantity: number }[]) =>
      lines.reduce((n, line) => n + line.quantity, 0);
    // Another tab's choice (or anything that empties the visitor cart) ends the offer.
    const watch = visitor.state$.subscribe((state) => {
      if (state.lines.length === 0 && this.offered?.stream === visitor) this.withdrawOffer();
    });
    this.offered = { stream: visitor, target, watch };
    this.mergeOffer$.next({
      visitorCartId: known.value,
      newItems: count(visitor.stream.state.lines),
      earlierItems: count(earlier),
    });
  }

  private withdrawOffer(): void {
    this.offered?.watch.unsubscribe();
    this.offered = undefined;
    if (this.mergeOffer$.getValue() !== null) this.mergeOffer$.next(null);
  }

  /** The visitor cart's lines and codes into the target cart; the visitor cart empties. */
  private mergeInto(
    target: ActiveCart,
    visitor: OpenStream<CartState, CartCommand, CartEvent>,
  ): void {
    const { lines, promotions, cartId } = visitor.stream.state;
    if (!cartId || lines.length === 0) return;
    this.send(target, {
      type: 'MergeCart',
      data: {
        fromCartId: cartId,
        items: lines.map((line) => ({ code: line.code, quantity: line.quantity })),
        promotionCodes: promotions.map((p) => p.code),
      },
    });
    this.engine.dispatch(
      visitor,
      {
        type: 'ClearCart',
        data: { reason: 'merged' },
        metadata: { commandId: newId(), now: new Date().toISOString() },
      },
      target.storefront.locale,
      undefined,
      // The next visit starts a new visitor cart, stored with this command: a cart merges
      // into the user's cart once (`mergedFrom`), so reusing it would leave lines behind.
      [{ key: visitorKey(target.storefront.storeId), value: newId() }],
    );
    this.flushSoon();
  }

  /**
   * The person's answer to the old-cart merge modal. `replace` saves the earlier cart's
   * lines as a saved cart before emptying it, so nothing is lost; a saved-cart rule that
   * refuses it (too many saved carts) throws its DomainError and nothing changes.
   */
  resolveMerge(answer: MergeChoice): void {
    const offered = this.offered;
    if (!offered) return;
    const { target, stream } = offered;
    if (answer.choice === 'replace') {
      const earlier = target.stream.state$.getValue().lines;
      if (earlier.length > 0 && target.savedCarts) {
        this.sendSaved({
          type: 'SaveCart',
          data: {
            savedCartId: newId(),
            name: answer.savedName,
            description: answer.savedDescription,
            lines: earlier.map((line) => ({
              code: line.code,
              name: line.name,
              programName: line.programName,
              quantity: line.quantity,
            })),
          },
        });
      }
      this.send(target, { type: 'ClearCart', data: { reason: 'emptied' } });
    }
    if (answer.choice !== 'later') this.mergeInto(target, stream);
    this.withdrawOffer();
  }

  private productsOf(storeId: string): Map<string, CartProduct> {
    let known = this.products.get(storeId);
    if (!known) {
      known = new Map();
      this.products.set(storeId, known);
    }
    return known;
  }

  private async loadProducts(storeId: string): Promise<void> {
    const stored = await this.db.meta.get(productsKey(storeId));
    const known = this.productsOf(storeId);
    if (!Array.isArray(stored?.value)) return;
    for (const product of stored.value as CartProduct[]) {
      if (!known.has(product.code)) known.set(product.code, product);
    }
  }

  /**
   * Learns what a screen knows of products; the stored list to write when something is
   * new, else undefined (adding a known product again costs no I/O).
   */
  private learn(storeId: string, products: readonly CartProduct[]): MetaEntry | undefined {
    const known = this.productsOf(storeId);
    let changed = false;
    for (const product of products) {
      const before = known.get(product.code);
      if (before && JSON.stringify(before) === JSON.stringify(product)) continue;
      known.set(product.code, product);
      changed = true;
    }
    return changed ? { key: productsKey(storeId), value: [...known.values()] } : undefined;
  }

  /** Keeps what a screen knows of products, so this browser can decide offline. */
  remember(storeId: string, products: readonly CartProduct[]): Promise<void> {
    const facts = this.learn(storeId, products);
    return facts ? this.db.meta.put(facts).then(() => undefined) : Promise.resolve();
  }

  /**
   * Decides a command on the active cart and shows its effect at once; throws the
   * DomainError of a command that breaks a rule (nothing is queued then).
   */
  dispatch(request: CartRequest): { events: readonly CartEvent[]; saved: Promise<void> } {
    const active = this.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    return this.send(active, request);
  }

  private send(
    active: ActiveCart,
    request: CartRequest,
    source?: AddToCartSource,
    facts: readonly MetaEntry[] = [],
  ): { events: readonly CartEvent[]; saved: Promise<void>; commandId: string } {
    const commandId = newId();
    const command = {
      ...request,
      metadata: { commandId, now: new Date().toISOString() },
    } as CartCommand;
    const before = active.stream.state$.getValue();
    const result = this.engine.dispatch(
      active.stream,
      command,
      active.storefront.locale,
      active.owner?.id,
      facts,
    );
    // What the person changed, for the data layer (SPEC 3 analytics product entry).
    for (const event of cartChangeEvents(
      result.events,
      before,
      active.storefront.currency,
      source,
    )) {
      pushEvent({ ...event });
    }
    void result.saved.then(() => {
      this.flushSoon();
    });
    return { ...result, commandId };
  }

  /**
   * Adds a product from a screen that shows it (a product page, search results): the
   * product is known from then on, and the line shows before this returns.
   */
  addItem(
    product: CartProduct,
    quantity: number,
    source: AddToCartSource = 'product-page',
  ): { events: readonly CartEvent[]; saved: Promise<void> } {
    const active = this.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    // The product's facts are stored with the command, in one transaction.
    const facts = this.learn(active.storefront.storeId, [product]);
    try {
      const result = this.send(
        active,
        { type: 'AddItem', data: { code: product.code, quantity } },
        source,
        facts ? [facts] : [],
      );
      return { events: result.events, saved: result.saved };
    } catch (error) {
      // Refused (a quantity rule): what was learned of the product is still kept.
      if (facts) void this.db.meta.put(facts);
      throw error;
    }
  }

  /**
   * Queues a promotion code: only the server decides it (its answer, or its refusal in the
   * spec's words, arrives as events or a notice). A code already applied is refused here.
   */
  applyPromotion(code: string): { commandId: string; saved: Promise<void> } {
    const active = this.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    const normalized = normalizeCode(code);
    if (active.stream.state$.getValue().promotions.some((p) => p.code === normalized)) {
      throw new DomainError('cart.promotion-already-applied', V.promotionAlreadyApplied);
    }
    const { commandId, saved } = this.send(active, {
      type: 'ApplyPromotion',
      data: { code: normalized },
    });
    return { commandId, saved };
  }

  /**
   * Prices the cart for one of the user's customer accounts (SPEC 4.7): only the server
   * knows whose accounts they are, so the choice takes effect when it answers.
   */
  chooseAccount(accountId: string): { commandId: string; saved: Promise<void> } {
    const active = this.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    const { commandId, saved } = this.send(active, { type: 'ChooseAccount', data: { accountId } });
    return { commandId, saved };
  }

  /** Adds several products at once (quick order, a saved cart): what fails is reported. */
  addItems(
    items: readonly { code: string; quantity: number }[],
    source: 'quick-order' | 'saved-cart',
  ): { events: readonly CartEvent[]; saved: Promise<void> } {
    const active = this.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    return this.send(active, { type: 'AddItems', data: { items, source } }, source);
  }

  /** The quick order draft of the active store, decided with the products known here. */
  quickOrder(): QuickOrderStore {
    const active = this.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    const storeId = active.storefront.storeId;
    let draft = this.quickOrders.get(storeId);
    if (!draft) {
      const products = this.productsOf(storeId);
      draft = new QuickOrderStore(this.db, storeId, { product: (code) => products.get(code) });
      this.quickOrders.set(storeId, draft);
    }
    return draft;
  }

  /** Checks every row; the valid ones go into the cart in one command, the rest stay. */
  submitQuickOrder(): { added: number; saved: Promise<void> } {
    const { submitted, saved } = this.quickOrder().dispatch({ type: 'SubmitQuickOrder', data: {} });
    if (submitted.length === 0) return { added: 0, saved };
    const cart = this.addItems(submitted, 'quick-order');
    return { added: submitted.length, saved: Promise.all([saved, cart.saved]).then(() => {}) };
  }

  private savedCartsOf(): {
    active: ActiveCart;
    stream: OpenStream<SavedCartsState, SavedCartCommand, SavedCartEvent>;
  } {
    const active = this.active$.getValue();
    if (!active?.savedCarts || !active.owner) throw new Error('Saved carts need a signed-in user.');
    return { active, stream: active.savedCarts };
  }

  private sendSaved(request: Omit<SavedCartCommand, 'metadata'>): {
    events: readonly SavedCartEvent[];
    saved: Promise<void>;
  } {
    const { active, stream } = this.savedCartsOf();
    const command = {
      ...request,
      metadata: { commandId: newId(), now: new Date().toISOString() },
    } as SavedCartCommand;
    const result = this.engine.dispatch(
      stream,
      command,
      active.storefront.locale,
      active.owner?.id,
    );
    void result.saved.then(() => {
      this.flushSoon();
    });
    return result;
  }

  /** Saves the cart's lines under a name (SPEC 5 rules); throws the rule a name breaks. */
  saveCart(name: string, description?: string): { savedCartId: string; saved: Promise<void> } {
    const { active } = this.savedCartsOf();
    const savedCartId = newId();
    const lines = active.stream.state$.getValue().lines.map((line) => ({
      code: line.code,
      name: line.name,
      programName: line.programName,
      quantity: line.quantity,
    }));
    const result = this.sendSaved({
      type: 'SaveCart',
      data: { savedCartId, name, ...(description ? { description } : {}), lines },
    });
    return { savedCartId, saved: result.saved };
  }

  /**
   * Puts a saved cart's lines into the active cart (the store checks each again): added to
   * what is there (SPEC 2.5 old-cart merge), or instead of it.
   */
  restoreSavedCart(
    savedCartId: string,
    mode: 'merge' | 'replace' = 'merge',
  ): { saved: Promise<void> } {
    const { active } = this.savedCartsOf();
    const emptied =
      mode === 'replace'
        ? this.send(active, { type: 'ClearCart', data: { reason: 'emptied' } })
        : null;
    const restored = this.sendSaved({
      type: 'RestoreSavedCart',
      data: { savedCartId, intoCartId: active.cartId },
    });
    const lines = restored.events.flatMap((e) =>
      e.type === 'SavedCartRestored' ? e.data.lines : [],
    );
    const cart = this.addItems(
      lines.map((l) => ({ code: l.code, quantity: l.quantity })),
      'saved-cart',
    );
    return {
      saved: Promise.all([emptied?.saved, restored.saved, cart.saved]).then(() => {}),
    };
  }

  deleteSavedCart(savedCartId: string): { saved: Promise<void> } {
    return { saved: this.sendSaved({ type: 'DeleteSavedCart', data: { savedCartId } }).saved };
  }
}

let store: CartStore | undefined;

/** The page's one cart store, on the page's one local database. */
export function cartStore(): CartStore {
  store ??= new CartStore(
    new SyncEngine({
      db: openLocalDb(),
      transport: httpTransport,
      makeId: newId,
      locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
      currentUserId: () => currentUser$.getValue()?.id ?? null,
    }),
  );
  return store;
}
