/**
 * `GET /api/carts/current?locale=` names the signed-in user's latest cart in a store (a
 * browser that has never held it, after sign-in on a new device, starts from there). The
 * carts' sync endpoints are the stream routes every kind gets (server/src/streams/routes.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { cartStreamKind } from '../../../../../domain/cart/stream';
import { LOCALES, storefrontFor } from '../../../../../domain/storefront/storefronts';
import { parseStreamId } from '../../../../../domain/sync/stream-kind';
import { actingBuyer } from '../../../acting/plugin';
import type { Db } from '../../../db/database';
import { streams } from '../../../db/schema';

export { VISITOR_COOKIE } from '../../../streams/routes';

const localeQuery = z.object({ locale: z.enum(LOCALES) });

export function registerCartRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/carts/current', { config: { access: 'buyer' } }, async (request) => {
    const { locale } = localeQuery.parse(request.query);
    const buyer = actingBuyer(request);
    const [row] = await db
      .select({ streamId: streams.streamId, version: streams.version })
      .from(streams)
      .where(
        and(
          eq(streams.ownerKind, 'user'),
          eq(streams.ownerId, buyer.id),
          eq(streams.kind, cartStreamKind.name),
          eq(streams.storeId, storefrontFor(locale).storeId),
        ),
      )
      .orderBy(desc(streams.updatedAt))
      .limit(1);
    return row
      ? { cartId: parseStreamId(row.streamId).id, version: row.version }
      : { cartId: null, version: 0 };
  });
}
