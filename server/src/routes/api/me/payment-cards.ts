/**
 * Payment Cards (SPEC 2.7; decision 056): the caller's saved cards, saving one from the
 * gateway's hosted fields with no order, making one the default and removing one. The store
 * takes a gateway token and the holder's names, never a card number or security code, and
 * answers with the brand, the last four digits, the expiry and the holder. Another buyer's
 * card is 404, as one that does not exist; a card the issuer refuses is checkout's message.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod';
import { CHECKOUT_MESSAGES } from '../../../../../domain/checkout/messages';
import { newPaymentCardSchema } from '../../../../../domain/customer/payment-cards';
import { requestText } from '../../../../../domain/validation/fields';
import { actingBuyer, buyerThemselves } from '../../../acting/plugin';
import { findPaymentMethod, listPaymentMethods } from '../../../customers/customer-repository';
import { removeCard, saveCard, setDefaultCard } from '../../../customers/payment-cards';
import type { Db } from '../../../db/database';
import type { PaymentGateway } from '../../../payments/gateway';
import { errorBody } from '../../../plugins/errors';
import { ruleBody } from '../checkout/index';

const idParams = z.object({ id: requestText(64).min(1) });

function noSuchCard(reply: FastifyReply) {
  return reply.code(404).send(errorBody('not_found', 'No such card.'));
}

export function registerPaymentCardRoutes(
  app: FastifyInstance,
  deps: { readonly db: Db; readonly payments: PaymentGateway },
): void {
  const { db, payments } = deps;

  app.get('/api/me/payment-methods', { config: { access: 'buyer' } }, async (request) => {
    const user = actingBuyer(request);
    return { items: await listPaymentMethods(db, user.id) };
  });

  app.get(
    '/api/me/payment-methods/:id',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      const { id } = idParams.parse(request.params);
      return (await findPaymentMethod(db, user.id, id)) ?? noSuchCard(reply);
    },
  );

  // Saved cards change only by the buyer themselves: customer service takes a new card for an
  // order, or uses a saved one with the buyer's consent (decision 063).
  app.post('/api/me/payment-methods', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = buyerThemselves(request, reply);
    if (!user) return reply;
    const body = newPaymentCardSchema.parse(request.body);
    const outcome = await saveCard(db, payments, user.id, body);
    if (outcome.kind === 'declined') {
      return reply
        .code(422)
        .send(ruleBody('checkout.payment-declined', CHECKOUT_MESSAGES.paymentDetails));
    }
    return reply.code(201).send(outcome.card);
  });

  app.put(
    '/api/me/payment-methods/:id/default',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = buyerThemselves(request, reply);
      if (!user) return reply;
      const { id } = idParams.parse(request.params);
      if (!(await setDefaultCard(db, user.id, id))) return noSuchCard(reply);
      return (await findPaymentMethod(db, user.id, id)) ?? noSuchCard(reply);
    },
  );

  app.delete(
    '/api/me/payment-methods/:id',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = buyerThemselves(request, reply);
      if (!user) return reply;
      const { id } = idParams.parse(request.params);
      if (!(await removeCard(db, payments, user.id, id))) return noSuchCard(reply);
      return reply.code(204).send();
    },
  );
}
