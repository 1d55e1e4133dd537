/**
 * The sync endpoints (ARCHITECTURE §3, decision 018), made for every stream kind of the
 * registry that has an address: nothing here names a kind.
 *
 * - A kind with a stream per id: `POST {path}/{id}/commands?locale=` takes one command
 *   `{ clientId, seq, commandId, expectedVersion, command }` or a batch
 *   `{ clientId, expectedVersion, commands: [{ seq, commandId, command }] }` and answers each
 *   command with every event the client has not seen; `GET {path}/{id}?after=` gives
 *   `{ id, version, events }`.
 * - A kind with one stream per signed-in user: `POST {path}/commands` and `GET {path}?after=`
 *   (`{ version, events }`), for the caller's own stream.
 *
 * A stream belongs to the visitor (an HttpOnly cookie) or the user who made it; anyone else
 * gets 404, exactly like a stream that does not exist. `as=visitor` keeps a visitor's stream
 * the visitor's even while someone is signed in (the merge after sign-in reads it).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import type { Actor } from '../../../domain/shared/event-metadata';
import { LOCALES, storefrontFor, type Locale } from '../../../domain/storefront/storefronts';
import { batchOf, singleResponse, type QueuedCommand } from '../../../domain/sync/protocol';
import { parsePush, pullQuerySchema } from '../../../domain/sync/push-schema';
import { idSchema } from '../../../domain/sync/schemas';
import { streamIdOf, type AnyStreamKind } from '../../../domain/sync/stream-kind';
import { identifyCaller, type Caller, type VerifyToken } from '../auth/authenticate';
import type { Db } from '../db/database';
import { StreamNotFoundError, type EventStore, type StreamRow } from '../event-store/event-store';
import { errorBody } from '../plugins/errors';

export const VISITOR_COOKIE = 'store_visitor';
const VISITOR_DAYS = 365;

const idParams = z.object({ id: idSchema });
/**
 * Whose stream the browser means: `as=visitor` (the server keeps it the visitor's even if
 * someone is signed in), or `user=` a user id (refused with 401 unless the session is that
 * user's, so a change queued by one buyer is never written as anyone else).
 */
const ownerQuery = { as: z.enum(['visitor']).optional(), user: idSchema.optional() };
const storeQuery = z.object({ locale: z.enum(LOCALES), ...ownerQuery });
const plainQuery = z.object({ locale: z.enum(LOCALES).optional(), ...ownerQuery });

/** Whether the caller is the user the request names (when it names one). */
const isExpected = (caller: Caller | undefined, user: string | undefined) =>
  user === undefined || caller?.user.id === user;

export interface StreamRouteOptions {
  readonly store: EventStore;
  readonly secureCookies: boolean;
}

export function registerStreamRoutes(
  app: FastifyInstance,
  db: Db,
  verifyToken: VerifyToken,
  options: StreamRouteOptions,
): void {
  const { store } = options;

  /**
   * The visitor the signed cookie names. A cookie signed with a key since rotated (decision
   * 034) is signed again with the current one, so the visitor keeps their cart for good.
   */
  function visitorOf(request: FastifyRequest, reply: FastifyReply): string | undefined {
    const raw = request.cookies[VISITOR_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return undefined;
    if (unsigned.renew) setVisitorCookie(request, reply, unsigned.value);
    return unsigned.value;
  }

  function newVisitor(request: FastifyRequest, reply: FastifyReply): string {
    const id = randomUUID();
    setVisitorCookie(request, reply, id);
    return id;
  }

  function setVisitorCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
    reply.setCookie(VISITOR_COOKIE, id, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      // Secure on an https address (the configured one, or the one a trusted proxy names).
      secure: options.secureCookies || request.protocol === 'https',
      signed: true,
      maxAge: VISITOR_DAYS * 24 * 3600,
    });
  }

  function canAccess(caller: Caller | undefined, visitor: string | undefined) {
    return (row: StreamRow) =>
      (row.ownerKind === 'user' && caller?.user.id === row.ownerId) ||
      (row.ownerKind === 'visitor' && visitor !== undefined && visitor === row.ownerId);
  }

  const notFound = (reply: FastifyReply) =>
    reply.code(404).send(errorBody('not_found', 'No such stream.'));
  const unauthorized = (reply: FastifyReply) =>
    reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));

  const paths = store.registry.kinds.flatMap((k) => (k.address ? [k.address.path] : []));
  app.addHook('onRequest', async (request, reply) => {
    if (paths.some((path) => request.url.startsWith(path))) {
      reply.header('cache-control', 'no-store');
    }
  });

  /** Each command in the kind's own shape (a 400 names the field that is wrong). */
  function commandsOf(
    kind: AnyStreamKind,
    queued: readonly QueuedCommand<unknown>[],
  ): QueuedCommand<unknown>[] {
    const schema = kind.commandSchema;
    const now = new Date().toISOString();
    return queued.map((q) => {
      const command = schema.parse(q.command) as { metadata: object };
      // The server's clock decides, not the browser's.
      return { ...q, command: { ...command, metadata: { ...command.metadata, now } } };
    });
  }

  async function push(
    kind: AnyStreamKind,
    request: FastifyRequest,
    reply: FastifyReply,
    target: (
      caller: Caller | undefined,
    ) => { id: string; owner: Actor; canWrite: (row: StreamRow) => boolean } | 'unauthorized',
    locale: Locale | null,
  ) {
    const body = parsePush(request.body, kind);
    const batch = body.batch ? body.request : batchOf(body.request);
    const commands = commandsOf(kind, batch.commands);
    const caller = await identifyCaller(request, db, verifyToken);
    const resolved = target(caller);
    if (resolved === 'unauthorized') return unauthorized(reply);
    try {
      const response = await store.push({
        kind,
        streamId: streamIdOf(kind, resolved.id),
        owner: resolved.owner,
        storeId: locale ? storefrontFor(locale).storeId : null,
        actor: resolved.owner,
        locale,
        canWrite: resolved.canWrite,
        clientId: batch.clientId,
        expectedVersion: batch.expectedVersion,
        commands,
      });
      return body.batch ? response : singleResponse(response);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return notFound(reply);
      throw error;
    }
  }

  for (const kind of store.registry.kinds) {
    const address = kind.address;
    if (!address) continue;
    const queryOf = (request: FastifyRequest) =>
      kind.perStore ? storeQuery.parse(request.query) : plainQuery.parse(request.query);

    if (address.per === 'user') {
      const own = (caller: Caller | undefined) =>
        caller
          ? {
              id: caller.user.id,
              owner: { kind: 'user', id: caller.user.id } as const,
              canWrite: (row: StreamRow) =>
                row.ownerKind === 'user' && row.ownerId === caller.user.id,
            }
          : ('unauthorized' as const);
      app.post(`${address.path}/commands`, async (request, reply) => {
        const { locale, user } = queryOf(request);
        return push(
          kind,
          request,
          reply,
          (caller) => (isExpected(caller, user) ? own(caller) : 'unauthorized'),
          kind.perStore ? (locale ?? null) : null,
        );
      });
      app.get(address.path, async (request, reply) => {
        const { after, user } = pullQuerySchema.parse(request.query);
        const caller = await identifyCaller(request, db, verifyToken);
        if (!caller || !isExpected(caller, user)) return unauthorized(reply);
        const streamId = streamIdOf(kind, caller.user.id);
        const row = await store
          .readable(streamId, (r) => r.ownerKind === 'user' && r.ownerId === caller.user.id)
          .catch((error: unknown) => {
            if (error instanceof StreamNotFoundError) return undefined;
            throw error;
          });
        const events = row ? await store.eventsAfter(kind, streamId, after) : [];
        return { version: row?.version ?? 0, events };
      });
      continue;
    }

    app.post(`${address.path}/:id/commands`, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const query = queryOf(request);
      const asVisitor = query.as === 'visitor';
      return push(
        kind,
        request,
        reply,
        (caller) => {
          if (!isExpected(caller, query.user)) return 'unauthorized';
          if (kind.owners === 'users' && (!caller || asVisitor)) return 'unauthorized';
          const asUser = caller !== undefined && !asVisitor;
          const visitor =
            visitorOf(request, reply) ?? (asUser ? undefined : newVisitor(request, reply));
          const owner: Actor =
            asUser && caller
              ? { kind: 'user', id: caller.user.id }
              : { kind: 'visitor', id: visitor ?? '' };
          return { id, owner, canWrite: canAccess(caller, visitor) };
        },
        query.locale ?? null,
      );
    });

    app.get(`${address.path}/:id`, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const { after, user } = pullQuerySchema.parse(request.query);
      const caller = await identifyCaller(request, db, verifyToken);
      if (!isExpected(caller, user)) return unauthorized(reply);
      try {
        const row = await store.readable(
          streamIdOf(kind, id),
          canAccess(caller, visitorOf(request, reply)),
        );
        if (!row) return notFound(reply);
        const events = await store.eventsAfter(kind, row.streamId, after);
        return { id, version: row.version, events };
      } catch (error) {
        if (error instanceof StreamNotFoundError) return notFound(reply);
        throw error;
      }
    });
  }
}
