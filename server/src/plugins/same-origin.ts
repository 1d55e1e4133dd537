/**
 * Cross-site request forgery (decision 031): a state-changing request (POST, PUT, PATCH,
 * DELETE) that the store would take as a buyer's or visitor's by their cookies must come from
 * the store's own origin, else 403. The origin is the `Origin` header, or `Sec-Fetch-Site`
 * when a browser sends no `Origin`. A request with neither comes from no browser that could
 * be made to send it from another site (every current browser sends `Origin` on these
 * methods) and is let through: tools, and the browser tests' API context, send neither.
 * Calls with a bearer token carry no ambient authority and are not checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/authenticate';
import { AGENT_COOKIE, SESSION_COOKIE } from '../auth/web-sessions';
import { VISITOR_COOKIE } from '../streams/routes';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Routes that act on a cookie of their own (the provider's session) whatever else is sent. */
const COOKIE_ROUTES = new Set(['/auth/logout', '/oidc-session/end']);

export interface SameOriginOptions {
  /** The store's own origin for this request (PUBLIC_URL, or the address it reached). */
  addressOf(request: FastifyRequest): string;
  /**
   * Hosts that serve one storefront (STOREFRONT_HOSTS): pages there are the store's too, on
   * the scheme of the store's own origin.
   */
  readonly storefrontHosts?: readonly string[];
}

function actsByCookie(request: FastifyRequest): boolean {
  const cookies = request.cookies;
  // An agent's cookie is taken before any token (decision 063): it counts whatever else came.
  if (cookies[AGENT_COOKIE] !== undefined) return true;
  if (bearerToken(request) !== undefined) return false;
  return (
    cookies[SESSION_COOKIE] !== undefined ||
    cookies[VISITOR_COOKIE] !== undefined ||
    // The route as the router matched it (a percent-encoded path is the same route).
    COOKIE_ROUTES.has(request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '')
  );
}

/** Whether the request was sent by a page of `origin` (or by no browser at all). */
export function fromOrigin(request: FastifyRequest, origin: string | undefined): boolean {
  const sent = request.headers.origin;
  if (sent !== undefined) return sent === origin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}

export function registerSameOriginCheck(app: FastifyInstance, options: SameOriginOptions): void {
  // A Host that gives no address (answered 400 by the sign-in routes) matches no origin.
  const ownOrigin = (request: FastifyRequest): string | undefined => {
    try {
      return new URL(options.addressOf(request)).origin;
    } catch {
      return undefined;
    }
  };
  const storefrontHosts = new Set(options.storefrontHosts?.map((host) => host.toLowerCase()));
  /** The Origin sent, when it is one of the storefront hosts on the store's own scheme. */
  const storefrontOrigin = (request: FastifyRequest, own: string | undefined) => {
    const sent = request.headers.origin;
    if (sent === undefined || own === undefined || storefrontHosts.size === 0) return undefined;
    try {
      const url = new URL(sent);
      const ours = storefrontHosts.has(url.host) && url.protocol === new URL(own).protocol;
      return ours && url.origin === sent ? sent : undefined;
    } catch {
      return undefined;
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !actsByCookie(request)) return;
    const own = ownOrigin(request);
    if (fromOrigin(request, own)) return;
    if (storefrontOrigin(request, own) !== undefined) return;
    request.log.warn({ origin: request.headers.origin ?? null }, 'cross-origin request refused');
    reply.header('cache-control', 'no-store');
    return reply.code(403).send(errorBody('forbidden', 'An error occurred.'));
  });
}
