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
 * A kind owned by customer accounts (`owners: 'accounts'`, decision 054) has a stream per
 * account, its id the account's: only the account's members read and write it.
 *
 * Who calls is `request.acting` (decision 047); the commands go through `executeQueued`. A
 * stream belongs to the visitor (an HttpOnly cookie) or the user who made it; anyone else gets
 * 404, exactly like a stream that does not exist. `as=visitor` keeps a visitor's stream the
 * visitor's even while someone is signed in (the merge after sign-in reads it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod';
import type { Actor } from '../../../domain/shared/event-metadata';
import { LOCALES, type Locale } from '../../../domain/storefront/storefronts';
import { batchOf, singleResponse, type QueuedCommand } from '../../../domain/sync/protocol';
import { parsePush, pullQuerySchema } from '../../../domain/sync/push-schema';
import { idSchema } from '../../../domain/sync/schemas';
import { streamIdOf, type AnyStreamKind } from '../../../domain/sync/stream-kind';
import { buyerOf, mayAccess, type Acting, type OwnedRow } from '../acting/acting';
import { issueVisitor } from '../acting/plugin';
import type { CommandHandler } from '../commands/execute';
import { StreamNotFoundError, type EventStore } from '../event-store/event-store';
import { errorBody } from '../plugins/errors';

export { VISITOR_COOKIE } from '../acting/plugin';

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
const isExpected = (who: Acting, user: string | undefined) =>
  user === undefined || buyerOf(who)?.id === user;

/** Whose stream a push writes, and as whom. */
interface Target {
  readonly id: string;
  readonly owner: Actor;
  readonly acting: Acting;
  /** Who may write it, when it is not the acting party's own (an account's stream). */
  readonly canWrite?: (row: OwnedRow) => boolean;
}

export interface StreamRouteOptions {
  readonly store: EventStore;
  readonly commands: CommandHandler;
  readonly secureCookies: boolean;
  /** Whether a user is a member of a customer account (the kinds owned by accounts). */
  readonly isAccountMember?: (userId: string, accountId: string) => Promise<boolean>;
}

export function registerStreamRoutes(app: FastifyInstance, options: StreamRouteOptions): void {
  const { store, commands } = options;

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
    target: () =>
      Target | 'unauthorized' | 'not-found' | Promise<Target | 'unauthorized' | 'not-found'>,
    locale: Locale | null,
  ) {
    const body = parsePush(request.body, kind);
    const batch = body.batch ? body.request : batchOf(body.request);
    const queued = commandsOf(kind, batch.commands);
    const resolved = await target();
    if (resolved === 'unauthorized') return unauthorized(reply);
    if (resolved === 'not-found') return notFound(reply);
    try {
      const response = await commands.executeQueued(
        kind,
        streamIdOf(kind, resolved.id),
        { ...batch, commands: queued },
        resolved.acting,
        {
          locale,
          owner: resolved.owner,
          ...(resolved.canWrite ? { canWrite: resolved.canWrite } : {}),
        },
      );
      return body.batch ? response : singleResponse(response);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return notFound(reply);
      throw error;
    }
  }

  /** The account's stream, for its members only: anyone else is told it does not exist. */
  async function memberOf(who: Acting, accountId: string): Promise<boolean> {
    const buyer = buyerOf(who);
    if (!buyer || !options.isAccountMember) return false;
    return options.isAccountMember(buyer.id, accountId);
  }
  const ownedBy = (accountId: string) => (row: OwnedRow) =>
    row.ownerKind === 'account' && row.ownerId === accountId;

  function registerAccountStream(kind: AnyStreamKind, path: string) {
    app.post(`${path}/:id/commands`, { config: { access: 'buyer' } }, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const { user } = plainQuery.parse(request.query);
      const who = request.acting;
      return push(
        kind,
        request,
        reply,
        async () => {
          if (!isExpected(who, user)) return 'unauthorized';
          if (!(await memberOf(who, id))) return 'not-found';
          return { id, owner: { kind: 'account', id }, acting: who, canWrite: ownedBy(id) };
        },
        null,
      );
    });
    app.get(`${path}/:id`, { config: { access: 'buyer' } }, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const { after, user } = pullQuerySchema.parse(request.query);
      const who = request.acting;
      if (!isExpected(who, user)) return unauthorized(reply);
      if (!(await memberOf(who, id))) return notFound(reply);
      try {
        const row = await store.readable(streamIdOf(kind, id), ownedBy(id));
        // A book no one has written yet is an empty one (version 0), not a missing one.
        const events = row ? await store.eventsAfter(kind, row.streamId, after) : [];
        return { id, version: row?.version ?? 0, events };
      } catch (error) {
        if (error instanceof StreamNotFoundError) return notFound(reply);
        throw error;
      }
    });
  }

  for (const kind of store.registry.kinds) {
    const address = kind.address;
    if (!address) continue;
    const queryOf = (request: FastifyRequest) =>
      kind.perStore ? storeQuery.parse(request.query) : plainQuery.parse(request.query);
    // Visitors may own streams of a kind for anyone; the others are buyers' only.
    const access = kind.owners === 'anyone' ? 'anyone' : 'buyer';

    if (kind.owners === 'accounts') {
      registerAccountStream(kind, address.path);
      continue;
    }

    if (address.per === 'user') {
      app.post(`${address.path}/commands`, { config: { access } }, async (request, reply) => {
        const { locale, user } = queryOf(request);
        const who = request.acting;
        const buyer = buyerOf(who);
        return push(
          kind,
          request,
          reply,
          () =>
            buyer && isExpected(who, user)
              ? { id: buyer.id, owner: { kind: 'user', id: buyer.id }, acting: who }
              : 'unauthorized',
          kind.perStore ? (locale ?? null) : null,
        );
      });
      app.get(address.path, { config: { access } }, async (request, reply) => {
        const { after, user } = pullQuerySchema.parse(request.query);
        const who = request.acting;
        const buyer = buyerOf(who);
        if (!buyer || !isExpected(who, user)) return unauthorized(reply);
        const streamId = streamIdOf(kind, buyer.id);
        const row = await store
          .readable(streamId, (r) => r.ownerKind === 'user' && r.ownerId === buyer.id)
          .catch((error: unknown) => {
            if (error instanceof StreamNotFoundError) return undefined;
            throw error;
          });
        const events = row ? await store.eventsAfter(kind, streamId, after) : [];
        return { version: row?.version ?? 0, events };
      });
      continue;
    }

    app.post(`${address.path}/:id/commands`, { config: { access } }, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const query = queryOf(request);
      const asVisitor = query.as === 'visitor';
      return push(
        kind,
        request,
        reply,
        () => {
          const who = request.acting;
          if (!isExpected(who, query.user)) return 'unauthorized';
          const buyer = buyerOf(who);
          if (kind.owners === 'users' && (!buyer || asVisitor)) return 'unauthorized';
          if (buyer && !asVisitor) {
            return { id, owner: { kind: 'user', id: buyer.id }, acting: who };
          }
          // A visitor's stream: the browser's visitor id, made now if it has none.
          const visitor = issueVisitor(request, reply, options.secureCookies);
          const acting: Acting =
            who.kind === 'buyer' ? { ...who, visitorId: visitor.visitorId } : visitor;
          return { id, owner: { kind: 'visitor', id: visitor.visitorId }, acting };
        },
        query.locale ?? null,
      );
    });

    app.get(`${address.path}/:id`, { config: { access } }, async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const { after, user } = pullQuerySchema.parse(request.query);
      const who = request.acting;
      if (!isExpected(who, user)) return unauthorized(reply);
      try {
        const row = await store.readable(streamIdOf(kind, id), (r) => mayAccess(who, r));
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
