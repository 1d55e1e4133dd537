/**
 * The address a buyer reached the store at (decision 020). With PUBLIC_URL set, always that
 * address. Without it, the request's own: its scheme and Host header, or X-Forwarded-Proto
 * and X-Forwarded-Host when TRUST_PROXY names the proxy that sent them (Fastify decides
 * that, as it does for the client's address). A host is taken only when it is a plain
 * host name, IPv4 or bracketed IPv6 address with an optional port; anything else gets no
 * address, and the sign-in routes answer 400.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST = new RegExp(
  `^(?:${LABEL}(?:\\.${LABEL})*|\\[([0-9a-f:.]{2,45})\\])(?::([0-9]{1,5}))?$`,
);
const MAX_HOST_LENGTH = 253 + 6;

/** `protocol://host[:port]` in the browser's own form, or undefined when either is not acceptable. */
export function originFrom(protocol: string, host: string): string | undefined {
  if (protocol !== 'http' && protocol !== 'https') return undefined;
  const value = host.toLowerCase();
  if (value.length === 0 || value.length > MAX_HOST_LENGTH) return undefined;
  const match = HOST.exec(value);
  if (!match) return undefined;
  const [, ipv6, port] = match;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return undefined;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  try {
    // The URL parser gives the form browsers send: no default port, IPv4 in dotted decimal.
    return new URL(`${protocol}://${value}`).origin;
  } catch {
    return undefined;
  }
}

/** Whether `issuer` is the embedded provider's issuer at an acceptable address. */
export function isOriginIssuer(issuer: string): boolean {
  const match = /^(https?):\/\/([^/]+)\/oidc$/.exec(issuer);
  return match !== null && originFrom(match[1] ?? '', match[2] ?? '') === issuer.slice(0, -5);
}

/**
 * The store's own calls to its embedded provider (app.inject) name the address they are
 * for here, as they carry no browser's Host header to derive it from.
 */
export const inProcessAddress = new AsyncLocalStorage<string>();

/** A request whose address is not accepted: answered with 400 by the error handler. */
export class UnacceptedAddressError extends Error {
  override readonly name = 'UnacceptedAddressError';
  readonly statusCode = 400;
  constructor() {
    super('The address this request was sent to is not accepted.');
  }
}

/** The address this request reached the store at (see the top of this file). */
export function requestOrigin(
  request: FastifyRequest,
  publicUrl: string | undefined,
): string | undefined {
  if (publicUrl !== undefined) return publicUrl;
  return inProcessAddress.getStore() ?? originFrom(request.protocol, request.host);
}
