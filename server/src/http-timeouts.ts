/**
 * How long the store waits on a client (issue 26, decision 045). Fastify leaves Node's
 * request timeout off, so a body that trickles in a byte at a time, or never comes after its
 * headers, held its connection for as long as the client liked. Now:
 *
 * - a request's headers and body must have arrived within REQUEST_TIMEOUT_SECONDS (30 s; the
 *   store's largest body, 1 MiB, takes about 30 s at 300 kbit/s), its headers within 10 s
 *   (or the request's time, if shorter); else 408 and the connection is closed
 *   (plugins/errors.ts `clientErrorHandler`);
 * - a connection on which nothing moves either way for 60 s is closed (a client that stops
 *   reading an answer);
 * - an idle keep-alive connection is closed after 72 s, Fastify's default: above the 60 s
 *   idle timeout of common load balancers, which must close first.
 *
 * Node looks for requests over their time every `connectionsCheckingInterval` (30 s by
 * default, which would let a request live 30 s past its bound): here a quarter of the headers'
 * time, at most 2.5 s.
 */
import type { FastifyServerOptions } from 'fastify';

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const MAX_HEADERS_MS = 10_000;
const IDLE_SOCKET_MS = 60_000;
const KEEP_ALIVE_MS = 72_000;

/** Fastify's options (and Node's, under `http`) for a request timeout of `requestMs`. */
export function httpTimeouts(requestMs: number = DEFAULT_REQUEST_TIMEOUT_MS): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'
> & {
  readonly http: { readonly headersTimeout: number; readonly connectionsCheckingInterval: number };
} {
  const headersMs = Math.min(MAX_HEADERS_MS, requestMs);
  return {
    requestTimeout: requestMs,
    connectionTimeout: Math.max(IDLE_SOCKET_MS, requestMs),
    keepAliveTimeout: KEEP_ALIVE_MS,
    http: {
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.max(10, Math.floor(headersMs / 4)),
    },
  };
}
