/**
 * `POST /api/orders/{id}/training-participants`: online training participants given after
 * the order was placed (SPEC 2.5, 4.8, 5), for the order confirmation's 'Add participants'.
 * Body `{ code, participants }`. The buyer of the order only (any other caller reads it as
 * not found); the checkout's rules again (decideTrainingAfterOrder), a broken one a 422 in
 * the spec's words; then `GiveOrderTrainingParticipants` on the order's stream, and the
 * order as it now stands. Giving the same participants again changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { orderStreamKind, type Order, type OrderState } from '../../../../../domain/order/order';
import { decideTrainingAfterOrder } from '../../../../../domain/order/training-after-order';
import { DomainError } from '../../../../../domain/shared/domain-error';
import { isLocale } from '../../../../../domain/storefront/storefronts';
import { checkCommandSize } from '../../../../../domain/sync/push-schema';
import { idSchema } from '../../../../../domain/sync/schemas';
import { streamIdOf } from '../../../../../domain/sync/stream-kind';
import { noCardNumber } from '../../../../../domain/validation/card-number-check';
import { storableText } from '../../../../../domain/validation/storable-check';
import { actingBuyer } from '../../../acting/plugin';
import type { CommandHandler } from '../../../commands/execute';
import type { EventStore } from '../../../event-store/event-store';
import { errorBody } from '../../../plugins/errors';
import { ruleBody } from '../checkout/index';

const plain = (max: number) => z.string().max(max).check(storableText());
/** What the buyer types, but an email address (its own digits; the rules check its format). */
const text = (max: number) => plain(max).check(noCardNumber());

/**
 * The shape and sizes only, with room above the rules' limits (SPEC 9: names 60, email 64)
 * so that the rules answer in their own words; they are the decider's.
 */
export const orderTrainingRequestSchema = z.object({
  code: text(64),
  participants: z
    .array(
      z.object({
        firstName: text(200),
        lastName: text(200),
        email: plain(300),
        firstPreferredDate: text(40),
        secondPreferredDate: text(40),
      }),
    )
    .max(1_000),
});

const idParams = z.object({ id: idSchema });

export function registerOrderTrainingRoutes(
  app: FastifyInstance,
  deps: { readonly store: EventStore; readonly commands: CommandHandler },
): void {
  const { store, commands } = deps;

  async function orderOf(orderId: string) {
    const found = await store.stateOf(orderStreamKind, streamIdOf(orderStreamKind, orderId));
    const order = (found?.state as OrderState | undefined)?.order ?? null;
    return found && order ? { row: found.row, order } : null;
  }

  app.post(
    '/api/orders/:id/training-participants',
    { config: { access: 'buyer' } },
    async (request, reply) => {
      const user = actingBuyer(request);
      reply.header('cache-control', 'no-store');
      const { id } = idParams.parse(request.params);
      const body = orderTrainingRequestSchema.parse(request.body);
      checkCommandSize(body, orderStreamKind);
      const found = await orderOf(id);
      if (
        !found ||
        found.order.buyer.userId !== user.id ||
        found.row.ownerKind !== 'user' ||
        found.row.ownerId !== user.id
      ) {
        return reply.code(404).send(errorBody('not_found', 'No such order.'));
      }
      const now = new Date().toISOString();
      let given: ReturnType<typeof decideTrainingAfterOrder>;
      try {
        // SPEC 5: six weeks from the store's today, as at checkout (dates are UTC days).
        given = decideTrainingAfterOrder(
          found.order,
          body.code,
          body.participants,
          now.slice(0, 10),
        );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return reply.code(422).send(ruleBody(error.code, error.detail));
      }
      if (!given) return { order: found.order };

      const executed = await commands.execute(
        'order',
        streamIdOf(orderStreamKind, id),
        { type: 'GiveOrderTrainingParticipants', data: given },
        request.acting,
        {
          commandId: `order-training-${randomUUID()}`,
          expectedVersion: found.row.version,
          locale: isLocale(found.order.locale) ? found.order.locale : null,
          now: new Date(now),
        },
      );
      const result = executed.result;
      if (result.status === 'rejected') {
        return reply.code(422).send(ruleBody(result.code, result.message));
      }
      const after = await orderOf(id);
      if (!after) throw new Error(`Order ${id} was not found after its participants were given`);
      return { order: after.order satisfies Order };
    },
  );
}
