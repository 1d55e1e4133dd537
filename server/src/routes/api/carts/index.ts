/**
 * The sync endpoints (ARCHITECTURE §3). `POST /api/carts/{cartId}/commands` takes one queued
 * command `{ clientId, seq, commandId, expectedVersion, command }` and answers the confirmed
 * events or a typed rejection, with every event the client has not seen; `GET
 * /api/carts/{cartId}?after=` gives the events after a version; `GET /api/carts/current`
 * names the signed-in user's latest cart in a store. Saved carts work the same way under
 * /api/saved-carts for signed-in users. A cart belongs to the visitor (an HttpOnly cookie)
 * or the user who made it; anyone else gets 404.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import { cartDecider } from '../../../../../domain/cart/decide';
import type { CartCommand } from '../../../../../domain/cart/commands';
import type { CartOwner } from '../../../../../domain/cart/state';
import {
  decideSavedCarts,
  type SavedCartCommand,
  type SavedCartsState,
} from '../../../../../domain/saved-cart/saved-carts';
import {
  cartCommandSchema,
  idSchema,
  pushRequestSchema,
  savedCartCommandSchema,
  streamQuerySchema,
} from '../../../../../domain/sync/schemas';
import { LOCALES, storefrontFor } from '../../../../../domain/storefront/storefronts';
import { identifyCaller, type Caller, type VerifyToken } from '../../../auth/authenticate';
import { CartCatalogCache, loadCartContext } from '../../../carts/cart-context';
import {
  cartStream,
  cartStreamId,
  savedCartsStream,
  savedCartsStreamId,
} from '../../../carts/streams';
import type { Db } from '../../../db/database';
import { streams } from '../../../db/schema';
import { EventStore, StreamNotFoundError, type StreamRow } from '../../../event-store/event-store';
import { errorBody } from '../../../plugins/errors';

export const VISITOR_COOKIE = 'store_visitor';
const VISITOR_DAYS = 365;

const cartParams = z.object({ cartId: idSchema });
const localeQuery = z.object({ locale: z.enum(LOCALES) });
/** `as=visitor`: the browser's visitor cart, kept the visitor's even while someone is signed in. */
const pushQuery = localeQuery.extend({ as: z.enum(['visitor']).optional() });
const pushCart = pushRequestSchema(cartCommandSchema);
const pushSaved = pushRequestSchema(savedCartCommandSchema);

export function registerCartRoutes(
  app: FastifyInstance,
  db: Db,
  verifyToken: VerifyToken,
  options: { secureCookies: boolean; store?: EventStore },
): void {
  const store = options.store ?? new EventStore(db);
  const catalog = new CartCatalogCache();

  function visitorOf(request: FastifyRequest): string | undefined {
    const raw = request.cookies[VISITOR_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    return unsigned?.valid && unsigned.value ? unsigned.value : undefined;
  }

  function newVisitor(reply: FastifyReply): string {
    const id = randomUUID();
    reply.setCookie(VISITOR_COOKIE, id, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      signed: true,
      maxAge: VISITOR_DAYS * 24 * 3600,
    });
    return id;
  }

  function canAccess(caller: Caller | undefined, visitor: string | undefined) {
    return (row: StreamRow) =>
      (row.ownerKind === 'user' && caller?.user.id === row.ownerId) ||
      (row.ownerKind === 'visitor' && visitor !== undefined && visitor === row.ownerId);
  }

  const notFound = (reply: FastifyReply) =>
    reply.code(404).send(errorBody('not_found', 'No such cart.'));

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/carts') || request.url.startsWith('/api/saved-carts')) {
      reply.header('cache-control', 'no-store');
    }
  });

  app.post('/api/carts/:cartId/commands', async (request, reply) => {
    const { cartId } = cartParams.parse(request.params);
    const { locale, as } = pushQuery.parse(request.query);
    const push = pushCart.parse(request.body);
    const caller = await identifyCaller(request, db, verifyToken);
    const asUser = caller !== undefined && as !== 'visitor';
    const visitor = visitorOf(request) ?? (asUser ? undefined : newVisitor(reply));
    const actor: CartOwner =
      asUser && caller
        ? { kind: 'user', id: caller.user.id }
        : { kind: 'visitor', id: visitor ?? '' };
    const storefront = storefrontFor(locale);
    // The server's clock decides, not the browser's.
    const command = {
      ...push.command,
      metadata: { ...push.command.metadata, now: new Date().toISOString() },
    } as CartCommand;
    try {
      return await store.push({
        kind: cartStream,
        streamId: cartStreamId(cartId),
        owner: actor,
        storeId: storefront.storeId,
        canWrite: canAccess(caller, visitor),
        request: { ...push, command },
        prepare: async (tx, state) => {
          const context = await loadCartContext(
            tx,
            { cartId, storefront, actor, cache: catalog },
            command,
            state,
          );
          return (c, s) => cartDecider.decide(c, s, context);
        },
      });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return notFound(reply);
      throw error;
    }
  });

  app.get('/api/carts/current', async (request, reply) => {
    const { locale } = localeQuery.parse(request.query);
    const caller = await identifyCaller(request, db, verifyToken);
    if (!caller) {
      return reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    }
    const [row] = await db
      .select({ streamId: streams.streamId, version: streams.version })
      .from(streams)
      .where(
        and(
          eq(streams.ownerKind, 'user'),
          eq(streams.ownerId, caller.user.id),
          eq(streams.kind, 'cart'),
          eq(streams.storeId, storefrontFor(locale).storeId),
        ),
      )
      .orderBy(desc(streams.updatedAt))
      .limit(1);
    return row
      ? { cartId: row.streamId.slice('cart:'.length), version: row.version }
      : { cartId: null, version: 0 };
  });

  app.get('/api/carts/:cartId', async (request, reply) => {
    const { cartId } = cartParams.parse(request.params);
    const { after } = streamQuerySchema.parse(request.query);
    const caller = await identifyCaller(request, db, verifyToken);
    try {
      const row = await store.readable(cartStreamId(cartId), canAccess(caller, visitorOf(request)));
      if (!row) return notFound(reply);
      const events = await store.eventsAfter(db, cartStream, row.streamId, after);
      return { cartId, version: row.version, events };
    } catch (error) {
      if (error instanceof StreamNotFoundError) return notFound(reply);
      throw error;
    }
  });

  app.post('/api/saved-carts/commands', async (request, reply) => {
    const push = pushSaved.parse(request.body);
    const caller = await identifyCaller(request, db, verifyToken);
    if (!caller) {
      return reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    }
    const owner = { kind: 'user', id: caller.user.id } as const;
    const command = {
      ...push.command,
      metadata: { ...push.command.metadata, now: new Date().toISOString() },
    } as SavedCartCommand;
    return store.push({
      kind: savedCartsStream,
      streamId: savedCartsStreamId(caller.user.id),
      owner,
      storeId: null,
      canWrite: (row) => row.ownerKind === 'user' && row.ownerId === caller.user.id,
      request: { ...push, command },
      prepare: () =>
        Promise.resolve((c: SavedCartCommand, s: SavedCartsState) => decideSavedCarts(c, s)),
    });
  });

  app.get('/api/saved-carts', async (request, reply) => {
    const { after } = streamQuerySchema.parse(request.query);
    const caller = await identifyCaller(request, db, verifyToken);
    if (!caller) {
      return reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    }
    const streamId = savedCartsStreamId(caller.user.id);
    const row = await store.readable(streamId, (r) => r.ownerId === caller.user.id);
    const events = row ? await store.eventsAfter(db, savedCartsStream, streamId, after) : [];
    return { version: row?.version ?? 0, events };
  });
}
