/**
 * Who acts, resolved once per request (ARCHITECTURE §4, decision 047). Every route under
 * `/api` and `/auth` declares in its options who may call it (`config: { access }`); a route
 * that does not is refused when it is registered. Before the body is read, this plugin works
 * out `request.acting` from the bearer access token, the store's session cookie or the signed
 * visitor cookie (in that order), and answers 401 in the store's error shape when the route
 * wants a buyer and there is none, so that no handler reads cookies, tokens or headers for
 * identity itself. What a session or a token stands for comes from the identity cache
 * (`identity-cache.ts`): no database round trip for most requests.
 *
 * - `public`: nobody needs to be known (health, content, the catalog): nothing is resolved;
 * - `anyone`: a visitor or a signed-in buyer, whoever it is;
 * - `buyer`: a signed-in buyer (or customer service acting for one); 401 otherwise;
 * - `agent`: a customer service agent signed in with the `agent_session` cookie (decision
 *   063), acting for someone or not; 401 otherwise. A buyer's token or cookie never opens it.
 *
 * An agent's cookie comes first: while the agent acts for a buyer, every other route acts for
 * that buyer as customer service (`AgentActing`); otherwise the agent is a visitor there. A
 * buyer's token or session whose user is an agent stands for nobody: an agent is never a
 * buyer as themselves.
 */
import { randomUUID } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AGENT_SESSION_HEADER, agentServes } from '../../../domain/support/support';
import { bearerToken } from '../auth/authenticate';
import type { Identity } from '../auth/identity';
import { AGENT_COOKIE, SESSION_COOKIE } from '../auth/web-sessions';
import { errorBody } from '../plugins/errors';
import type { User } from '../auth/users';
import {
  acting,
  buyerOf,
  isForBuyer,
  type Acting,
  type AgentActing,
  type SupportActing,
  type VisitorActing,
} from './acting';
import type { IdentityCache } from './identity-cache';

export type Access = 'public' | 'anyone' | 'buyer' | 'agent';

export const ACCESS_LEVELS: readonly Access[] = ['public', 'anyone', 'buyer', 'agent'];

export { AGENT_COOKIE } from '../auth/web-sessions';

/** Paths whose every route must declare its access. */
export const DECLARED_PREFIXES = ['/api/', '/auth/'] as const;

/** The visitor's cart and other streams belong to this signed, HttpOnly cookie's id. */
export const VISITOR_COOKIE = 'store_visitor';
const VISITOR_DAYS = 365;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (decision 047); every route under /api and /auth says. */
    access?: Access;
    /** A query parameter that may carry the access token instead of the header (SPEC 7.2). */
    tokenQuery?: string;
  }
  interface FastifyRequest {
    /** Who acts and for whom; resolved before the handler on routes not `public`. */
    acting: Acting;
  }
  interface FastifyInstance {
    /** Every route registered after the plugin, with the access it declared. */
    readonly declaredRoutes: readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  readonly method: string;
  readonly url: string;
  readonly access: Access | undefined;
}

export interface ActingPluginOptions {
  readonly identity: Pick<Identity, 'verifyAccessToken'>;
  readonly cache: IdentityCache;
  /** Visitor cookies are Secure (an https PUBLIC_URL). */
  readonly secureCookies: boolean;
}

/** Who calls a public route, as far as the route knows (nobody is looked up). */
const ANYONE: VisitorActing = Object.freeze(acting.visitor(undefined));

function mustDeclare(url: string): boolean {
  return DECLARED_PREFIXES.some((prefix) => url.startsWith(prefix) || `${url}/` === prefix);
}

export function registerActing(app: FastifyInstance, options: ActingPluginOptions): void {
  const { identity, cache } = options;
  const routes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', routes);
  // Set per request in onRequest (a plain field, not a shared reference).
  app.decorateRequest('acting', null as unknown as VisitorActing);

  app.addHook('onRoute', (route) => {
    // A file of the built PWA (the static plugin's routes, such as /auth/silent-callback.html)
    // is public by nature: the plugin marks each such route with the file it serves.
    const staticFile = typeof (route.config as { file?: unknown } | undefined)?.file === 'string';
    const access = route.config?.access ?? (staticFile ? 'public' : undefined);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method), url: route.url, access });
    if (access !== undefined && !ACCESS_LEVELS.includes(access)) {
      throw new Error(`Route ${route.url} declares an unknown access "${String(access)}"`);
    }
    if (access === undefined && mustDeclare(route.url)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} does not declare who may call it`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config as { access?: Access; tokenQuery?: string };
    const access = config.access ?? 'public';
    if (access === 'public') {
      // Nobody is looked up for a public route: whoever calls is taken as a visitor.
      request.acting = ANYONE;
      return;
    }
    if (access === 'agent') {
      const support = await resolveAgent(request);
      if (support) {
        request.acting = support;
        return;
      }
      // A buyer is known and refused (403); anyone else is asked to sign in as an agent (401).
      request.acting = await resolve(request, reply, undefined);
      reply.header('cache-control', 'no-store');
      return isForBuyer(request.acting)
        ? reply.code(403).send(errorBody('forbidden', 'This is for customer service only.'))
        : reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    }
    request.acting = await resolve(request, reply, config.tokenQuery);
    if (access === 'buyer' && !isForBuyer(request.acting)) {
      reply.header('cache-control', 'no-store');
      return reply.code(401).send(errorBody('unauthorized', 'The session is no longer valid.'));
    }
  });

  /** The agent the agent cookie signs in, if live and still an agent. */
  async function resolveAgent(request: FastifyRequest): Promise<SupportActing | undefined> {
    const signInId = request.cookies[AGENT_COOKIE];
    if (!signInId || signInId.length > 100) return undefined;
    const userId = await cache.sessionUser(signInId, 'agent');
    const agent = userId ? await cache.agent(userId) : undefined;
    return agent ? acting.support(agent, signInId) : undefined;
  }

  /** Customer service acting for a buyer: the agent's open session of acting, if any. */
  async function agentActing(
    request: FastifyRequest,
    support: SupportActing,
  ): Promise<AgentActing | undefined> {
    const session = await cache.actingSession(support.signInId);
    const buyer = session ? await cache.user(session.buyerId) : undefined;
    if (!session || !buyer) return undefined;
    // The regions as they are now (an operator may have narrowed them since the start).
    if (!agentServes(support.agent.regions, buyer.registrationCountry)) return undefined;
    // A tab that still believes in an ended or replaced session acts for nobody.
    const believed = request.headers[AGENT_SESSION_HEADER];
    if (typeof believed === 'string' && believed !== session.id) return undefined;
    return acting.agent(support.agent.userId, buyer, session.accountId, {
      agentName: `${support.agent.givenName} ${support.agent.familyName}`,
      sessionId: session.id,
      savedCardConsent: session.savedCardConsent,
      signInId: support.signInId,
    });
  }

  /** A buyer, unless that user is an agent (who is never a buyer as themselves). */
  async function asBuyer(user: User | undefined): Promise<User | undefined> {
    return user && !(await cache.agent(user.id)) ? user : undefined;
  }

  async function resolve(
    request: FastifyRequest,
    reply: FastifyReply,
    tokenQuery: string | undefined,
  ): Promise<Acting> {
    const visitorId = visitorOf(request, reply, options.secureCookies);
    const support = await resolveAgent(request);
    if (support) return (await agentActing(request, support)) ?? acting.visitor(visitorId);
    const token = bearerToken(request) ?? queryToken(request, tokenQuery);
    const sessionId = request.cookies[SESSION_COOKIE];
    if (token !== undefined) {
      const claims = await identity.verifyAccessToken(token);
      const live =
        claims !== undefined &&
        (claims.grantId === undefined || (await cache.grantLive(claims.grantId)));
      const user = live ? await asBuyer(await cache.user(claims.userId)) : undefined;
      return user
        ? acting.buyer(user, 'token', {
            ...(sessionId ? { sessionId } : {}),
            ...(visitorId ? { visitorId } : {}),
          })
        : acting.visitor(visitorId);
    }
    if (sessionId) {
      const userId = await cache.sessionUser(sessionId);
      const user = userId ? await asBuyer(await cache.user(userId)) : undefined;
      if (user) {
        return acting.buyer(user, 'session', { sessionId, ...(visitorId ? { visitorId } : {}) });
      }
    }
    return acting.visitor(visitorId);
  }
}

function queryToken(request: FastifyRequest, name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;
}

function setVisitorCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  secure: boolean,
): void {
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    // Secure on an https address (the configured one, or the one a trusted proxy names).
    secure: secure || request.protocol === 'https',
    signed: true,
    maxAge: VISITOR_DAYS * 24 * 3600,
  });
}

/**
 * The visitor the signed cookie names. A cookie signed with a key since rotated (decision
 * 034) is signed again with the current one, so the visitor keeps their cart for good.
 */
function visitorOf(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string | undefined {
  const raw = request.cookies[VISITOR_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  if (!unsigned?.valid || !unsigned.value) return undefined;
  if (unsigned.renew) setVisitorCookie(request, reply, unsigned.value, secure);
  return unsigned.value;
}

/**
 * The visitor cookie, made now if the browser has none: the first page asks for it (with
 * /api/bootstrap) before anything is made, so the first cart command already carries it,
 * even when the page that sent it is left before its answer (and its Set-Cookie) arrives.
 */
export function ensureVisitorCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): void {
  if (visitorOf(request, reply, secure) === undefined) {
    setVisitorCookie(request, reply, randomUUID(), secure);
  }
}

/**
 * A visitor without a cookie who makes something of their own (a cart): a new visitor id in
 * a new cookie, and the request's `acting` says so.
 */
export function issueVisitor(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): VisitorActing & { readonly visitorId: string } {
  const current = request.acting;
  const known =
    current.kind === 'visitor' || current.kind === 'buyer' ? current.visitorId : undefined;
  if (known) return { kind: 'visitor', visitorId: known };
  const id = randomUUID();
  setVisitorCookie(request, reply, id, secure);
  const visitor = { kind: 'visitor', visitorId: id } as const;
  if (current.kind === 'visitor') request.acting = visitor;
  return visitor;
}

/**
 * The buyer a `buyer` route acts for (the plugin refused the request otherwise). Throws on a
 * route that did not declare `access: 'buyer'`: a programming error, not a caller's.
 */
export function actingBuyer(request: FastifyRequest): User {
  const who = request.acting as Acting | null;
  const buyer = who ? buyerOf(who) : undefined;
  if (!buyer) throw new Error(`${request.routeOptions.url ?? request.url} acts for no buyer`);
  return buyer;
}

/**
 * The buyer of a `buyer` route when they act themselves; otherwise (customer service acting
 * for them, decision 063) a 403 in words is sent and undefined returned. For what only the
 * buyer may do: their sessions, saved cards, organisation membership, password and email.
 */
export function buyerThemselves(request: FastifyRequest, reply: FastifyReply): User | undefined {
  const who = request.acting as Acting | null;
  if (who?.kind === 'buyer') return who.buyer;
  reply.header('cache-control', 'no-store');
  void reply
    .code(403)
    .send(
      errorBody(
        'support.only-the-customer',
        'Only the customer can do this, signed in to their own account.',
      ),
    );
  return undefined;
}

/**
 * The store session cookie's id as sent, live or not: for logout, which ends it whatever its
 * state. Who the request acts as is `request.acting`, never this.
 */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const id = request.cookies[SESSION_COOKIE];
  return id && id.length <= 100 ? id : undefined;
}
