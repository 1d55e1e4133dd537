/**
 * Rate limits (decisions 033 and 048): requests counted per caller in one-minute windows for
 * the routes of a few groups (cart and saved-cart commands, registration, sign-in, session
 * creation, the order status lookup, place order, search, ...), each group with its own limit
 * (RATE_LIMIT_*). Over the limit: 429 with Retry-After and the generic message (the lookup
 * keeps its own), before the body is read, so nothing of the request is applied.
 *
 * The caller is the buyer `request.acting` names (resolved once per request by the acting
 * plugin: a verified token, a live session), else the client address (request.ip, as
 * TRUST_PROXY says; an IPv6 address by its /64). Registration, sign-in and order lookups count
 * per address whoever is signed in.
 *
 * Counting happens in this instance's memory; the counts are reconciled with the database
 * (`rate_limits`, one row per group, caller and window) in batches, so that every instance on
 * one database counts together within a stated tolerance and a request does no database round
 * trip of its own (see `ReconciledCounts`). One table maps each route (method and path as
 * registered) to its group: the route files know nothing of limits.
 */
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressBookStreamKind } from '../../../domain/address-book/stream';
import { cartStreamKind } from '../../../domain/cart/stream';
import { checkoutStreamKind } from '../../../domain/checkout/stream';
import { LOOKUP_MESSAGES } from '../../../domain/order/lookup';
import { quoteStreamKind } from '../../../domain/quote/stream';
import { savedCartsStreamKind } from '../../../domain/saved-cart/stream';
import type { ApiErrorBody } from '../../../domain/shared/api-error';
import { GENERAL_ERRORS } from '../../../domain/shared/errors';
import { formatMessage, withValues, type Message } from '../../../domain/shared/message';
import { buyerOf } from '../acting/acting';
import { INTERACTION_PATH } from '../auth/provider';
import { SANDBOX_CHALLENGE_TOKEN_PATH } from '../challenge/sandbox/sandbox-challenge';
import { SANDBOX_PATH_PREFIX } from '../payments/sandbox/sandbox-gateway';
import type { Db } from '../db/database';
import {
  DEFAULT_RATE_LIMITS,
  RATE_LIMIT_GROUPS,
  type RateLimitGroup,
  type RateLimits,
} from './rate-limit-settings';

/** The window every limit counts in. */
export const RATE_WINDOW_MS = 60_000;

/** How often an instance sends its new counts and learns the others' (at the latest). */
export const RATE_SYNC_MS = 1_000;

/** The least time between two reconciliations an instance starts on its own. */
const MIN_SYNC_GAP_MS = 50;

/**
 * Hits of one caller an instance may take before it sends them (1/40 of the limit), and the
 * most it ever holds unsent (twice that, less one): a request that would hold more waits for
 * the reconciliation. A limit of 40 or less is exact: every request is reconciled first.
 */
export function unsentAllowance(max: number): { readonly soft: number; readonly hard: number } {
  const soft = Math.max(1, Math.ceil(max / 40));
  return { soft, hard: 2 * soft - 1 };
}

function streamPath(kind: { readonly address: { readonly path: string } | null }): string {
  if (!kind.address) throw new Error('A limited stream kind has no address');
  return kind.address.path;
}

/**
 * `METHOD url` (the route's path as registered) → its groups (a request counts in each). HEAD
 * counts as its GET. Every route that creates rows has one (issue 26).
 */
export const RATE_LIMITED_ROUTES: Readonly<Record<string, readonly RateLimitGroup[]>> = {
  [`POST ${streamPath(cartStreamKind)}/:id/commands`]: ['cart'],
  [`POST ${streamPath(savedCartsStreamKind)}/commands`]: ['cart'],
  [`POST ${streamPath(checkoutStreamKind)}/:id/commands`]: ['checkout'],
  // A quote's commands sync like the cart's; ordering one writes carts as placing an order
  // writes orders; its PDF and preview are reads that cost the store work, as a search does.
  [`POST ${streamPath(quoteStreamKind)}/:id/commands`]: ['cart'],
  'POST /api/quotes/:id/order': ['placeOrder'],
  'GET /api/quotes/:id/pdf': ['search'],
  'GET /api/quotes/preview': ['search'],
  // Paying an invoice charges a card, as placing an order does.
  'POST /api/invoices/:id/payments': ['placeOrder'],
  [`POST ${INTERACTION_PATH}/:uid/register`]: ['register'],
  [`POST ${INTERACTION_PATH}/:uid/login`]: ['signIn'],
  'POST /auth/session': ['session'],
  'GET /auth/login': ['session'],
  // Customer service (decision 063): its sign-in as a buyer's, its searches as the catalog's,
  // its sessions of acting as the account area's changes.
  'GET /auth/support/login': ['session'],
  'GET /api/support/customers': ['search'],
  'POST /api/support/sessions': ['account'],
  'POST /api/support/sessions/current/consent': ['account'],
  'GET /api/order-status': ['orderStatus', 'orderStatusTotal'],
  'POST /api/checkouts/:id/place-order': ['placeOrder'],
  'GET /api/catalog/search': ['search'],
  [`POST ${SANDBOX_PATH_PREFIX}tokens`]: ['cardTokens'],
  'POST /api/me/addresses': ['addressBook'],
  'POST /api/addresses/verify': ['addressVerification'],
  'POST /api/checkout/qglobal/lookup': ['qglobal'],
  'POST /api/checkout/qglobal/profile': ['qglobal'],
  // The account area (decisions 054-057, 062). The address book syncs like saved carts.
  [`POST ${streamPath(addressBookStreamKind)}/:id/commands`]: ['cart'],
  'PUT /api/me/profile': ['account'],
  'PUT /api/me/preferences': ['account'],
  // A wrong current password is a guess, as at sign-in.
  'POST /api/me/password': ['signIn'],
  // An email change checks the current password too, and mails an address the caller names.
  'POST /api/me/email': ['signIn', 'account'],
  'POST /api/me/email/confirm': ['account'],
  'POST /api/me/buying-as': ['account'],
  'POST /api/me/accounts/:id/invitations': ['account'],
  'POST /api/me/accounts/:id/members/remove': ['account'],
  'POST /api/me/accounts/:id/leave': ['account'],
  'POST /api/me/qualifications': ['account'],
  'PUT /api/me/qualifications/:id': ['account'],
  'POST /api/me/qualifications/files': ['account'],
  'POST /api/me/payment-methods': ['cardVerify'],
  'PUT /api/me/payment-methods/:id/default': ['account'],
  'DELETE /api/me/payment-methods/:id': ['account'],
  'DELETE /api/me/addresses/:id': ['addressBook'],
  // The checkout challenge's sandbox tokens (decision 061), as checkout's own commands.
  [`POST ${SANDBOX_CHALLENGE_TOKEN_PATH}`]: ['checkout'],
};

/** The OpenID provider's authorization endpoint: its mount takes every path under /oidc. */
const AUTHORIZATION_PATH = /^\/oidc\/auth(?:[/?]|$)/;

/** The groups of a request's route (none for most). */
export function rateLimitGroupsOf(request: FastifyRequest): readonly RateLimitGroup[] {
  const { url, method } = request.routeOptions;
  if (url === undefined) return [];
  const verb = method === 'HEAD' ? 'GET' : String(method);
  if (url === '/oidc/*' && AUTHORIZATION_PATH.test(request.url)) return ['authorize'];
  return RATE_LIMITED_ROUTES[`${verb} ${url}`] ?? [];
}

/** Groups counted per client address whoever is signed in. */
const PER_ADDRESS: ReadonlySet<RateLimitGroup> = new Set([
  'register',
  'signIn',
  'orderStatus',
  'cardTokens',
  'authorize',
]);

/** Groups counted for everyone together: a cap on the whole store. */
const FOR_ALL: ReadonlySet<RateLimitGroup> = new Set(['orderStatusTotal']);

/**
 * Whom a request is counted for: the buyer the request acts for, else the address. What a
 * visitor does (register, sign in, look an order up) counts for the address even when signed
 * in: an account is no way to a fresh count (each new account would give one).
 */
export function callerKey(request: FastifyRequest, group: RateLimitGroup): string {
  if (FOR_ALL.has(group)) return `${group}:all`;
  const address = normalizeIP(request.ip);
  if (PER_ADDRESS.has(group)) return `${group}:address:${address}`;
  // Null on a route that resolves no one (`access: 'public'`).
  const who = request.acting as FastifyRequest['acting'] | null;
  if (who?.kind === 'support') return `${group}:agent:${who.agent.userId}`;
  const buyer = who ? buyerOf(who) : undefined;
  return buyer ? `${group}:user:${buyer.id}` : `${group}:address:${address}`;
}

interface Count {
  readonly current: number;
  /** Milliseconds until the window ends. */
  readonly ttl: number;
}

interface Tally {
  /** The window (its start, ms since the epoch) these counts are of. */
  window: number;
  /** Hits this instance took in the window. */
  mine: number;
  /** Of those, hits not yet sent to the database. */
  unsent: number;
  /** Hits of the other instances in the window, as the last reconciliation said. */
  others: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * One instance's counts, reconciled with the database's (`rate_limits`) at least every
 * `RATE_SYNC_MS`, soon after a caller's unsent hits reach `unsentAllowance(max).soft`, and
 * before a request that would take them past `.hard`. One statement sends every caller's
 * unsent hits and answers each caller's total in the window, from which this instance learns
 * the others' hits. So a caller's requests spread over n instances get through at most
 * `max + (n - 1) × hard` times in a window (about 5 % of the limit per other instance); on one
 * instance the count is exact. Windows are fixed minutes of each instance's clock (kept in
 * step by NTP); a write for an older window never undoes a newer one.
 */
export class ReconciledCounts {
  private readonly tallies = new Map<string, Tally>();
  private syncing: Promise<void> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer fires (the clock's time). */
  private timerAt = 0;
  private lastSync = -Infinity;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Counts one hit of `key` and answers its count in the window so far. */
  async hit(key: string, max: number, windowMs: number): Promise<Count> {
    const now = this.clock();
    const window = Math.floor(now / windowMs) * windowMs;
    let tally = this.tallies.get(key);
    if (!tally || tally.window !== window) {
      tally = { window, mine: 0, unsent: 0, others: 0 };
      this.tallies.delete(key);
      this.tallies.set(key, tally);
    }
    const { soft, hard } = unsentAllowance(max);
    tally.mine += 1;
    tally.unsent += 1;
    if (tally.unsent >= hard) {
      // Holding more would loosen the limit across instances: reconcile first.
      await this.sync();
    } else if (tally.unsent >= soft) {
      this.schedule(0);
    } else {
      this.schedule(RATE_SYNC_MS);
    }
    const current = tally.mine + tally.others;
    return { current, ttl: Math.max(1, window + windowMs - this.clock()) };
  }

  /** A reconciliation within `delayMs` (sooner if one is due already). */
  private schedule(delayMs: number): void {
    if (this.closed) return;
    const at = Math.max(this.lastSync + MIN_SYNC_GAP_MS, this.clock() + delayMs);
    // One timer: kept if it fires soon enough, else brought forward (a count near its limit).
    if (this.timer !== undefined) {
      if (this.timerAt <= at) return;
      clearTimeout(this.timer);
    }
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.sync().catch((error: unknown) => this.onError(error));
      },
      Math.max(0, at - this.clock()),
    );
    this.timer.unref?.();
  }

  /** Sends every unsent hit and learns every total; resolves once a send that began now ended. */
  sync(): Promise<void> {
    if (this.syncing) {
      // The send in flight may not include the latest hits: one more after it.
      this.again = true;
      return this.syncing.then(() => this.syncing ?? this.sync());
    }
    this.syncing = this.send().finally(() => {
      this.syncing = undefined;
      this.lastSync = this.clock();
      if (this.again) {
        this.again = false;
        this.schedule(0);
      }
    });
    return this.syncing;
  }

  private async send(): Promise<void> {
    const now = this.clock();
    const batch: { key: string; window_ms: number; hits: number }[] = [];
    const sent = new Map<string, { window: number; hits: number }>();
    for (const [key, tally] of this.tallies) {
      // Tallies of windows past are done with (their rows are the housekeeping's).
      if (tally.window + RATE_WINDOW_MS * 2 < now) {
        this.tallies.delete(key);
        continue;
      }
      // A caller with nothing unsent is not sent: its next hit here is (within `hard` hits),
      // and that is when this instance needs the others' count. Sending every caller of the
      // window each time made each reconciliation as long as the minute's list of callers.
      if (tally.unsent === 0) continue;
      batch.push({ key, window_ms: tally.window, hits: tally.unsent });
      sent.set(key, { window: tally.window, hits: tally.unsent });
      tally.unsent = 0;
    }
    if (batch.length === 0) return;
    let rows: { key: string; window_ms: string | number; hits: string | number }[];
    try {
      rows = rowsOf(
        await this.db.execute(sql`
          insert into rate_limits as r (key, window_start, hits)
          select b.key, to_timestamp(b.window_ms / 1000.0), b.hits
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
                 as b(key text, window_ms bigint, hits integer)
          on conflict (key) do update
             set hits = case
                          when r.window_start = excluded.window_start then r.hits + excluded.hits
                          when r.window_start < excluded.window_start then excluded.hits
                          else r.hits
                        end,
                 window_start = greatest(r.window_start, excluded.window_start)
          returning key, (extract(epoch from window_start) * 1000)::bigint as window_ms, hits`),
      );
    } catch (error) {
      // Nothing was counted: the hits are sent again next time.
      for (const [key, { window, hits }] of sent) {
        const tally = this.tallies.get(key);
        if (tally?.window === window) tally.unsent += hits;
      }
      throw error;
    }
    for (const row of rows) {
      const tally = this.tallies.get(row.key);
      if (!tally || Number(row.window_ms) !== tally.window) continue;
      // Everything of ours in the database: what we took less what is still unsent.
      const ours = tally.mine - tally.unsent;
      tally.others = Math.max(0, Number(row.hits) - ours);
    }
  }

  /** Sends what is left (the process is stopping). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.sync().catch((error: unknown) => this.onError(error));
  }
}

/** @fastify/rate-limit's store, over an instance's reconciled counts. */
function reconciledStore(counts: ReconciledCounts) {
  return class ReconciledStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: Count) => void,
      timeWindow: number,
      max: number,
    ): void {
      counts.hit(key, max, timeWindow).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error as Error),
      );
    }

    child(): ReconciledStore {
      return new ReconciledStore();
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
  return group === 'orderStatus' || group === 'orderStatusTotal'
    ? refusal(withValues(LOOKUP_MESSAGES.tooMany, {}), 'order-status.too-many')
    : refusal(withValues(GENERAL_ERRORS.generic, {}), 'too_many_requests');
}

export interface RateLimitOptions {
  readonly db: Db;
  /** Requests a minute for each group (default DEFAULT_RATE_LIMITS; 0: no limit). */
  readonly limits?: Partial<RateLimits>;
  /** The clock windows are counted by (tests drive it; default: the real one). */
  readonly clock?: () => number;
}

/**
 * Registers the limits on every route of the table; call after the acting plugin (whose
 * `request.acting` says whom to count) and before the routes are added.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> {
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.limits };
  const counts = new ReconciledCounts(options.db, options.clock, (error) => {
    app.log.warn({ err: error }, 'rate-limit counts could not be reconciled; retried');
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: reconciledStore(counts),
    timeWindow: RATE_WINDOW_MS,
  });
  const limiters = new Map(
    RATE_LIMIT_GROUPS.filter((group) => limits[group] > 0).map((group) => [
      group,
      app.createRateLimit({
        max: limits[group],
        timeWindow: RATE_WINDOW_MS,
        keyGenerator: (request) => callerKey(request, group),
      }),
    ]),
  );
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    for (const group of rateLimitGroupsOf(request)) {
      const limiter = limiters.get(group);
      if (limiter === undefined) continue;
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      reply.header('cache-control', 'no-store');
      return reply.code(429).send(refusalOf(group));
    }
  });
  // Before the database closes.
  app.addHook('preClose', async () => {
    await counts.close();
  });
}
