/**
 * Placing an order (SPEC 2.6, 4.8; decisions 024, 047): a use case, not a route. It loads the
 * checkout, its cart and the facts as the store has them now, asks the domain's decider
 * (`decidePlaceOrder`), takes the card payment through `payments/charge.ts`, and records the
 * order through `execute`, as whoever acts (the buyer, or customer service for them).
 *
 * One cart version gives at most one order, and every order's payment is captured exactly
 * once (issue 26):
 *
 * - the order's id is the cart's version (`{cartId}-v{version}`): two checkouts of one cart,
 *   or two requests for one checkout, name the same order;
 * - before anything is taken, the attempt claims the order's id (`order_claims`). Only the
 *   claim's holder authorizes the card, with a key of its own attempt; the others wait for its
 *   outcome and answer with its order (or, when its card was declined, try in their turn);
 * - the amount is captured before the order is written (a written order is a paid order), and
 *   refunded once, by the attempt that took it, if the order could not be written. A claim
 *   whose process died is taken over after `CLAIM_LEASE_MS`; what that attempt took, as
 *   noted on the claim, is given back first.
 *
 * Nothing here knows HTTP: the route maps each outcome to a status.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES } from '../../../domain/checkout/messages';
import type { CheckoutState, PaymentDecline } from '../../../domain/checkout/state';
import { checkoutStreamKind } from '../../../domain/checkout/stream';
import { SUPPORT_MESSAGES } from '../../../domain/support/support';
import {
  ORDERS_READ_MODEL,
  orderStreamKind,
  type Order,
  type OrderState,
  type PlacedOrder,
} from '../../../domain/order/order';
import { decidePlaceOrder } from '../../../domain/order/place-order';
import { screenedNames, screenNames } from '../../../domain/order/screening';
import { refuseQuote, type QuoteState } from '../../../domain/quote/quote';
import { quoteStreamKind } from '../../../domain/quote/stream';
import { DomainError } from '../../../domain/shared/domain-error';
import type { Message } from '../../../domain/shared/message';
import { storefrontFor, type Locale } from '../../../domain/storefront/storefronts';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { acting, mayAccess, type Acting, type ForBuyer } from '../acting/acting';
import { placedByOf } from '../acting/placed-by';
import { CartCatalogCache } from '../carts/cart-context';
import { serverCart } from '../checkout/checkout-context';
import { factsFor } from '../checkout/checkout-facts';
import {
  nextWebReference,
  saveCardToProfile,
  savedCardToken,
} from '../checkout/checkout-repository';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/event-store';
import type { FlagService } from '../flags/flag-service';
import type { PaymentGateway } from '../payments/gateway';
import { PLACE_ORDER_ACTION, type ChallengeVerifier } from '../challenge/verifier';
import {
  authorizeCard,
  captureCard,
  giveBack,
  type CardPayment,
  type Taken,
} from '../payments/charge';
import { SANDBOX_DENIED_PARTIES } from '../screening/denied-parties';
import { newAccessCode } from './numbers';

/** How long a claim on an order holds without its attempt finishing. */
/**
 * How long a claim on an order holds without its attempt finishing: far longer than any
 * place-order takes (seconds), so that an attempt still alive is never taken over.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;

/** A card whose token is not usable: a decline, nothing taken. */
const DECLINED_TOKEN = Symbol('declined-token');

/** How long an attempt waits for another's outcome before telling its caller to try again. */
const WAIT_FOR_OTHER_MS = 20_000;
const WAIT_STEP_MS = 50;

export interface PlaceOrderDeps {
  readonly db: Db;
  readonly store: EventStore;
  readonly commands: CommandHandler;
  readonly flags: FlagService;
  readonly payments: PaymentGateway;
  /** The checkout challenge, asked when `checkout-recaptcha` is on (decision 061). */
  readonly challenge: ChallengeVerifier;
  /** Problems that do not stop the order (a card not saved to the profile). */
  readonly onSideEffectError?: (error: unknown, what: string) => void;
  /** The clock (tests). */
  readonly now?: () => Date;
}

export interface PlaceOrderRequest {
  readonly checkoutId: string;
  readonly locale: Locale;
  readonly termsAccepted: boolean;
  readonly checkoutVersion: number;
  readonly expectedTotalMinor?: number;
  /** The checkout challenge's token, when the buyer's page showed the challenge. */
  readonly challengeToken?: string;
  /** This attempt's key (from the request's Idempotency-Key): its payment's key. */
  readonly attempt: string;
}

export type PlaceOrderOutcome =
  /** The order was placed now. */
  | { readonly kind: 'placed'; readonly order: Order }
  /** It was placed before (another tab, another checkout of the same cart, a retry). */
  | { readonly kind: 'already-placed'; readonly order: Order }
  | { readonly kind: 'not-found' }
  /** The checkout moved since it was reviewed, or the rules refused it (a DomainError). */
  | { readonly kind: 'refused'; readonly code: string; readonly message: Message }
  /** The gateway refused the card: recorded on the checkout; nothing was taken. */
  | { readonly kind: 'declined'; readonly decline: PaymentDecline; readonly message: Message }
  /** Another attempt at the same order is still under way. */
  | { readonly kind: 'in-progress' };

/** Codes that say the checkout changed under the buyer: they start again. */
export const CHECKOUT_CONFLICTS: ReadonlySet<string> = new Set([
  'checkout.modified',
  'checkout.out-of-date',
  'checkout.already-placed',
]);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An attempt's own payment key: the order and the attempt (never another attempt's). */
function paymentKey(orderId: string, attempt: string): string {
  const digest = createHash('sha256').update(attempt).digest('base64url').slice(0, 22);
  return `order:${orderId}:${digest}`;
}

export class PlaceOrder {
  constructor(private readonly deps: PlaceOrderDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private async orderById(orderId: string): Promise<Order | null> {
    const found = await this.deps.store.stateOf(
      orderStreamKind,
      streamIdOf(orderStreamKind, orderId),
    );
    return (found?.state as OrderState | undefined)?.order ?? null;
  }

  /** The order a checkout placed, from the orders read model. */
  private async orderOfCheckout(userId: string, checkoutId: string): Promise<Order | null> {
    const [row] = rowsOf<{ doc: Order }>(
      await this.deps.db.execute(sql`
        select doc from read_models
         where model = ${ORDERS_READ_MODEL} and owner_kind = 'user' and owner_id = ${userId}
           and doc ->> 'checkoutId' = ${checkoutId}
         limit 1`),
    );
    return row?.doc ?? null;
  }

  async place(who: ForBuyer, request: PlaceOrderRequest): Promise<PlaceOrderOutcome> {
    const { store, db, flags } = this.deps;
    const user = who.buyer;
    const storefront = storefrontFor(request.locale);
    const found = await store.stateOf(
      checkoutStreamKind,
      streamIdOf(checkoutStreamKind, request.checkoutId),
    );
    if (!found || !mayAccess(who, found.row) || found.row.storeId !== storefront.storeId) {
      return { kind: 'not-found' };
    }
    // Placed already (another tab, a retry with another key): the same order.
    const existing = await this.orderOfCheckout(user.id, request.checkoutId);
    if (existing) return { kind: 'already-placed', order: existing };
    const checkout = found.state as CheckoutState;
    if (found.row.version !== request.checkoutVersion) {
      return {
        kind: 'refused',
        code: 'checkout.out-of-date',
        message: {
          id: 'checkout.out-of-date',
          message: 'The checkout changed since it was reviewed.',
          values: {},
        },
      };
    }
    // Customer service never pays with a buyer's saved card without the buyer's consent,
    // asked and recorded in the session (decision 063); a new card or a PO needs none.
    if (
      who.kind === 'agent' &&
      !who.savedCardConsent &&
      checkout.payment?.method === 'card' &&
      checkout.payment.source === 'saved'
    ) {
      return {
        kind: 'refused',
        code: SUPPORT_MESSAGES.savedCardNeedsConsent.id,
        message: { ...SUPPORT_MESSAGES.savedCardNeedsConsent, values: {} },
      };
    }
    const cartId = checkout.cart?.cartId;
    const [facts, cart] = await Promise.all([
      factsFor(db, flags, user, storefront),
      cartId ? serverCart(store, user.id, cartId, storefront.storeId) : Promise.resolve(null),
    ]);
    // One order per cart as it stands: two checkouts of one cart (two devices) make one
    // order, whichever is placed first; the cart's next version is another order. A quote
    // gives one order, whatever carts it was put in (decision 051).
    const orderId = cart?.quote
      ? `quote-${cart.quote.quoteId}`
      : cart
        ? `${cart.cartId}-v${String(cart.version)}`
        : request.checkoutId;
    const before = await this.orderById(orderId);
    if (before) return { kind: 'already-placed', order: before };
    // A quote cancelled since it was put in the cart is no longer ordered.
    if (cart?.quote) {
      const quote = await store.stateOf(
        quoteStreamKind,
        streamIdOf(quoteStreamKind, cart.quote.quoteId),
      );
      const status = (quote?.state as QuoteState | undefined)?.status;
      if (!quote || !mayAccess(who, quote.row) || status === 'cancelled') {
        const refused = refuseQuote('quote.not-orderable');
        return { kind: 'refused', code: refused.code, message: refused.detail };
      }
    }

    // The catalog and the codes as they are now (no cache).
    const catalog = new CartCatalogCache();
    const product = await catalog.productLookup(
      db,
      storefront.storeId,
      cart?.lines.map((l) => l.code) ?? [],
    );
    const promotion = await catalog.promotionLookup(
      db,
      storefront.storeId,
      cart?.promotions.map((p) => p.code) ?? [],
    );
    let order: PlacedOrder;
    try {
      order = decidePlaceOrder({
        orderId,
        webReference: await nextWebReference(db),
        now: this.now().toISOString(),
        locale: request.locale,
        storeId: storefront.storeId,
        buyer: {
          userId: user.id,
          firstName: user.givenName,
          lastName: user.familyName,
          email: user.email,
        },
        placedBy: placedByOf(who),
        checkout,
        cart,
        facts,
        product,
        promotion,
        termsAccepted: request.termsAccepted,
        ...(request.expectedTotalMinor !== undefined
          ? { expectedTotalMinor: request.expectedTotalMinor }
          : {}),
        // With `ofac` on, the order's names against the denied-party list (decision 028).
        ...(facts.flags.ofac
          ? {
              screening: screenNames(
                screenedNames(checkout, { firstName: user.givenName, lastName: user.familyName }),
                SANDBOX_DENIED_PARTIES,
              ),
            }
          : {}),
        accessCode: newAccessCode,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { kind: 'refused', code: error.code, message: error.detail };
    }
    // With `checkout-recaptcha` on, the challenge's token, once every rule holds: a token is
    // spent only by an attempt that could place the order (decision 061).
    if (facts.flags.checkoutRecaptcha) {
      const verdict = await this.deps.challenge.verify(request.challengeToken, {
        action: PLACE_ORDER_ACTION,
        attempt: request.attempt,
      });
      if (!verdict.ok) {
        const message =
          verdict.reason === 'missing'
            ? CHECKOUT_RULE_MESSAGES.challengeRequired
            : CHECKOUT_RULE_MESSAGES.challengeFailed;
        return {
          kind: 'refused',
          code:
            verdict.reason === 'missing'
              ? 'checkout.challenge-required'
              : 'checkout.challenge-failed',
          message: { ...message, values: {} },
        };
      }
    }
    return this.claimed(who, request, checkout, order);
  }

  /** The rest, once this attempt holds the order's claim (or learns another's outcome). */
  private async claimed(
    who: ForBuyer,
    request: PlaceOrderRequest,
    checkout: CheckoutState,
    order: PlacedOrder,
  ): Promise<PlaceOrderOutcome> {
    const claim = await this.claim(order.orderId, request.attempt);
    if (claim.kind === 'placed') return { kind: 'already-placed', order: claim.order };
    if (claim.kind === 'busy') return { kind: 'in-progress' };
    let taken: Taken = { authorizationId: null, chargeId: null };
    // Should the gateway or the database not answer on the way, the error goes up and the
    // claim keeps what this attempt took: the same attempt sent again (the same key) goes on
    // from it; should nobody send it again, the sweep of claims left gives it back after the
    // claim's lease. Nothing is given back blind.
    let placed: PlacedOrder = order;
    const payment = await this.cardPayment(who, checkout, order, request);
    if (payment === DECLINED_TOKEN) {
      return this.declined(who, request, checkout, order.orderId, 'processing-error');
    }
    if (payment) {
      const held = await authorizeCard(this.deps.payments, payment);
      if (held.status === 'declined') {
        return this.declined(who, request, checkout, order.orderId, held.reason);
      }
      taken = { authorizationId: held.authorizationId, chargeId: null };
      await this.note(order.orderId, request.attempt, taken);
      const chargeId = await captureCard(this.deps.payments, payment, held.authorizationId);
      taken = { authorizationId: held.authorizationId, chargeId };
      await this.note(order.orderId, request.attempt, taken);
      placed =
        order.payment.method === 'card'
          ? { ...order, payment: { ...order.payment, chargeId } }
          : order;
    }
    // Still this attempt's claim (not taken over meanwhile): else what it took goes back.
    if (!(await this.heartbeat(order.orderId, request.attempt))) {
      const other = await this.orderById(order.orderId);
      if (payment) await giveBack(this.deps.payments, payment, taken, chargeOf(other));
      return other ? { kind: 'already-placed', order: other } : { kind: 'in-progress' };
    }
    await this.deps.commands.execute(
      'order',
      streamIdOf(orderStreamKind, order.orderId),
      { type: 'PlaceOrder', data: { order: placed } },
      who,
      {
        commandId: `place-order:${order.orderId}`,
        expectedVersion: 0,
        locale: request.locale,
        now: new Date(order.placedAt),
      },
    );
    const written = await this.orderById(order.orderId);
    if (!written) throw new Error(`The order ${order.orderId} was not written`);
    // What an attempt this one took over took goes back, unless it pays the order written.
    await this.settlePriors(order.orderId, request.attempt, chargeOf(written));
    if (payment && chargeOf(written) !== taken.chargeId) {
      // Another attempt's order stands (it wrote it after all): ours goes back.
      await giveBack(this.deps.payments, payment, taken, chargeOf(written));
      await this.finish(order.orderId, request.attempt);
      return { kind: 'already-placed', order: written };
    }
    await this.finish(order.orderId, request.attempt);
    await this.conveniences(who, checkout, payment);
    return { kind: 'placed', order: written };
  }

  /**
   * The card payment the order takes, or null when it takes none (another method, or an
   * order declined by screening, which takes nothing). DECLINED_TOKEN: the card's token is
   * not usable (a saved card gone, a token that no longer describes the card chosen).
   */
  private async cardPayment(
    who: ForBuyer,
    checkout: CheckoutState,
    order: PlacedOrder,
    request: PlaceOrderRequest,
  ): Promise<CardPayment | typeof DECLINED_TOKEN | null> {
    const choice = checkout.payment;
    if (order.payment.method !== 'card' || choice?.method !== 'card') return null;
    if (order.status === 'declined') return null;
    const token =
      choice.source === 'saved'
        ? await savedCardToken(this.deps.db, who.buyer.id, choice.paymentMethodId)
        : choice.token;
    if (!token) return DECLINED_TOKEN;
    if (choice.source === 'new') {
      // What the browser said of the card is checked with the gateway. A token it no longer
      // describes was used: by this very payment when a retry comes after a lost answer, so
      // the authorization (same key) answers as the first time.
      const card = await this.deps.payments.describe(token);
      if (
        card &&
        (card.last4 !== choice.card.last4 ||
          card.expMonth !== choice.card.expMonth ||
          card.expYear !== choice.card.expYear)
      ) {
        return DECLINED_TOKEN;
      }
    }
    return {
      token,
      amountMinor: order.totals.totalMinor,
      currency: order.currency,
      reference: order.orderId,
      key: paymentKey(order.orderId, request.attempt),
    };
  }

  /** The gateway refused: the checkout records it, the claim goes, the buyer pays again. */
  private async declined(
    who: ForBuyer,
    request: PlaceOrderRequest,
    checkout: CheckoutState,
    orderId: string,
    reason: PaymentDecline['reason'],
  ): Promise<PlaceOrderOutcome> {
    const choice = checkout.payment;
    const source = choice?.method === 'card' ? choice.source : 'new';
    const decline: PaymentDecline = {
      reason,
      source,
      last4: choice?.method === 'card' ? choice.card.last4 : '',
    };
    await this.deps.commands.execute(
      'checkout',
      streamIdOf(checkoutStreamKind, request.checkoutId),
      { type: 'RecordPaymentDeclined', data: { decline } },
      acting.store('payments'),
      {
        commandId: `payment-declined:${orderId}:${paymentKey(orderId, request.attempt)}`,
        owner: { kind: 'user', id: who.buyer.id },
      },
    );
    // Nothing of this attempt's stands: what it (sent before) or an attempt it took over took
    // goes back before the claim goes.
    await this.abandon(orderId, request.attempt);
    const message =
      source === 'saved' ? CHECKOUT_MESSAGES.savedCardDetails : CHECKOUT_MESSAGES.paymentDetails;
    return { kind: 'declined', decline, message: { ...message, values: {} } };
  }

  /**
   * A new card kept on the profile: never fatal. (The delivery address is saved to the
   * account's address book by the shipping step itself, on the book's stream: decision 054.)
   */
  private async conveniences(
    who: ForBuyer,
    checkout: CheckoutState,
    payment: CardPayment | null,
  ): Promise<void> {
    const { db, payments } = this.deps;
    const choice = checkout.payment;
    const userId = who.buyer.id;
    // Customer service saves no card to the buyer's profile (decision 063).
    const mayKeep = who.kind === 'buyer';
    if (
      mayKeep &&
      payment &&
      choice?.method === 'card' &&
      choice.source === 'new' &&
      choice.saveCard
    ) {
      try {
        const saved = await payments.saveCard({ token: payment.token, customerRef: userId });
        const kept = await saveCardToProfile(db, userId, {
          token: saved.token,
          brand: saved.brand,
          last4: saved.last4,
          expMonth: saved.expMonth,
          expYear: saved.expYear,
          holderName: `${choice.firstName} ${choice.lastName}`,
        });
        // Saved before: the token just made is not needed.
        if (kept.token !== saved.token) await payments.deleteCard(saved.token, userId);
      } catch (error) {
        this.deps.onSideEffectError?.(error, 'a card could not be saved to the profile');
      }
    }
  }

  /**
   * Claims the order for this attempt. `mine`: go on; `placed`: another attempt placed it;
   * `busy`: another attempt still runs after the wait. The same attempt sent again finds its
   * claim as it left it. A claim whose attempt died (its lease lapsed) is taken over: an order
   * it wrote stands; otherwise what it took is kept among the claim's `priors`, settled once
   * this attempt's outcome is known (it may yet pay the order, if that attempt wrote it late).
   */
  private async claim(
    orderId: string,
    attempt: string,
  ): Promise<{ kind: 'mine' } | { kind: 'placed'; order: Order } | { kind: 'busy' }> {
    const { db } = this.deps;
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    for (;;) {
      const inserted = rowsOf<{ attempt: string }>(
        await db.execute(sql`
          insert into order_claims (order_id, attempt, status)
          values (${orderId}, ${attempt}, 'running')
          on conflict (order_id) do update set updated_at = now()
           where order_claims.attempt = excluded.attempt and order_claims.status = 'running'
          returning attempt`),
      );
      if (inserted.length > 0) return { kind: 'mine' };
      const [other] = rowsOf<ClaimRow & { lapsed: boolean }>(
        await db.execute(sql`
          select attempt, status, authorization_id, charge_id, priors,
                 updated_at < now() - make_interval(secs => ${CLAIM_LEASE_MS / 1000}) as lapsed
            from order_claims where order_id = ${orderId}`),
      );
      const written = await this.orderById(orderId);
      if (written) return { kind: 'placed', order: written };
      if (other && other.status === 'running' && other.lapsed) {
        const prior: Prior = {
          attempt: other.attempt,
          authorizationId: other.authorization_id,
          chargeId: other.charge_id,
        };
        const taken = rowsOf<{ order_id: string }>(
          await db.execute(sql`
            update order_claims
               set attempt = ${attempt}, authorization_id = null, charge_id = null,
                   priors = priors || ${JSON.stringify(
                     prior.authorizationId || prior.chargeId ? [prior] : [],
                   )}::jsonb,
                   updated_at = now()
             where order_id = ${orderId} and attempt = ${other.attempt} and status = 'running'
            returning order_id`),
        );
        if (taken.length > 0) return { kind: 'mine' };
        continue;
      }
      if (Date.now() >= deadline) return { kind: 'busy' };
      // Another attempt holds it: its outcome, once there (or its claim released).
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }

  /** What this attempt took, noted before it goes on (the sweep gives it back if need be). */
  private async note(orderId: string, attempt: string, taken: Taken): Promise<void> {
    await this.deps.db.execute(sql`
      update order_claims
         set authorization_id = ${taken.authorizationId}, charge_id = ${taken.chargeId},
             updated_at = now()
       where order_id = ${orderId} and attempt = ${attempt}`);
  }

  /** Renews this attempt's claim; false when another attempt took it over. */
  private async heartbeat(orderId: string, attempt: string): Promise<boolean> {
    const rows = rowsOf<{ order_id: string }>(
      await this.deps.db.execute(sql`
        update order_claims set updated_at = now()
         where order_id = ${orderId} and attempt = ${attempt} and status = 'running'
        returning order_id`),
    );
    return rows.length > 0;
  }

  /** The priors of this attempt's claim, given back unless one pays the order (`keep`). */
  private async settlePriors(orderId: string, attempt: string, keep: string | null) {
    const [row] = rowsOf<Pick<ClaimRow, 'priors'>>(
      await this.deps.db.execute(sql`
        select priors from order_claims where order_id = ${orderId} and attempt = ${attempt}`),
    );
    for (const prior of row?.priors ?? []) {
      await giveBack(this.deps.payments, { key: paymentKey(orderId, prior.attempt) }, prior, keep);
    }
    if ((row?.priors.length ?? 0) > 0) {
      await this.deps.db.execute(sql`
        update order_claims set priors = '[]'::jsonb
         where order_id = ${orderId} and attempt = ${attempt}`);
    }
  }

  private async finish(orderId: string, attempt: string): Promise<void> {
    await this.deps.db.execute(sql`
      update order_claims set status = 'placed', updated_at = now()
       where order_id = ${orderId} and attempt = ${attempt}`);
  }

  /**
   * No order of this attempt's: what it noted (sent before with the same key) and what the
   * attempts it took over took go back, and the claim goes, so another attempt may place the
   * order (a declined card).
   */
  private async abandon(orderId: string, attempt: string): Promise<void> {
    const [row] = rowsOf<ClaimRow>(
      await this.deps.db.execute(sql`
        select attempt, status, authorization_id, charge_id, priors from order_claims
         where order_id = ${orderId} and attempt = ${attempt} and status = 'running'`),
    );
    if (!row) return;
    await this.giveBackClaim(orderId, row, null);
    await this.deps.db.execute(sql`
      delete from order_claims
       where order_id = ${orderId} and attempt = ${attempt} and status = 'running'`);
  }

  /** Everything a claim noted goes back, but the order's own charge (`keep`). */
  private async giveBackClaim(orderId: string, row: ClaimRow, keep: string | null) {
    const all: Prior[] = [
      ...row.priors,
      { attempt: row.attempt, authorizationId: row.authorization_id, chargeId: row.charge_id },
    ];
    for (const prior of all) {
      await giveBack(this.deps.payments, { key: paymentKey(orderId, prior.attempt) }, prior, keep);
    }
  }

  /**
   * Claims left running past their lease (their attempt died, and nobody placed the order
   * again): an order written after all is marked placed and keeps its charge; anything else
   * taken goes back, and the claim goes. Safe to run on every instance at once: each gateway
   * step is idempotent and the claim goes only if nobody renewed it meanwhile.
   */
  async sweepAbandoned(limit = 50): Promise<number> {
    const rows = rowsOf<ClaimRow & { order_id: string; updated_at: string }>(
      await this.deps.db.execute(sql`
        select order_id, attempt, status, authorization_id, charge_id, priors,
               updated_at::text as updated_at
          from order_claims
         where status = 'running'
           and updated_at < now() - make_interval(secs => ${CLAIM_LEASE_MS / 1000})
         order by updated_at
         limit ${limit}`),
    );
    for (const row of rows) {
      const written = await this.orderById(row.order_id);
      await this.giveBackClaim(row.order_id, row, chargeOf(written));
      await this.deps.db.execute(
        written
          ? sql`update order_claims set status = 'placed', priors = '[]'::jsonb
                 where order_id = ${row.order_id} and attempt = ${row.attempt}
                   and updated_at::text = ${row.updated_at}`
          : sql`delete from order_claims
                 where order_id = ${row.order_id} and attempt = ${row.attempt}
                   and updated_at::text = ${row.updated_at}`,
      );
    }
    return rows.length;
  }
}

/** A claim's row as read. */
interface ClaimRow {
  readonly attempt: string;
  readonly status: string;
  readonly authorization_id: string | null;
  readonly charge_id: string | null;
  readonly priors: readonly Prior[];
}

/** What an attempt whose claim was taken over took. */
interface Prior extends Taken {
  readonly attempt: string;
}

/** The charge an order's card payment was captured as, if any. */
function chargeOf(order: Order | null | undefined): string | null {
  return order?.payment.method === 'card' ? order.payment.chargeId : null;
}

/** For the route: whether acting may place orders (someone acting for a buyer). */
export function placesFor(who: Acting): who is ForBuyer {
  return who.kind === 'buyer' || who.kind === 'agent';
}
