/**
 * Orders after checkout (SPEC 2.6, 2.7, 4.8, 5, 8; decision 029):
 *
 * - `GET /api/orders?locale=&page=&status=&from=&to=&q=`: the caller's order history, newest
 *   first, a page at a time;
 * - `GET /api/orders/{id}`: one of the caller's orders, whole (details, confirmation);
 * - `GET /api/order-status?locale=&orderNumber=` or `?locale=&poNumber=&organizationNumber=`:
 *   the status lookup, open to visitors. It shows an order's progress only: no name, address
 *   or payment; a signed-in buyer's own orders come with their id, for the link to their
 *   details. Order numbers are random with a check digit (decision 045): one whose check
 *   digit fails is not found without a database query. Its limit per caller (RATE_LIMIT_ORDER_STATUS, answered with the lookup's own
 *   message) is in plugins/rate-limit.ts.
 *
 * Another buyer's order reads as not found, by list, by id or by lookup. Never cached.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { orderHistoryQuerySchema } from '../../../../../domain/order/history';
import {
  lookupMiss,
  orderLookupRawQuerySchema,
  orderStatusView,
  type OrderLookupQuery,
} from '../../../../../domain/order/lookup';
import { couldBeOrderNumber } from '../../../../../domain/order/numbers';
import type { Order } from '../../../../../domain/order/order';
import { storefrontFor } from '../../../../../domain/storefront/storefronts';
import { idSchema } from '../../../../../domain/sync/schemas';
import { withValues } from '../../../../../domain/shared/message';
import {
  orderNumberSearchSchema,
  poSearchSchema,
} from '../../../../../domain/validation/order-search';
import { buyerOf } from '../../../acting/acting';
import { actingBuyer } from '../../../acting/plugin';
import type { Db } from '../../../db/database';
import {
  buyersOrder,
  orderHistory,
  ordersByNumber,
  ordersByPoNumber,
} from '../../../orders/order-queries';
import { errorBody } from '../../../plugins/errors';
import { ruleBody } from '../checkout/index';

const idParams = z.object({ id: idSchema });

/** The lookup's query under its rules (SPEC 5), whichever way the order is looked for. */
function lookupQuery(raw: z.infer<typeof orderLookupRawQuerySchema>): OrderLookupQuery {
  if (raw.orderNumber !== undefined && raw.poNumber === undefined) {
    return {
      locale: raw.locale,
      ...orderNumberSearchSchema.parse({ orderNumber: raw.orderNumber }),
    };
  }
  return {
    locale: raw.locale,
    ...poSearchSchema.parse({
      poNumber: raw.poNumber ?? '',
      organizationNumber: raw.organizationNumber ?? '',
    }),
  };
}

/** The orders a lookup finds, and whether the PO number is known with another organization. */
async function find(
  db: Db,
  query: OrderLookupQuery,
): Promise<{ orders: Order[]; poKnownElsewhere: boolean }> {
  const storeId = storefrontFor(query.locale).storeId;
  if ('orderNumber' in query) {
    // A number whose check digit fails is no order's: not found, without asking the database.
    if (!couldBeOrderNumber(query.orderNumber)) return { orders: [], poKnownElsewhere: false };
    return {
      orders: await ordersByNumber(db, storeId, query.orderNumber),
      poKnownElsewhere: false,
    };
  }
  const withPo = await ordersByPoNumber(db, storeId, query.poNumber);
  const orders = withPo.filter(
    (order) =>
      order.account.type === 'ORGANIZATION' && order.account.number === query.organizationNumber,
  );
  return { orders, poKnownElsewhere: withPo.length > 0 };
}

export function registerOrderRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/orders', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    reply.header('cache-control', 'no-store');
    const query = orderHistoryQuerySchema.parse(request.query);
    return orderHistory(db, user.id, query);
  });

  app.get('/api/orders/:id', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = actingBuyer(request);
    reply.header('cache-control', 'no-store');
    const { id } = idParams.parse(request.params);
    const found = await buyersOrder(db, user.id, id);
    if (!found) return reply.code(404).send(errorBody('not_found', 'No such order.'));
    return { order: found.order };
  });

  app.get('/api/order-status', { config: { access: 'anyone' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = lookupQuery(orderLookupRawQuerySchema.parse(request.query));
    const { orders, poKnownElsewhere } = await find(db, query);
    if (orders.length === 0) {
      const miss = lookupMiss(query, poKnownElsewhere);
      return reply.code(404).send(ruleBody(miss.id, withValues(miss, {})));
    }
    const buyer = buyerOf(request.acting);
    return {
      orders: orders.map((order) => ({
        ...orderStatusView(order),
        // The buyer's own order links to its details.
        orderId: buyer && order.buyer.userId === buyer.id ? order.orderId : null,
      })),
    };
  });
}
