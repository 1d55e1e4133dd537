/**
 * Rate limits (issue 16, decision 033): requests counted per caller in one-minute windows
 * for the routes of a few groups (cart and saved-cart commands, registration, sign-in,
 * session creation, the order status lookup, place order, search), each group with its own
 * limit (RATE_LIMIT_*). Over the limit: 429 with Retry-After and the generic message (the
 * lookup keeps its own), before the body is read, so nothing of the request is applied.
 *
 * The caller is the signed-in user (a verified bearer token, or the session cookie of a live
 * session), else the client address (request.ip, as TRUST_PROXY says; an IPv6 address by its
 * /64). Counts live in the database (`rate_limits`), one row per group and caller, so every
 * instance of the store on one database counts together. One statement per limited request:
 * an upsert that also resolves a session cookie to its user.
 *
 * One table maps each route (method and path as registered) to its group: the route files
 * know nothing of limits.
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cartStreamKind } from '../../../domain/cart/stream';
import { LOOKUP_MESSAGES } from '../../../domain/order/lookup';
import { savedCartsStreamKind } from '../../../domain/saved-cart/stream';
import type { ApiErrorBody } from '../../../domain/shared/api-error';
import { GENERAL_ERRORS } from '../../../domain/shared/errors';
import { formatMessage, withValues, type Message } from '../../../domain/shared/message';
import { bearerToken, type VerifyToken } from '../auth/authenticate';
import { INTERACTION_PATH } from '../auth/provider';
import { SESSION_COOKIE } from '../auth/web-sessions';
import type { Db } from '../db/database';
import {
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_GROUPS,
  type RateLimitGroup,
  type RateLimits,
} from './rate-limit-settings';

/** The window every limit counts in. */
export const RATE_WINDOW_MS = 60_000;

/** How often an instance deletes the rows of windows long past. */
const SWEEP_EVERY_MS = 10 * 60_000;

function streamPath(kind: { readonly address: { readonly path: string } | null }): string {
  if (!kind.address) throw new Error('A limited stream kind has no address');
  return kind.address.path;
}

/** `METHOD url` (the route's path as registered) → its group. HEAD counts as its GET. */
export const RATE_LIMITED_ROUTES: Readonly<Record<string, RateLimitGroup>> = {
  [`POST ${streamPath(cartStreamKind)}/:id/commands`]: 'cart',
  [`POST ${streamPath(savedCartsStreamKind)}/commands`]: 'cart',
  [`POST ${INTERACTION_PATH}/:uid/register`]: 'register',
  [`POST ${INTERACTION_PATH}/:uid/login`]: 'signIn',
  'POST /auth/session': 'session',
  'GET /auth/login': 'session',
  'GET /api/order-status': 'orderStatus',
  'POST /api/checkouts/:id/place-order': 'placeOrder',
  'GET /api/catalog/search': 'search',
};

/** The group of a request's route, if it has one. */
export function rateLimitGroupOf(request: FastifyRequest): RateLimitGroup | undefined {
  const { url, method } = request.routeOptions;
  if (url === undefined) return undefined;
  const verb = method === 'HEAD' ? 'GET' : String(method);
  return RATE_LIMITED_ROUTES[`${verb} ${url}`];
}

/**
 * Whom a request is counted for: a verified bearer token's user, a session cookie (its user
 * while the session is live, else the address: the database decides, in the counting
 * statement, so a made-up cookie never gives a fresh count), or the address.
 */
type Caller =
  | { readonly kind: 'user'; readonly userId: string }
  | { readonly kind: 'session'; readonly sessionHash: string; readonly address: string }
  | { readonly kind: 'address'; readonly address: string };

/** Groups counted per client address whoever is signed in. */
const PER_ADDRESS: ReadonlySet<RateLimitGroup> = new Set(['register', 'signIn', 'orderStatus']);

/** The store's key: the group and the caller, as JSON (the store's API takes a string). */
type CallerKey = readonly [RateLimitGroup, Caller];

async function callerKey(
  request: FastifyRequest,
  group: RateLimitGroup,
  verifyToken: VerifyToken,
): Promise<string> {
  const key = (caller: Caller) => JSON.stringify([group, caller] satisfies CallerKey);
  const address = normalizeIP(request.ip);
  // What a visitor does (register, sign in, look an order up) counts for the address even
  // when signed in: an account is no way to a fresh count (each new account would give one).
  if (PER_ADDRESS.has(group)) return key({ kind: 'address', address });
  const token = bearerToken(request);
  if (token) {
    const userId = await verifyToken(token);
    return key(userId ? { kind: 'user', userId } : { kind: 'address', address });
  }
  const session = request.cookies[SESSION_COOKIE];
  if (session && session.length <= 100) {
    const sessionHash = createHash('sha256').update(session).digest('base64url');
    return key({ kind: 'session', sessionHash, address });
  }
  return key({ kind: 'address', address });
}

interface Count {
  readonly current: number;
  /** Milliseconds until the window ends. */
  readonly ttl: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Counts one request of a caller key (see callerKey) in the current window of the database's
 * clock (the same for every instance), and answers the count so far and the time left. One
 * statement; the row is `group:user:id` or `group:address:ip`.
 */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<Count> {
  const [group, caller] = JSON.parse(key) as CallerKey;
  const sessionHash = caller.kind === 'session' ? caller.sessionHash : null;
  const fallback =
    caller.kind === 'user'
      ? `${group}:user:${caller.userId}`
      : `${group}:address:${caller.address}`;
  const [row] = rowsOf<{ hits: number | string; ttl_ms: number | string }>(
    await db.execute(sql`
      insert into rate_limits as r (key, window_start, hits)
      values (
        coalesce(
          (select ${group}::text || ':user:' || s.user_id::text
             from web_sessions s
            where s.id_hash = ${sessionHash} and s.expires_at > now()),
          ${fallback}),
        to_timestamp(floor(extract(epoch from now())::double precision * 1000 / ${windowMs}::integer)
                     * ${windowMs}::integer / 1000.0),
        1)
      on conflict (key) do update
         set hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
             window_start = excluded.window_start
      returning hits,
                (extract(epoch from window_start) - extract(epoch from now()))::double precision * 1000
                  + ${windowMs}::integer as ttl_ms`),
  );
  return {
    current: Number(row?.hits ?? 1),
    ttl: Math.max(1, Math.ceil(Number(row?.ttl_ms ?? windowMs))),
  };
}

/** Deletes the rows of windows that ended long ago (each caller's row is reused otherwise). */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 hour'`);
}

/** @fastify/rate-limit's store, over the database. */
function databaseStore(db: Db) {
  let nextSweep = 0;
  return class DatabaseRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      const sweep = now >= nextSweep ? sweepRateLimits(db) : Promise.resolve();
      if (now >= nextSweep) nextSweep = now + SWEEP_EVERY_MS;
      sweep
        .then(() => countRequest(db, key, timeWindow))
        .then(
          (count) => callback(null, count),
          (error: unknown) => callback(error as Error),
        );
    }

    child(): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}

function refusal(message: Message, code: string): ApiErrorBody {
  const text = formatMessage(message);
  return {
    error: { code, message: text, fields: [{ path: '', code: message.id, message: text }] },
  };
}

/** What a caller over a group's limit is told (SPEC 8's generic message; the lookup's own). */
function refusalOf(group: RateLimitGroup): ApiErrorBody {
  return group === 'orderStatus'
    ? refusal(withValues(LOOKUP_MESSAGES.tooMany, {}), 'order-status.too-many')
    : refusal(withValues(GENERAL_ERRORS.generic, {}), 'too_many_requests');
}

export interface RateLimitOptions {
  readonly db: Db;
  readonly verifyToken: VerifyToken;
  /** Requests a minute for each group (default DEFAULT_RATE_LIMITS; 0: no limit). */
  readonly limits?: Partial<RateLimits>;
}

/** Registers the limits on every route of the table (call before the routes are added). */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(options.db),
    timeWindow: RATE_WINDOW_MS,
  });
  const limiters = new Map(
    RATE_LIMIT_GROUPS.filter((group) => limits[group] > 0).map((group) => [
      group,
      app.createRateLimit({
        max: limits[group],
        timeWindow: RATE_WINDOW_MS,
        keyGenerator: (request) => callerKey(request, group, options.verifyToken),
      }),
    ]),
  );
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const group = rateLimitGroupOf(request);
    const limiter = group === undefined ? undefined : limiters.get(group);
    if (group === undefined || limiter === undefined) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    reply.header('cache-control', 'no-store');
    return reply.code(429).send(refusalOf(group));
  });
}
