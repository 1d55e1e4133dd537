/**
 * Checkout's online requests (SPEC 2.6, 4.8; decision 024). The checkout's choices
 * themselves sync through the checkout stream (`/api/checkouts/{id}/commands`); here:
 *
 * - `GET /api/checkout/facts?locale=`: what the checkout decider decides on, for the caller;
 * - `GET /api/checkout/payment-fields`: how to mount the payment gateway's card fields;
 * - `POST /api/checkout/accounts/claim`: 'Account not listed';
 * - `POST /api/checkout/accounts/{id}/qualified-users`: 'Add qualified user' by email;
 * - `POST /api/checkout/qglobal/lookup` and `/qglobal/profile`: the Q-global add outcomes;
 * - `POST /api/checkouts/{id}/place-order?locale=`: placing the order, once per
 *   Idempotency-Key, and once per checkout whatever the keys;
 *
 * Signed-in callers only (401 otherwise); another buyer's ids read as not found. Never cached.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { randomBytes } from 'node:crypto';
import { CHECKOUT_MESSAGES, CHECKOUT_RULE_MESSAGES } from '../../../../../domain/checkout/messages';
import { checkoutStreamKind } from '../../../../../domain/checkout/stream';
import type { CheckoutState, PaymentDecline } from '../../../../../domain/checkout/state';
import {
  addQualifiedUserRequestSchema,
  checkoutLocaleQuery,
  claimAccountRequestSchema,
  placeOrderRequestSchema,
  qglobalRequestSchema,
} from '../../../../../domain/checkout/requests';
import {
  ORDERS_READ_MODEL,
  orderStreamKind,
  type Order,
  type OrderState,
  type PlacedOrder,
} from '../../../../../domain/order/order';
import { decidePlaceOrder } from '../../../../../domain/order/place-order';
import { screenedNames, screenNames } from '../../../../../domain/order/screening';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { formatMessage, type Message } from '../../../../../domain/shared/message';
import type { ApiErrorBody } from '../../../../../domain/shared/api-error';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { idSchema } from '../../../../../domain/sync/schemas';
import { streamIdOf } from '../../../../../domain/sync/stream-kind';
import { V } from '../../../../../domain/validation/messages';
import { requireCaller, type VerifyToken } from '../../../auth/authenticate';
import { CartCatalogCache } from '../../../carts/cart-context';
import { factsFor } from '../../../checkout/checkout-facts';
import { serverCart } from '../../../checkout/checkout-context';
import {
  addQglobalToProfile,
  addQualifiedUser,
  claimAccount,
  lookupQglobal,
  nextWebReference,
  saveCardToProfile,
  savedCardToken,
  saveToAddressBook,
} from '../../../checkout/checkout-repository';
import { PaymentGatewayError, type PaymentGateway } from '../../../payments/gateway';
import { newAccessCode } from '../../../orders/numbers';
import { SANDBOX_DENIED_PARTIES } from '../../../screening/denied-parties';
import type { Db } from '../../../db/database';
import type { EventStore } from '../../../event-store/event-store';
import type { FlagService } from '../../../flags/flag-service';
import { sendOnce } from '../../../plugins/idempotency';
import { errorBody } from '../../../plugins/errors';

const idParams = z.object({ id: idSchema });

/** A broken rule, in the shape of every API error, with the message id clients translate. */
export function ruleBody(code: string, message: Message): ApiErrorBody {
  return {
    error: {
      code,
      message: formatMessage(message),
      fields: [
        {
          path: '',
          code: message.id,
          message: formatMessage(message),
          ...(message.values && Object.keys(message.values).length > 0
            ? { values: message.values }
            : {}),
        },
      ],
    },
  };
}

/** Codes that say the checkout changed under the buyer: they start again (409). */
const CONFLICTS = new Set(['checkout.modified', 'checkout.out-of-date', 'checkout.already-placed']);

export function registerCheckoutRoutes(
  app: FastifyInstance,
  db: Db,
  verifyToken: VerifyToken,
  deps: {
    readonly flags: FlagService;
    readonly store: EventStore;
    readonly payments: PaymentGateway;
  },
): void {
  const { flags, store, payments } = deps;
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.url.startsWith('/api/checkout/') ||
      request.url.startsWith('/api/orders/') ||
      /^\/api\/checkouts\/[^/]+\/place-order/.test(request.url)
    ) {
      reply.header('cache-control', 'no-store');
    }
  });

  const notFound = (reply: FastifyReply, code: string, message: Message) =>
    reply.code(404).send(ruleBody(code, message));

  app.get('/api/checkout/facts', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { locale } = checkoutLocaleQuery.parse(request.query);
    return factsFor(db, flags, caller.user, storefrontFor(locale));
  });

  /** What the browser needs to mount the payment gateway's card fields (decision 026). */
  app.get('/api/checkout/payment-fields', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    return payments.clientConfig();
  });

  app.post('/api/checkout/accounts/claim', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { accountNumber } = claimAccountRequestSchema.parse(request.body);
    const claimed = await claimAccount(db, caller.user, accountNumber);
    if (!claimed) return notFound(reply, 'checkout.account-not-found', V.accountNotFound);
    return { accountId: claimed.id };
  });

  app.post('/api/checkout/accounts/:id/qualified-users', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    const { email } = addQualifiedUserRequestSchema.parse(request.body);
    const added = await addQualifiedUser(db, caller.user.id, id, email);
    if (!added) {
      return notFound(reply, 'checkout.user-not-in-organization', V.userNotInOrganization);
    }
    return added;
  });

  app.post('/api/checkout/qglobal/lookup', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { accountNumber } = qglobalRequestSchema.parse(request.body);
    return lookupQglobal(db, caller.user.id, accountNumber);
  });

  app.post('/api/checkout/qglobal/profile', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { accountNumber } = qglobalRequestSchema.parse(request.body);
    if (!(await addQglobalToProfile(db, caller.user.id, accountNumber))) {
      return notFound(reply, 'checkout.qglobal-not-found', CHECKOUT_RULE_MESSAGES.qglobalNotFound);
    }
    return reply.code(204).send();
  });

  /** An order by its id. */
  async function orderOf(orderId: string): Promise<Order | null> {
    const found = await store.stateOf(orderStreamKind, streamIdOf(orderStreamKind, orderId));
    return (found?.state as OrderState | undefined)?.order ?? null;
  }

  /** The order a checkout placed, from the orders read model. */
  async function orderOfCheckout(userId: string, checkoutId: string): Promise<Order | null> {
    const result: unknown = await db.execute(sql`
      select doc from read_models
       where model = ${ORDERS_READ_MODEL} and owner_kind = 'user' and owner_id = ${userId}
         and doc ->> 'checkoutId' = ${checkoutId}
       limit 1`);
    // Both drivers answer raw SQL with `rows`.
    const [row] = (result as { rows: { doc: Order }[] }).rows;
    return row?.doc ?? null;
  }

  app.post('/api/checkouts/:id/place-order', async (request, reply) => {
    const caller = await requireCaller(request, reply, db, verifyToken);
    if (!caller) return reply;
    const { id } = idParams.parse(request.params);
    const { locale } = checkoutLocaleQuery.parse(request.query);
    const body = placeOrderRequestSchema.parse(request.body);
    const user = caller.user;
    return sendOnce(db, request, reply, `place-order:${user.id}`, async () => {
      const found = await store.stateOf(checkoutStreamKind, streamIdOf(checkoutStreamKind, id));
      const storefront = storefrontFor(locale);
      if (
        !found ||
        found.row.ownerKind !== 'user' ||
        found.row.ownerId !== user.id ||
        found.row.storeId !== storefront.storeId
      ) {
        return { statusCode: 404, body: errorBody('not_found', 'No such checkout.') };
      }
      // Placed already (another tab, a retry with another key): the same order.
      const existing = await orderOfCheckout(user.id, id);
      if (existing) return { statusCode: 200, body: { order: existing } };
      const checkout = found.state as CheckoutState;
      if (found.row.version !== body.checkoutVersion) {
        return {
          statusCode: 409,
          body: errorBody('checkout.out-of-date', 'The checkout changed since it was reviewed.'),
        };
      }
      const cartId = checkout.cart?.cartId;
      const [facts, cart] = await Promise.all([
        factsFor(db, flags, user, storefront),
        cartId ? serverCart(store, user.id, cartId, storefront.storeId) : Promise.resolve(null),
      ]);
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
      // One order per cart as it stands: two checkouts of one cart (two devices) make one
      // order, whichever is placed first; the cart's next version (after the order, or a
      // change) is another order.
      const orderId = cart ? `${cart.cartId}-v${String(cart.version)}` : id;
      let order: PlacedOrder;
      try {
        order = decidePlaceOrder({
          orderId,
          webReference: await nextWebReference(db),
          now: new Date().toISOString(),
          locale,
          storeId: storefront.storeId,
          buyer: {
            userId: user.id,
            firstName: user.givenName,
            lastName: user.familyName,
            email: user.email,
          },
          placedBy: { kind: 'user', id: user.id, name: `${user.givenName} ${user.familyName}` },
          checkout,
          cart,
          facts,
          product,
          promotion,
          termsAccepted: body.termsAccepted,
          ...(body.expectedTotalMinor !== undefined
            ? { expectedTotalMinor: body.expectedTotalMinor }
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
        return {
          statusCode: CONFLICTS.has(error.code) ? 409 : 422,
          body: ruleBody(error.code, error.detail),
        };
      }
      if (order.status === 'declined') {
        request.log.warn({ orderId }, 'an order was declined by sanctions screening');
      }

      // A card is charged once the order stands, unless screening declined it (nothing is
      // charged then). A refusal is recorded on the checkout: the buyer pays again.
      const paid = await chargeCard(order, checkout, found.row.version, user.id);
      if (!paid.ok) {
        await recordDecline(id, user.id, storefront.storeId, paid.decline);
        const message =
          paid.decline.source === 'saved'
            ? CHECKOUT_MESSAGES.savedCardDetails
            : CHECKOUT_MESSAGES.paymentDetails;
        return {
          statusCode: 422,
          body: ruleBody('checkout.payment-declined', { ...message, values: {} }),
        };
      }
      order = paid.order;

      const commandId = `place-order-${orderId}`;
      const charged = order.payment.method === 'card' ? order.payment.chargeId : null;
      const pushed = store.push({
        kind: orderStreamKind,
        streamId: streamIdOf(orderStreamKind, orderId),
        owner: { kind: 'user', id: user.id },
        storeId: storefront.storeId,
        actor: { kind: 'user', id: user.id },
        locale,
        canWrite: (row) => row.ownerKind === 'user' && row.ownerId === user.id,
        clientId: `orders-${user.id}`,
        expectedVersion: 0,
        commands: [
          {
            seq: 1,
            commandId,
            command: {
              type: 'PlaceOrder',
              data: { order },
              metadata: { commandId, now: order.placedAt },
            },
          },
        ],
      });
      await pushed.catch(async (error: unknown) => {
        // The order could not be written: its charge is given back.
        if (charged) await payments.refund(charged, `refund:${charged}`);
        throw error;
      });
      const placed = await orderOf(orderId);
      if (!placed) throw new Error(`The order of checkout ${id} was not written`);
      if (charged && placed.webReference !== order.webReference) {
        // Another request placed this cart's order first: this charge is given back.
        await payments.refund(charged, `refund:${charged}`);
      }
      if (placed.webReference === order.webReference && paid.saveCard) {
        await saveCard(user.id, paid.saveCard).catch((error: unknown) => {
          request.log.error({ err: error }, 'a card could not be saved to the profile');
        });
      }
      if (
        placed.webReference === order.webReference &&
        order.saveShippingAddress &&
        order.shippingAddress
      ) {
        // The order stands whatever happens to this convenience.
        await saveToAddressBook(db, user.id, order.shippingAddress).catch((error: unknown) => {
          request.log.error({ err: error }, 'a delivery address could not be saved');
        });
      }
      return {
        statusCode: placed.webReference === order.webReference ? 201 : 200,
        body: { order: placed },
      };
    });
  });

  type Paid =
    | {
        readonly ok: true;
        readonly order: PlacedOrder;
        /** A new card to keep on the profile once the order is written. */
        readonly saveCard: { readonly token: string; readonly holderName: string } | null;
      }
    | { readonly ok: false; readonly decline: PaymentDecline };

  /** Charges the order's card (once per checkout version); other payments pass through. */
  async function chargeCard(
    order: PlacedOrder,
    checkout: CheckoutState,
    checkoutVersion: number,
    userId: string,
  ): Promise<Paid> {
    const payment = checkout.payment;
    if (order.payment.method !== 'card' || payment?.method !== 'card') {
      return { ok: true, order, saveCard: null };
    }
    if (order.status === 'declined') return { ok: true, order, saveCard: null };
    const decline = (reason: PaymentDecline['reason']): Paid => ({
      ok: false,
      decline: { reason, source: payment.source, last4: payment.card.last4 },
    });
    const token =
      payment.source === 'saved'
        ? await savedCardToken(db, userId, payment.paymentMethodId)
        : payment.token;
    if (!token) return decline('processing-error');
    if (payment.source === 'new') {
      // What the browser said of the card is checked with the gateway. A token it no longer
      // describes was used: by this very payment when a retry comes after a lost answer, so
      // the charge below (same key) answers as the first time.
      const card = await payments.describe(token);
      if (
        card &&
        (card.last4 !== payment.card.last4 ||
          card.expMonth !== payment.card.expMonth ||
          card.expYear !== payment.card.expYear)
      ) {
        return decline('processing-error');
      }
    }
    let result: Awaited<ReturnType<PaymentGateway['charge']>>;
    try {
      result = await payments.charge({
        token,
        amountMinor: order.totals.totalMinor,
        currency: order.currency,
        reference: order.orderId,
        idempotencyKey: `order:${order.orderId}:checkout-v${String(checkoutVersion)}`,
      });
    } catch (error) {
      // A token the gateway does not know, or a key reused: not the buyer's card's fault, but
      // nothing was charged. The gateway being down is an error (503 from the handler).
      if (error instanceof PaymentGatewayError && error.code !== 'unavailable') {
        return decline('processing-error');
      }
      throw error;
    }
    if (result.status === 'declined') return decline(result.reason);
    return {
      ok: true,
      order: { ...order, payment: { ...order.payment, chargeId: result.chargeId } },
      saveCard:
        payment.source === 'new' && payment.saveCard
          ? { token, holderName: `${payment.firstName} ${payment.lastName}` }
          : null,
    };
  }

  /** The gateway refused: the checkout records it, and the buyer chooses a payment again. */
  async function recordDecline(
    checkoutId: string,
    userId: string,
    storeId: string,
    decline: PaymentDecline,
  ): Promise<void> {
    const commandId = `payment-declined-${checkoutId}-${randomBytes(6).toString('hex')}`;
    await store.push({
      kind: checkoutStreamKind,
      streamId: streamIdOf(checkoutStreamKind, checkoutId),
      owner: { kind: 'user', id: userId },
      storeId,
      actor: { kind: 'system', id: 'payments' },
      locale: null,
      canWrite: (row) => row.ownerKind === 'user' && row.ownerId === userId,
      clientId: `payments-${userId}`,
      expectedVersion: Number.MAX_SAFE_INTEGER,
      commands: [
        {
          seq: Date.now(),
          commandId,
          command: {
            type: 'RecordPaymentDeclined',
            data: { decline },
            metadata: { commandId, now: new Date().toISOString() },
          },
        },
      ],
    });
  }

  /** Keeps a new card on the buyer's profile as the gateway's reusable token. */
  async function saveCard(
    userId: string,
    card: { readonly token: string; readonly holderName: string },
  ): Promise<void> {
    const saved = await payments.saveCard({ token: card.token, customerRef: userId });
    await saveCardToProfile(db, userId, {
      token: saved.token,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: saved.expMonth,
      expYear: saved.expYear,
      holderName: card.holderName,
    });
  }
}
