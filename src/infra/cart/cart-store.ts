/**
 * The cart of the storefront in use, for every screen: its state as an observable that moves
 * in the same task as a change, and one typed method per thing a person can do to it. The
 * jobs behind it live in their own modules: which cart it is (cart-session.ts), what this
 * browser knows of products (product-facts.ts), the merge after sign-in (sign-in-merge.ts),
 * saved carts (saved-carts.ts), analytics (cart-analytics.ts, from the engine's events), and
 * sending and retrying (the sync engine). Every change goes through the engine's outbox, so
 * it survives a reload, a closed tab or a restart, and is sent when the connection allows.
 */
import { BehaviorSubject, map, of, switchMap, type Observable } from 'rxjs';
import type { AddToCartSource } from '../../../domain/analytics/ecommerce';
import type { CartCommand } from '../../../domain/cart/commands';
import type { CartProduct } from '../../../domain/cart/context';
import { normalizeCode } from '../../../domain/cart/decide';
import type { CartEvent } from '../../../domain/cart/events';
import { cartSummary, type CartSummary } from '../../../domain/cart/projections/summary';
import { initialCartState, type CartOwner, type CartState } from '../../../domain/cart/state';
import { STREAM_REGISTRY } from '../../../domain/registry';
import type {
  SavedCartCommand,
  SavedCartEvent,
  SavedCartsState,
} from '../../../domain/saved-cart/saved-carts';
import { DomainError } from '../../../domain/shared/domain-error';
import type { DistributiveOmit } from '../../../domain/shared/types';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { V } from '../../../domain/validation/messages';
import { online$ } from '../connectivity';
import { actingAgent$ } from '../acting-agent';
import { apiJson } from '../api';
import { confirmedUserId, currentUser$, type SignedInUser } from '../session';
import { browserBackgroundSync } from '../sync/background-sync';
import { openLocalDb, type MetaEntry } from '../sync/local-db';
import { storedPendingLog } from '../sync/pending-log';
import { SyncEngine, type OpenStream, type SyncNotice } from '../sync/sync-engine';
import { httpTransport } from '../sync/transport';
import { trackCartAnalytics, type CartNote } from './cart-analytics';
import { CartSession, newId } from './cart-session';
import { browserCartContext, cartDefinition, cartStreamId } from './cart-stream';
import { ProductFacts } from './product-facts';
import { QuickOrderStore } from './quick-order-store';
import { SavedCarts } from './saved-carts';
import { savedCartsDefinition, savedCartsStreamId } from './saved-carts-stream';
import { SignInMerge, type MergeChoice, type MergeOffer } from './sign-in-merge';

export type { MergeChoice, MergeOffer } from './sign-in-merge';

export interface ActiveCart {
  readonly cartId: string;
  readonly storefront: Storefront;
  readonly owner: CartOwner | null;
  readonly stream: OpenStream<CartState, CartCommand, CartEvent>;
  /** The signed-in user's saved carts; null for a visitor. */
  readonly savedCarts: OpenStream<SavedCartsState, SavedCartCommand, SavedCartEvent> | null;
}

/** A cart command as the store's modules issue it: the store adds its id and time. */
export type CartRequest = DistributiveOmit<CartCommand, 'metadata'>;

type Result = { events: readonly CartEvent[]; saved: Promise<void> };

const online = (): boolean => online$.getValue();

export class CartStore {
  readonly active$ = new BehaviorSubject<ActiveCart | null>(null);
  readonly state$: Observable<CartState>;
  readonly summary$: Observable<CartSummary>;
  readonly notices$: Observable<SyncNotice>;
  readonly queued$: BehaviorSubject<number>;
  /** Changes set aside after repeated server errors, waiting for the person to retry. */
  readonly setAside$: BehaviorSubject<number>;
  readonly mergeOffer$: BehaviorSubject<MergeOffer | null>;
  readonly savedCarts: SavedCarts;
  private readonly session: CartSession;
  private readonly products: ProductFacts;
  private readonly merge: SignInMerge;
  private readonly quickOrders = new Map<string, QuickOrderStore>();
  private readonly analytics: { unsubscribe(): void };
  private activation: Promise<ActiveCart> | undefined;
  private activationKey = '';
  private closed = false;

  constructor(readonly engine: SyncEngine) {
    this.session = new CartSession(engine.db);
    this.products = new ProductFacts(engine.db);
    this.merge = new SignInMerge(this);
    this.savedCarts = new SavedCarts(this);
    this.mergeOffer$ = this.merge.offer$;
    this.state$ = this.active$.pipe(
      switchMap((active) => (active ? active.stream.state$ : of(initialCartState()))),
    );
    this.summary$ = this.state$.pipe(map(cartSummary));
    this.notices$ = engine.notices$;
    this.queued$ = engine.queued$;
    this.setAside$ = engine.setAside$;
    this.analytics = trackCartAnalytics(engine);
  }

  /** Starts sending (the engine's schedule: now, when back online, and while anything waits). */
  start(): void {
    if (typeof window === 'undefined') return;
    this.engine.start();
  }

  /** Stops sending and closes the database (the page is going away, or a test ends). */
  close(): void {
    this.closed = true;
    this.analytics.unsubscribe();
    this.engine.close();
  }

  async flush(): Promise<void> {
    try {
      await this.engine.flush();
    } catch (error) {
      console.warn('Cart changes could not be sent yet.', error);
    }
  }

  /** Sends the changes set aside after server errors again. */
  retrySetAside(): Promise<void> {
    return this.engine.retrySetAside();
  }

  /** The cart of this storefront for this person: made or found, then shown. */
  activate(storefront: Storefront, user: SignedInUser | null): Promise<ActiveCart> {
    const key = `${storefront.storeId}/${user?.id ?? ''}`;
    if (this.activation && key === this.activationKey) return this.activation;
    this.activationKey = key;
    const activation = this.open(storefront, user);
    this.activation = activation;
    this.merge.withdraw();
    activation.then(
      (active) => {
        if (this.activation !== activation) return;
        this.active$.next(active);
        // A user's changes that waited through a sign-out can go now.
        this.engine.flushSoon();
        // Customer service acting for the buyer (decision 063) brings no visitor cart of its own.
        if (user && !actingAgent$.getValue()) {
          void this.session
            .knownVisitorCartId(storefront.storeId)
            .then((visitorCartId) =>
              this.merge.afterSignIn(
                storefront,
                active,
                visitorCartId,
                pulled.get(active) ?? Promise.resolve(),
              ),
            )
            .catch((error: unknown) => {
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
    await this.products.load(storefront.storeId);
    const owner: CartOwner | null = user ? { kind: 'user', id: user.id } : null;
    const cartId = user
      ? await this.session.userCartId(storefront, user.id)
      : await this.session.visitorCartId(storefront.storeId);
    const stream = this.openCartStream(cartId, storefront, owner);
    await stream.ready;
    const savedCarts = user
      ? this.engine.openStream(savedCartsStreamId(user.id), savedCartsDefinition)
      : null;
    await savedCarts?.ready;
    const active: ActiveCart = { cartId, storefront, owner, stream, savedCarts };
    // The visitor cart's merge (after activation) waits for this pull.
    pulled.set(active, this.pull(cartId, user?.id));
    if (user && online()) {
      void this.engine.pull(savedCartsStreamId(user.id), user.id).catch((error: unknown) => {
        console.warn('Saved carts could not be refreshed from the server.', error);
      });
    }
    return active;
  }

  /** A cart's stream, decided with what this browser knows of the store's products. */
  openCartStream(
    cartId: string,
    storefront: Storefront,
    owner: CartOwner | null,
  ): OpenStream<CartState, CartCommand, CartEvent> {
    const context = browserCartContext({
      cartId,
      storefront,
      // A visitor's id is the server's (an HttpOnly cookie): the server sets the owner.
      actor: owner ?? { kind: 'visitor', id: 'this-browser' },
      products: this.products.of(storefront.storeId),
    });
    return this.engine.openStream(
      cartStreamId(cartId),
      // Products another tab added since this one opened: its queued lines decide here too.
      cartDefinition(context, () => this.products.load(storefront.storeId)),
    );
  }

  /**
   * Fetches what other devices did to a cart the server knows (not one made here only).
   * Never rejects: without an answer, the cart is as this browser has it.
   */
  private async pull(cartId: string, userId?: string): Promise<void> {
    if (!online()) return;
    const streamId = cartStreamId(cartId);
    try {
      if (!(await this.session.serverMayKnow(cartId, streamId))) return;
      await this.engine.pull(streamId, userId);
    } catch (error) {
      if (!this.closed) console.warn('The cart could not be refreshed from the server.', error);
    }
  }

  private activeCart(): ActiveCart {
    const active = this.active$.getValue();
    if (!active) throw new Error('No cart is open yet.');
    return active;
  }

  /** Decides a command on a cart and shows its effect at once; queued for the server. */
  sendTo(
    active: ActiveCart,
    request: CartRequest,
    source?: AddToCartSource,
    facts: readonly MetaEntry[] = [],
  ): Result {
    return this.sendToStream(
      active.stream,
      active.storefront,
      request,
      facts,
      active.owner?.id,
      source,
    );
  }

  /** The same, on any open cart stream (the visitor cart during the sign-in merge). */
  sendToStream(
    stream: OpenStream<CartState, CartCommand, CartEvent>,
    storefront: Storefront,
    request: CartRequest,
    facts: readonly MetaEntry[] = [],
    userId?: string,
    source?: AddToCartSource,
  ): Result {
    const command: CartCommand = {
      ...request,
      metadata: { commandId: newId(), now: new Date().toISOString() },
    };
    const note: CartNote = { currency: storefront.currency, ...(source ? { source } : {}) };
    return this.engine.dispatch(stream, command, {
      locale: storefront.locale,
      userId,
      facts,
      note,
    });
  }

  private send(request: CartRequest, source?: AddToCartSource): Result {
    return this.sendTo(this.activeCart(), request, source);
  }

  /** Lets the quote the cart holds go, with its lines (decision 051): the cart is empty again. */
  removeQuote(): Result {
    return this.send({ type: 'ClearCart', data: { reason: 'emptied' } });
  }

  /** Fetches the active cart from the store now (after the store changed it: a quote put in). */
  async refreshActive(): Promise<void> {
    const active = this.active$.getValue();
    if (active) await this.engine.pull(active.stream.streamId, active.owner?.id);
  }

  /**
   * Follows the buyer's cart as the server holds it (customer service working on it, decision
   * 063): when the server's latest cart of this buyer is another one and the cart shown here
   * holds nothing (never sent, nothing waiting), this browser takes the server's; then the
   * cart shown is pulled.
   */
  async followServerCart(): Promise<void> {
    const active = this.active$.getValue();
    const owner = active?.owner;
    if (!active || !owner || !online()) return;
    const current = await apiJson<{ cartId: string | null }>(
      `/api/carts/current?locale=${encodeURIComponent(active.storefront.locale)}`,
    );
    const open = active.stream;
    const holdsNothing = () =>
      open.stream.confirmedVersion === 0 &&
      open.stream.pending.length === 0 &&
      open.unsaved.size === 0;
    const user = currentUser$.getValue();
    if (
      current.cartId &&
      current.cartId !== active.cartId &&
      holdsNothing() &&
      user?.id === owner.id
    ) {
      const { storeId } = active.storefront;
      await this.session.adoptUserCart(storeId, owner.id, current.cartId);
      if (this.active$.getValue() !== active) return;
      // Opened again: the session now names the server's cart.
      this.activationKey = '';
      await this.activate(active.storefront, user);
      if (!holdsNothing()) {
        // A line added here while the carts were switched: this browser keeps its own cart,
        // which now goes to the server, so the line is never left in a cart nobody shows.
        await this.session.adoptUserCart(storeId, owner.id, active.cartId);
        this.activationKey = '';
        await this.activate(active.storefront, user);
      }
      return;
    }
    // A cart neither the server names nor this browser has sent is not the server's yet:
    // asking for it would be a 404 (the first change to it is still on its way).
    if (
      current.cartId !== active.cartId &&
      !(await this.session.serverMayKnow(active.cartId, open.streamId))
    ) {
      return;
    }
    await this.refreshActive();
  }

  /** Keeps what a screen knows of products, so this browser can decide offline. */
  remember(storeId: string, products: readonly CartProduct[]): Promise<void> {
    return this.products.remember(storeId, products);
  }

  /**
   * Adds a product from a screen that shows it (a product page, search results): the
   * product is known from then on, and the line shows before this returns.
   */
  addItem(
    product: CartProduct,
    quantity: number,
    source: AddToCartSource = 'product-page',
  ): Result {
    const active = this.activeCart();
    // The product's facts are stored with the command, in one transaction.
    const facts = this.products.learn(active.storefront.storeId, [product]);
    try {
      return this.sendTo(
        active,
        { type: 'AddItem', data: { code: product.code, quantity } },
        source,
        facts ? [facts] : [],
      );
    } catch (error) {
      // Refused (a quantity rule): what was learned of the product is still kept.
      if (facts) void this.products.persist(facts);
      throw error;
    }
  }

  changeQuantity(code: string, quantity: number): Result {
    return this.send({ type: 'ChangeQuantity', data: { code, quantity } });
  }

  removeItem(code: string): Result {
    return this.send({ type: 'RemoveItem', data: { code } });
  }

  removePromotion(code: string): Result {
    return this.send({ type: 'RemovePromotion', data: { code } });
  }

  /** The notices of items not added or changed, read by the person. */
  dismissNotices(): Result {
    return this.send({ type: 'DismissNotices', data: {} });
  }

  /**
   * Queues a promotion code: only the server decides it (its answer, or its refusal in the
   * spec's words, arrives as events or a notice). A code already applied is refused here.
   */
  applyPromotion(code: string): { commandId: string; saved: Promise<void> } {
    const active = this.activeCart();
    const normalized = normalizeCode(code);
    if (active.stream.state$.getValue().promotions.some((p) => p.code === normalized)) {
      throw new DomainError('cart.promotion-already-applied', V.promotionAlreadyApplied);
    }
    return this.serverDecides(active, { type: 'ApplyPromotion', data: { code: normalized } });
  }

  /**
   * Prices the cart for one of the user's customer accounts (SPEC 4.7): only the server
   * knows whose accounts they are, so the choice takes effect when it answers.
   */
  chooseAccount(accountId: string): { commandId: string; saved: Promise<void> } {
    return this.serverDecides(this.activeCart(), { type: 'ChooseAccount', data: { accountId } });
  }

  private serverDecides(
    active: ActiveCart,
    request: CartRequest,
  ): { commandId: string; saved: Promise<void> } {
    const commandId = newId();
    const command: CartCommand = {
      ...request,
      metadata: { commandId, now: new Date().toISOString() },
    };
    const { saved } = this.engine.dispatch(active.stream, command, {
      locale: active.storefront.locale,
      userId: active.owner?.id,
    });
    return { commandId, saved };
  }

  /** Adds several products at once (quick order, a saved cart): what fails is reported. */
  addItems(
    items: readonly { code: string; quantity: number }[],
    source: 'quick-order' | 'saved-cart' | 'reorder',
  ): Result {
    return this.send({ type: 'AddItems', data: { items, source } }, source);
  }

  /** The quick order draft of the active store, decided with the products known here. */
  quickOrder(): QuickOrderStore {
    const storeId = this.activeCart().storefront.storeId;
    let draft = this.quickOrders.get(storeId);
    if (!draft) {
      const products = this.products.of(storeId);
      draft = new QuickOrderStore(this.engine.db, storeId, {
        product: (code) => products.get(code),
      });
      this.quickOrders.set(storeId, draft);
    }
    return draft;
  }

  /** Checks every row; the valid ones go into the cart in one command, the rest stay. */
  submitQuickOrder(): { added: number; saved: Promise<void> } {
    const { submitted, saved } = this.quickOrder().submit();
    if (submitted.length === 0) return { added: 0, saved };
    const cart = this.addItems(submitted, 'quick-order');
    return { added: submitted.length, saved: Promise.all([saved, cart.saved]).then(() => {}) };
  }

  /** Saves the cart's lines under a name (SPEC 5 rules); throws the rule a name breaks. */
  saveCart(name: string, description?: string): { savedCartId: string; saved: Promise<void> } {
    return this.savedCarts.save(
      name,
      description,
      this.activeCart().stream.state$.getValue().lines,
    );
  }

  restoreSavedCart(
    savedCartId: string,
    mode: 'merge' | 'replace' = 'merge',
  ): { saved: Promise<void> } {
    return this.savedCarts.restore(savedCartId, mode);
  }

  deleteSavedCart(savedCartId: string): { saved: Promise<void> } {
    return this.savedCarts.delete(savedCartId);
  }

  /** The person's answer to the old-cart merge modal. */
  resolveMerge(answer: MergeChoice): void {
    this.merge.resolve(answer);
  }
}

/** Each active cart's first pull from the server (the sign-in merge waits for it). */
const pulled = new WeakMap<ActiveCart, Promise<void>>();

let store: CartStore | undefined;

/** The page's one cart store, on the page's one local database. */
export function cartStore(): CartStore {
  store ??= new CartStore(
    new SyncEngine({
      db: openLocalDb(),
      registry: STREAM_REGISTRY,
      transport: httpTransport,
      makeId: newId,
      locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
      // A user shown from memory offline: their changes wait until the server confirms them.
      currentUserId: confirmedUserId,
      online,
      pending: typeof window !== 'undefined' ? storedPendingLog() : undefined,
      backgroundSync: browserBackgroundSync(),
    }),
  );
  return store;
}
