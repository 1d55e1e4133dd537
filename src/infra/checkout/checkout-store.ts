/**
 * The checkout of the active cart, for the checkout screens (SPEC 2.5, 2.6, 4.8): its stream
 * (every choice an event, decided here at once and again by the server, offline too), the
 * buyer's facts (loaded once and kept for offline use), the cart it started from, and
 * placing the order: one online request with an idempotency key, after every queued choice
 * and cart change has reached the server. When the cart changes under an open checkout
 * (another tab), the checkout restarts and the screen is told. A card the gateway refuses
 * is told to the screens until another payment is chosen (SPEC 8). The data layer is told of
 * each step done and of the order placed (checkout-analytics.ts).
 */
import { BehaviorSubject, Subject, type Subscription } from 'rxjs';
import type { CheckoutBasket } from '../../../domain/analytics/checkout';
import { checkoutCartOf, type CheckoutCart } from '../../../domain/checkout/cart-snapshot';
import type { CheckoutCommand } from '../../../domain/checkout/commands';
import type { CheckoutContext } from '../../../domain/checkout/context';
import type { CheckoutEvent } from '../../../domain/checkout/events';
import { accountIn, type CheckoutFacts } from '../../../domain/checkout/facts';
import { CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES } from '../../../domain/checkout/messages';
import { checkoutTotals } from '../../../domain/checkout/totals';
import type { CheckoutState, PaymentChoice } from '../../../domain/checkout/state';
import { checkoutStreamKind } from '../../../domain/checkout/stream';
import type { Order } from '../../../domain/order/order';
import type { HostedFieldsConfig } from '../../../domain/payment/hosted-fields';
import { DomainError } from '../../../domain/shared/domain-error';
import type { Message } from '../../../domain/shared/message';
import type { DistributiveOmit } from '../../../domain/shared/types';
import type { Storefront } from '../../../domain/storefront/storefronts';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { openAddressBook, type AddressBook } from '../address-book/address-book-store';
import { ApiError } from '../api';
import type { CartStore } from '../cart/cart-store';
import { newId } from '../cart/cart-session';
import { cartStreamId } from '../cart/cart-stream';
import { online$ } from '../connectivity';
import type { SignedInUser } from '../session';
import type { OpenStream } from '../sync/sync-engine';
import { CheckoutAnalytics, type CheckoutNote } from './checkout-analytics';
import { fetchCheckoutFacts, fetchOrder, fetchPaymentFields, postPlaceOrder } from './checkout-api';

export type CheckoutRequest = DistributiveOmit<CheckoutCommand, 'metadata'>;

export type FactsStatus = 'loading' | 'fresh' | 'cached' | 'unavailable';

export interface CheckoutView {
  readonly checkoutId: string;
  readonly storefront: Storefront;
  readonly userId: string;
  readonly state: CheckoutState;
  /** The cart as this browser holds it now; null until it is open. */
  readonly cart: CheckoutCart | null;
  readonly facts: CheckoutFacts | null;
  readonly factsStatus: FactsStatus;
  /** Choices made here that the server has not confirmed yet. */
  readonly pending: number;
  /** The order this checkout placed (known here at once, on the stream once recorded). */
  readonly placedOrderId: string | null;
  /** The payment the gateway refused, until another is chosen (SPEC 8). */
  readonly declined: DeclinedPayment | null;
}

/** A payment the gateway refused: nothing was charged, and the buyer pays again (SPEC 8). */
export interface DeclinedPayment {
  readonly source: 'saved' | 'new';
  /** The saved card refused, while this page still holds it as the payment chosen. */
  readonly savedCardId: string | null;
  /** SPEC 8's words: the saved card banner for a saved card. */
  readonly message: Message;
}

/** What this page learnt from the answer to placing the order, before the store's record. */
interface LocalDecline {
  readonly checkoutId: string;
  /** The payment refused, as this page holds it. */
  readonly payment: PaymentChoice | null;
  readonly declined: DeclinedPayment;
}

export type PlaceOrderOutcome =
  | { readonly kind: 'placed'; readonly order: Order }
  /** The cart changed since the checkout began: it starts again (SPEC 4.8). */
  | { readonly kind: 'restarted' }
  /** A rule stops the order, in the spec's words; `code` names the rule (a quote's reason). */
  | { readonly kind: 'refused'; readonly message: Message; readonly code?: string }
  /** The gateway refused the card: nothing was charged or placed (SPEC 8). */
  | { readonly kind: 'declined'; readonly declined: DeclinedPayment }
  /** SPEC 8 'Error during place order.': nothing is lost, the buyer may try again. */
  | { readonly kind: 'failed'; readonly message: Message };

type Stream = OpenStream<CheckoutState, CheckoutCommand, CheckoutEvent>;

interface Opened {
  readonly key: string;
  readonly checkoutId: string;
  readonly cartId: string;
  readonly storefront: Storefront;
  readonly user: SignedInUser;
  readonly stream: Stream;
  readonly subscriptions: Subscription[];
}

const checkoutKey = (userId: string, cartId: string) => `checkout:${userId}:${cartId}`;
// Shape 2: each account with its address book (decision 054); a copy of another shape is not read.
const factsKey = (userId: string, storeId: string) => `checkout-facts:2:${userId}:${storeId}`;
export const orderKey = (userId: string, orderId: string) => `order:${userId}:${orderId}`;

/** Pulls of an ordered cart while the store clears it (about 15 s in all). */
const CLEARING_TRIES = 10;
/** How often a place-order request is sent again when its answer is lost. */
const SEND_TRIES = 3;
/** How long placing an order waits for the queued choices to be confirmed, and how often it looks. */
const SEND_QUEUED_MS = 10_000;
const SEND_QUEUED_STEP_MS = 250;

/**
 * The refusal of a card from the answer's message id (the saved card banner for a saved
 * card, SPEC 8), or from the payment this page holds when the answer does not say.
 */
export function declinedFrom(
  messageId: string | undefined,
  payment: PaymentChoice | null,
): DeclinedPayment {
  const saved =
    messageId === CHECKOUT_MESSAGES.savedCardDetails.id ||
    (messageId !== CHECKOUT_MESSAGES.paymentDetails.id &&
      payment?.method === 'card' &&
      payment.source === 'saved');
  const savedCardId =
    saved && payment?.method === 'card' && payment.source === 'saved'
      ? payment.paymentMethodId
      : null;
  return saved
    ? { source: 'saved', savedCardId, message: CHECKOUT_MESSAGES.savedCardDetails }
    : { source: 'new', savedCardId: null, message: CHECKOUT_MESSAGES.paymentDetails };
}

/** The same payment: one card (by its saved id or its token), or the same other method. */
function samePayment(a: PaymentChoice | null, b: PaymentChoice | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.method === 'card' && b.method === 'card') {
    if (a.source === 'saved' && b.source === 'saved') {
      return a.paymentMethodId === b.paymentMethodId;
    }
    return a.source === 'new' && b.source === 'new' && a.token === b.token;
  }
  if (a.method === 'purchase-order' && b.method === 'purchase-order') {
    return a.poNumber === b.poNumber;
  }
  return a.method === b.method;
}

/**
 * The refusal to show: the one the store recorded on the checkout, else the one this page
 * was answered while the refused payment is still the one chosen here (the store's record
 * arrives with the next pull).
 */
export function declinedPaymentOf(
  state: CheckoutState,
  checkoutId: string,
  local: LocalDecline | null,
): DeclinedPayment | null {
  if (state.paymentDeclined) {
    const { source } = state.paymentDeclined;
    return {
      source,
      savedCardId: null,
      message:
        source === 'saved' ? CHECKOUT_MESSAGES.savedCardDetails : CHECKOUT_MESSAGES.paymentDetails,
    };
  }
  if (local?.checkoutId !== checkoutId || state.placedOrderId) return null;
  return samePayment(state.payment, local.payment) ? local.declined : null;
}

export class CheckoutStore {
  readonly view$ = new BehaviorSubject<CheckoutView | null>(null);
  /** The cart changed under the open checkout: it went back to its first step. */
  readonly restarted$ = new Subject<void>();
  private readonly facts$ = new BehaviorSubject<{
    readonly facts: CheckoutFacts | null;
    readonly status: FactsStatus;
  }>({ facts: null, status: 'loading' });
  private opened: Opened | null = null;
  /** The order placed from this page, before the store records it on the checkout. */
  private justPlaced: { readonly checkoutId: string; readonly orderId: string } | null = null;
  private opening: Promise<void> | undefined;
  private openingKey = '';
  /** The card refused when this page placed the order. */
  private localDecline: LocalDecline | null = null;
  private fieldsConfig: Promise<HostedFieldsConfig> | undefined;
  private readonly books = new Map<string, AddressBook>();
  private readonly analytics: CheckoutAnalytics;
  /** Orders the data layer was told of from this page (or is being told). */
  private readonly reported = new Set<string>();

  constructor(private readonly cart: CartStore) {
    this.analytics = new CheckoutAnalytics(cart.engine.db);
    // The steps done by the commands decided here, for the data layer.
    cart.engine.applied$.subscribe((applied) => {
      const opened = this.opened;
      if (!opened || applied.streamId !== opened.stream.streamId) return;
      this.analytics.commandDecided(
        opened.checkoutId,
        applied.events as readonly CheckoutEvent[],
        applied.note as CheckoutNote | undefined,
        this.basket(),
      );
    });
  }

  private get db() {
    return this.cart.engine.db;
  }

  /** The cart of the open checkout as this browser holds it now. */
  private currentCart(): CheckoutCart | null {
    const active = this.cart.active$.getValue();
    if (!active || active.cartId !== this.opened?.cartId) return null;
    const { stream } = active.stream;
    const version =
      stream.confirmedVersion + stream.pending.reduce((n, p) => n + p.events.length, 0);
    return checkoutCartOf(stream.state, version);
  }

  /** Opens (or finds) the checkout of this buyer's active cart in this storefront. */
  open(storefront: Storefront, user: SignedInUser): Promise<void> {
    const key = `${storefront.storeId}/${user.id}`;
    // A checkout whose order was placed, or of a cart no longer active, gives way to a new one.
    const stale =
      this.opened !== null &&
      (Boolean(this.view$.getValue()?.placedOrderId) ||
        this.cart.active$.getValue()?.cartId !== this.opened.cartId);
    if (this.opening && key === this.openingKey && !stale) return this.opening;
    this.openingKey = key;
    this.opening = this.openNow(storefront, user).catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async openNow(storefront: Storefront, user: SignedInUser): Promise<void> {
    const active = await this.cart.activate(storefront, user);
    this.closeOpened();
    const checkoutId = await this.checkoutIdFor(user.id, active.cartId);
    // The facts kept here first: the queued choices are decided again on them when the
    // stream opens (after an offline reload too).
    await this.loadKeptFacts(storefront, user.id);
    const cart = () => this.currentCart();
    const facts = () => this.facts$.getValue().facts;
    // The decider reads the cart and the facts as they are when each choice is made.
    const context: CheckoutContext = {
      checkoutId,
      storeId: storefront.storeId,
      locale: storefront.locale,
      userId: user.id,
      get cart() {
        return cart();
      },
      get facts() {
        return facts();
      },
    };
    const stream = this.cart.engine.openStream(streamIdOf(checkoutStreamKind, checkoutId), {
      kind: checkoutStreamKind,
      context,
    });
    await stream.ready;
    const opened: Opened = {
      key: `${storefront.storeId}/${user.id}`,
      checkoutId,
      cartId: active.cartId,
      storefront,
      user,
      stream,
      subscriptions: [],
    };
    this.opened = opened;
    // The server's facts when it answers (the screens do not wait for them).
    void this.loadFacts(storefront, user.id).catch(() => undefined);
    // What the store recorded on a checkout it knows (the order placed from another tab).
    const known = await this.db.streams.get(stream.streamId);
    if (online$.getValue() && (known?.version ?? 0) > 0) {
      void this.cart.engine.pull(stream.streamId, user.id).catch((error: unknown) => {
        console.warn('The checkout could not be refreshed from the server.', error);
      });
    }
    const publish = () => {
      this.publish();
    };
    opened.subscriptions.push(
      stream.state$.subscribe(publish),
      // An order placed that this page did not hear of from its own request (another tab, or
      // an answer lost on the way): the data layer is told of it here.
      stream.state$.subscribe((state) => {
        if (state.placedOrderId) this.reportPlaced(opened, state.placedOrderId);
      }),
      this.facts$.subscribe(publish),
      this.cart.queued$.subscribe(publish),
      // The cart this checkout came from changed: the checkout starts again.
      active.stream.state$.subscribe(() => {
        this.followCart(true);
      }),
    );
    this.followCart(false);
  }

  /** Starts the checkout, or restarts it when the cart moved since it began. */
  private followCart(announce: boolean): void {
    const opened = this.opened;
    const cart = this.currentCart();
    if (!opened || !cart || cart.lines.length === 0) return;
    const state = opened.stream.state$.getValue();
    // Placed (from here, maybe not yet heard back from the store): nothing to follow.
    if (state.placedOrderId || this.justPlaced?.checkoutId === opened.checkoutId) return;
    const reference = { cartId: cart.cartId, version: cart.version, fingerprint: cart.fingerprint };
    if (!state.checkoutId) {
      this.choose({ type: 'StartCheckout', data: { cart: reference } });
    } else if (state.cart?.fingerprint !== cart.fingerprint) {
      this.choose({ type: 'RestartCheckout', data: { cart: reference } });
      if (announce) this.restarted$.next();
    }
  }

  private async checkoutIdFor(userId: string, cartId: string): Promise<string> {
    const key = checkoutKey(userId, cartId);
    const known = await this.db.meta.get(key);
    if (typeof known?.value === 'string') {
      // A checkout whose order was placed is done: the next one is new.
      const { state } = await this.cart.engine.confirmedOf(
        streamIdOf(checkoutStreamKind, known.value),
        checkoutStreamKind,
      );
      if (!state.placedOrderId) return known.value;
    }
    const made = newId();
    await this.db.meta.put({ key, value: made });
    return made;
  }

  private publish(): void {
    const opened = this.opened;
    if (!opened) {
      this.view$.next(null);
      return;
    }
    const { facts, status } = this.facts$.getValue();
    const state = opened.stream.state$.getValue();
    const justPlaced =
      this.justPlaced?.checkoutId === opened.checkoutId ? this.justPlaced.orderId : null;
    this.view$.next({
      checkoutId: opened.checkoutId,
      storefront: opened.storefront,
      userId: opened.user.id,
      state,
      cart: this.currentCart(),
      facts,
      factsStatus: status,
      pending: opened.stream.stream.pending.length,
      placedOrderId: state.placedOrderId ?? justPlaced,
      declined: declinedPaymentOf(state, opened.checkoutId, this.localDecline),
    });
  }

  /** The buyer's facts: fresh from the server when it answers, else the copy kept here. */
  private async loadKeptFacts(storefront: Storefront, userId: string): Promise<void> {
    const kept = await this.db.meta.get(factsKey(userId, storefront.storeId));
    const facts = (kept?.value as CheckoutFacts | undefined) ?? null;
    this.facts$.next({ facts, status: facts ? 'cached' : 'loading' });
  }

  private async loadFacts(storefront: Storefront, userId: string): Promise<void> {
    const key = factsKey(userId, storefront.storeId);
    if (!online$.getValue()) {
      const facts = this.facts$.getValue().facts;
      this.facts$.next({ facts, status: facts ? 'cached' : 'unavailable' });
      return;
    }
    try {
      const facts = await fetchCheckoutFacts(storefront.locale);
      await this.db.meta.put({ key, value: facts });
      // The address books of the buyer's accounts, fetched while online, so the address steps
      // offer them offline later in this checkout (their own copies, like the cart's).
      await Promise.all(facts.accounts.map((a) => this.addressBook(a.id, userId).loaded));
      this.facts$.next({ facts, status: 'fresh' });
      // Choices queued before the facts came are decided again on them.
      const opened = this.opened;
      if (opened) await this.cart.engine.rebuild(opened.stream.streamId);
    } catch (error) {
      console.warn('Checkout facts could not be loaded; the copy kept here is used.', error);
      const facts = this.facts$.getValue().facts;
      this.facts$.next({ facts, status: facts ? 'cached' : 'unavailable' });
    }
  }

  /**
   * How to mount the payment gateway's card fields (online only: the fields are the
   * gateway's page). Asked once per page; asked again after a failure.
   */
  paymentFields(): Promise<HostedFieldsConfig> {
    this.fieldsConfig ??= fetchPaymentFields().catch((error: unknown) => {
      this.fieldsConfig = undefined;
      throw error;
    });
    return this.fieldsConfig;
  }

  /**
   * The address book of a customer account the buyer checks out for: the same stream as the
   * address book pages' (decision 054), so an address added there, offline too, is offered
   * here, and one saved from checkout is a change to that book.
   */
  addressBook(accountId: string, userId: string): AddressBook {
    const key = `${userId}/${accountId}`;
    let book = this.books.get(key);
    if (!book) {
      book = openAddressBook(this.cart, accountId, userId);
      this.books.set(key, book);
    }
    return book;
  }

  /** Loads the facts again (after an account or a user was added). */
  refreshFacts(): Promise<void> {
    const opened = this.opened;
    return opened ? this.loadFacts(opened.storefront, opened.user.id) : Promise.resolve();
  }

  /**
   * Makes a choice: decided here at once (the screen shows it before this returns), queued,
   * and decided again by the server. A choice that breaks a rule gives its DomainError and
   * nothing is queued. `note`: what the screen says of it (a choice made for the buyer).
   */
  choose(
    request: CheckoutRequest,
    note?: CheckoutNote,
  ): { error: DomainError | null; saved: Promise<void> } {
    const opened = this.opened;
    if (!opened) throw new Error('No checkout is open');
    const commandId = newId();
    const command = {
      ...request,
      metadata: { commandId, now: new Date().toISOString() },
    } as CheckoutCommand;
    try {
      const { saved } = this.cart.engine.dispatch(opened.stream, command, {
        locale: opened.storefront.locale,
        userId: opened.user.id,
        ...(note ? { note } : {}),
      });
      // The cart is priced for the account checkout is for, so the cart page agrees with it.
      const active = this.cart.active$.getValue();
      if (
        command.type === 'ChooseCustomerAccount' &&
        active?.cartId === opened.cartId &&
        active.stream.state$.getValue().account?.id !== command.data.accountId
      ) {
        this.cart.chooseAccount(command.data.accountId);
      }
      return { error: null, saved };
    } catch (error) {
      if (error instanceof DomainError) return { error, saved: Promise.resolve() };
      throw error;
    }
  }

  /** The cart priced for the account chosen, as the summary shows it; null without lines. */
  private basket(): CheckoutBasket | null {
    const view = this.view$.getValue();
    if (!view?.cart || view.cart.lines.length === 0) return null;
    const { priced } = checkoutTotals({
      state: view.state,
      cart: view.cart,
      storeId: view.storefront.storeId,
      account:
        view.state.account && view.facts ? accountIn(view.facts, view.state.account.id) : undefined,
      fallbackDiscounts: view.cart.accountDiscounts ?? null,
    });
    return { priced, promotions: view.cart.promotions };
  }

  /**
   * Tells the data layer of an order the open checkout placed, once per page (the analytics
   * make it once per browser): with the checkout's basket while its cart still holds what
   * was ordered. An order not given (learned from the checkout's stream) is read from the
   * store, or the copy kept here.
   */
  private reportPlaced(opened: Opened, orderId: string, placed?: Order): void {
    if (this.reported.has(orderId)) return;
    this.reported.add(orderId);
    const state = opened.stream.state$.getValue();
    const cart = this.currentCart();
    const basket = cart && cart.fingerprint === state.cart?.fingerprint ? this.basket() : null;
    if (placed) {
      void this.analytics.orderPlaced(placed, basket);
      return;
    }
    void this.order(opened.user.id, orderId).then(async (order) => {
      if (order?.checkoutId === opened.checkoutId) await this.analytics.orderLearned(order, basket);
      else this.reported.delete(orderId);
    });
  }

  /** What the order comes to as the buyer sees it: the cart for the account, shipping, tax. */
  expectedTotalMinor(): number | null {
    const view = this.view$.getValue();
    if (!view?.cart || !view.facts || !view.state.account) return null;
    return checkoutTotals({
      state: view.state,
      cart: view.cart,
      storeId: view.storefront.storeId,
      account: accountIn(view.facts, view.state.account.id),
    }).totalMinor;
  }

  /**
   * Places the order: every queued choice and cart change is sent first, then one request
   * with an idempotency key (sent again with the same key when its answer is lost). Nothing
   * is lost when it fails: the cart and every choice stay. `challengeToken`: the checkout
   * challenge's token, when the page showed it (decision 061); every try of the key sends it.
   */
  async placeOrder(termsAccepted: boolean, challengeToken?: string): Promise<PlaceOrderOutcome> {
    const opened = this.opened;
    const failed: PlaceOrderOutcome = {
      kind: 'failed',
      message: CHECKOUT_MESSAGES.placeOrderError,
    };
    if (!opened || !online$.getValue()) return failed;
    const { stream, storefront, user } = opened;
    if (!(await this.sendQueued(stream))) return failed;
    const expectedTotalMinor = this.expectedTotalMinor();
    if (expectedTotalMinor === null) return failed;
    const body = {
      termsAccepted,
      checkoutVersion: stream.stream.confirmedVersion,
      expectedTotalMinor,
      ...(challengeToken !== undefined ? { challengeToken } : {}),
    };
    const key = newId();
    await this.analytics.placing(opened.checkoutId);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const { order } = await postPlaceOrder(opened.checkoutId, storefront.locale, body, key);
        await this.afterPlaced(opened, order);
        return { kind: 'placed', order };
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) {
          // The answer was lost or the server failed: the same key again, a few times.
          if (attempt < SEND_TRIES) {
            await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
            continue;
          }
          return failed;
        }
        const code = error.body?.error.code ?? '';
        const field = error.body?.error.fields?.[0];
        if (error.status === 409 && code === 'idempotency_in_progress' && attempt < SEND_TRIES) {
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
          continue;
        }
        if (code === 'checkout.modified') {
          // The cart moved on the server (another tab or device): fetched, then started again.
          await this.cart.engine.pull(cartStreamId(opened.cartId), user.id).catch(() => undefined);
          this.followCart(false);
          this.restarted$.next();
          return { kind: 'restarted' };
        }
        if (code === 'checkout.out-of-date') {
          // Another tab chose something meanwhile: pulled here, for the buyer to review.
          await this.cart.engine.pull(stream.streamId, user.id).catch(() => undefined);
          return { kind: 'refused', message: CHECKOUT_RULE_MESSAGES.reviewAgain };
        }
        if (code === 'checkout.payment-declined') {
          // The store recorded the refusal on the checkout; it arrives with the next pull,
          // and until then this page holds it, so the buyer stays on review to pay again.
          const payment = stream.state$.getValue().payment;
          const declined = declinedFrom(field?.code, payment);
          this.localDecline = { checkoutId: opened.checkoutId, payment, declined };
          this.publish();
          return { kind: 'declined', declined };
        }
        if (field && error.status === 422) {
          return {
            kind: 'refused',
            code,
            message: {
              id: field.code,
              message: field.message,
              ...(field.values ? { values: field.values } : {}),
            },
          };
        }
        return failed;
      }
    }
  }

  /**
   * Every queued choice and cart change confirmed by the store before the order is placed:
   * sent from here, or by whoever holds the outbox's lock just then (another tab: back online,
   * every tab sends at once, and a flush that finds the lock taken returns at once), or once a
   * command's short pause after a failed send is over. False when they are still waiting after
   * SEND_QUEUED_MS, or offline.
   */
  private async sendQueued(stream: Opened['stream']): Promise<boolean> {
    const deadline = Date.now() + SEND_QUEUED_MS;
    for (;;) {
      await this.cart.flush();
      const active = this.cart.active$.getValue();
      const waiting =
        stream.stream.pending.length > 0 || (active?.stream.stream.pending.length ?? 0) > 0;
      if (!waiting) return true;
      if (Date.now() >= deadline || !online$.getValue()) return false;
      await new Promise((resolve) => setTimeout(resolve, SEND_QUEUED_STEP_MS));
    }
  }

  private async afterPlaced(opened: Opened, order: Order): Promise<void> {
    // The screens go to the confirmation before the cart empties under them.
    this.justPlaced = { checkoutId: opened.checkoutId, orderId: order.orderId };
    this.reportPlaced(opened, order.orderId, order);
    this.publish();
    await this.db.meta.put({ key: orderKey(opened.user.id, order.orderId), value: order });
    await this.db.meta.delete(checkoutKey(opened.user.id, opened.cartId));
    // The store clears the cart (its process manager, the one place that does: decision
    // 047); the browser follows the cart until the clearing arrives.
    void this.followClearing(order, opened.user.id);
  }

  /** Pulls the order's cart until the store's clearing of it is there (or a few tries). */
  private async followClearing(order: Order, userId: string): Promise<void> {
    const streamId = cartStreamId(order.cartId);
    for (let attempt = 0; attempt < CLEARING_TRIES; attempt += 1) {
      await this.cart.engine.pull(streamId, userId).catch(() => undefined);
      const active = this.cart.active$.getValue();
      if (active?.cartId !== order.cartId) return;
      if (active.stream.state$.getValue().clearedOrders.includes(order.orderId)) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 150 * 2 ** attempt)));
    }
  }

  /**
   * An order the buyer placed: from the server; when the server cannot be reached, the copy
   * this buyer kept here when it was placed (never another buyer's of the same browser).
   */
  async order(userId: string, orderId: string): Promise<Order | null> {
    try {
      const { order } = await fetchOrder(orderId);
      await this.db.meta.put({ key: orderKey(userId, orderId), value: order });
      return order;
    } catch (error) {
      // The server answered: not found, or not this buyer's.
      if (error instanceof ApiError) return null;
      const kept = await this.db.meta.get(orderKey(userId, orderId));
      return (kept?.value as Order | undefined) ?? null;
    }
  }

  private closeOpened(): void {
    for (const subscription of this.opened?.subscriptions ?? []) subscription.unsubscribe();
    this.opened = null;
  }

  close(): void {
    this.closeOpened();
    this.opening = undefined;
    this.view$.next(null);
  }
}

let store: CheckoutStore | undefined;

/** The one checkout store of this page, over the cart store. */
export function checkoutStore(cart: CartStore): CheckoutStore {
  store ??= new CheckoutStore(cart);
  return store;
}
