/**
 * Checkout's online requests (SPEC 2.6, 4.8; decision 024). The checkout's choices
 * themselves sync through the checkout stream (`/api/checkouts/{id}/commands`); here:
 *
 * - `GET /api/checkout/facts?locale=`: what the checkout decider decides on, for the caller;
 * - `GET /api/checkout/payment-fields`: how to mount the payment gateway's card fields;
 * - `GET /api/checkout/challenge`: how to show the checkout challenge (decision 061);
 * - `POST /api/checkout/accounts/claim`: 'Account not listed';
 * - `POST /api/checkout/accounts/{id}/qualified-users`: 'Add qualified user' by email;
 * - `POST /api/checkout/qglobal/lookup` and `/qglobal/profile`: the Q-global add outcomes;
 * - `POST /api/checkouts/{id}/place-order?locale=`: placing the order, once per
 *   Idempotency-Key, and once per checkout whatever the keys;
 *
 * Signed-in callers only (401 otherwise); another buyer's ids read as not found. Never cached.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import { CHECKOUT_RULE_MESSAGES } from '../../../../../domain/checkout/messages';
import {
  addQualifiedUserRequestSchema,
  checkoutLocaleQuery,
  claimAccountRequestSchema,
  placeOrderRequestSchema,
  qglobalRequestSchema,
} from '../../../../../domain/checkout/requests';
import type { ApiErrorBody } from '../../../../../domain/shared/api-error';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../../../domain/shared/idempotency';
import { formatMessage, type Message } from '../../../../../domain/shared/message';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { idSchema } from '../../../../../domain/sync/schemas';
import { V } from '../../../../../domain/validation/messages';
import { isForBuyer } from '../../../acting/acting';
import { actingBuyer } from '../../../acting/plugin';
import { factsFor } from '../../../checkout/checkout-facts';
import {
  addQglobalToProfile,
  addQualifiedUser,
  claimAccount,
  lookupQglobal,
} from '../../../checkout/checkout-repository';
import type { CommandHandler } from '../../../commands/execute';
import type { Db } from '../../../db/database';
import type { EventStore } from '../../../event-store/event-store';
import type { FlagService } from '../../../flags/flag-service';
import { CHECKOUT_CONFLICTS, PlaceOrder } from '../../../orders/place-order';
import type { PaymentGateway } from '../../../payments/gateway';
import type { ChallengeVerifier } from '../../../challenge/verifier';
import { errorBody } from '../../../plugins/errors';
import { sendOnce } from '../../../plugins/idempotency';

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

export function registerCheckoutRoutes(
  app: FastifyInstance,
  db: Db,
  deps: {
    readonly flags: FlagService;
    readonly store: EventStore;
    readonly commands: CommandHandler;
    readonly payments: PaymentGateway;
    readonly challenge: ChallengeVerifier;
  },
): void {
  const { flags, store, commands, payments, challenge } = deps;
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

  app.get('/api/checkout/facts', { config: { access: 'buyer' } }, async (request) => {
    const user = actingBuyer(request);
    const { locale } = checkoutLocaleQuery.parse(request.query);
    return factsFor(db, flags, user, storefrontFor(locale));
  });

  /** What the browser needs to show the checkout challenge (decision 061). */
  app.get('/api/checkout/challenge', { config: { access: 'buyer' } }, () =>
    Promise.resolve(challenge.clientConfig()),
  );

  /** What the browser needs to mount the payment gateway's card fields (decision 026). */
  app.get('/api/checkout/payment-fields', { config: { access: 'buyer' } }, () =>
    Promise.resolve(payments.clientConfig()),
  );

  app.post(
    '/api/checkout/accounts/claim',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      const { accountNumber } = claimAccountRequestSchema.parse(request.body);
      const claimed = await claimAccount(db, user, accountNumber);
      if (!claimed) return notFound(reply, 'checkout.account-not-found', V.accountNotFound);
      return { accountId: claimed.id };
    },
  );

  app.post(
    '/api/checkout/accounts/:id/qualified-users',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      const { id } = idParams.parse(request.params);
      const { email } = addQualifiedUserRequestSchema.parse(request.body);
      const added = await addQualifiedUser(db, user.id, id, email);
      if (!added) {
        return notFound(reply, 'checkout.user-not-in-organization', V.userNotInOrganization);
      }
      return added;
    },
  );

  app.post('/api/checkout/qglobal/lookup', { config: { access: 'buyer' } }, async (request) => {
    const user = actingBuyer(request);
    const { accountNumber } = qglobalRequestSchema.parse(request.body);
    return lookupQglobal(db, user.id, accountNumber);
  });

  app.post(
    '/api/checkout/qglobal/profile',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      const { accountNumber } = qglobalRequestSchema.parse(request.body);
      if (!(await addQglobalToProfile(db, user.id, accountNumber))) {
        return notFound(
          reply,
          'checkout.qglobal-not-found',
          CHECKOUT_RULE_MESSAGES.qglobalNotFound,
        );
      }
      return reply.code(204).send();
    },
  );

  const placeOrder = new PlaceOrder({
    db,
    store,
    commands,
    flags,
    payments,
    challenge,
    onSideEffectError: (error, what) => app.log.error({ err: error }, what),
  });
  sweepAbandonedClaims(app, placeOrder);

  // The route is an adapter: parse, ask the use case, map its outcome to a status.
  app.post(
    '/api/checkouts/:id/place-order',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const who = request.acting;
      if (!isForBuyer(who)) throw new Error('place-order acts for no buyer');
      const { id } = idParams.parse(request.params);
      const { locale } = checkoutLocaleQuery.parse(request.query);
      const body = placeOrderRequestSchema.parse(request.body);
      return sendOnce(db, request, reply, `place-order:${who.buyer.id}`, async () => {
        const key = idempotencyKeySchema.parse(request.headers[IDEMPOTENCY_HEADER]);
        const outcome = await placeOrder.place(who, {
          checkoutId: id,
          locale,
          termsAccepted: body.termsAccepted,
          checkoutVersion: body.checkoutVersion,
          ...(body.expectedTotalMinor !== undefined
            ? { expectedTotalMinor: body.expectedTotalMinor }
            : {}),
          ...(body.challengeToken !== undefined ? { challengeToken: body.challengeToken } : {}),
          attempt: `${who.buyer.id}:${key}`,
        });
        switch (outcome.kind) {
          case 'placed':
            if (outcome.order.status === 'declined') {
              request.log.warn(
                { orderId: outcome.order.orderId },
                'an order was declined by sanctions screening',
              );
            }
            return { statusCode: 201, body: { order: outcome.order } };
          case 'already-placed':
            return { statusCode: 200, body: { order: outcome.order } };
          case 'not-found':
            return { statusCode: 404, body: errorBody('not_found', 'No such checkout.') };
          case 'refused':
            return {
              statusCode: CHECKOUT_CONFLICTS.has(outcome.code) ? 409 : 422,
              body:
                outcome.code === 'checkout.out-of-date'
                  ? errorBody('checkout.out-of-date', 'The checkout changed since it was reviewed.')
                  : ruleBody(outcome.code, outcome.message),
            };
          case 'declined':
            return {
              statusCode: 422,
              body: ruleBody('checkout.payment-declined', outcome.message),
            };
          case 'in-progress':
            // The browser asks again (the order of another attempt is nearly there): with the
            // same key, which this answer does not keep.
            return {
              final: false,
              statusCode: 409,
              body: errorBody(
                'idempotency_in_progress',
                'The same request is still being handled.',
              ),
            };
        }
      });
    },
  );
}

/** How often each instance looks for claims on orders whose attempt died. */
export const CLAIM_SWEEP_MS = 60_000;

/**
 * Claims left by attempts that died (their lease lapsed, nobody sent the order again) are
 * settled every minute: an order written keeps its charge, anything else taken goes back.
 */
function sweepAbandonedClaims(app: FastifyInstance, placeOrder: PlaceOrder): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => {
      if (running) return; // the last sweep still runs (a slow gateway)
      running = placeOrder
        .sweepAbandoned()
        .catch((error: unknown) => {
          app.log.error(
            { err: error },
            'the sweep of abandoned order claims failed; it runs again',
          );
        })
        .finally(() => {
          running = undefined;
        });
    }, CLAIM_SWEEP_MS);
    timer.unref();
    done();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
