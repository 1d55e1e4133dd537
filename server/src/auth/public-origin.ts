/**
 * The address a buyer reached the store at (decisions 020, 045). With PUBLIC_URL set, always
 * that address. Without it, the request's own: its scheme and Host header, or
 * X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY names the proxy that sent them
 * (Fastify decides that, as it does for the client's address). A host is taken only when it
 * is a plain host name, IPv4 or bracketed IPv6 address with an optional port (anything else
 * gets no address, and the sign-in routes answer 400), and only when it is one of the
 * store's own: a host configured for it (STOREFRONT_HOSTS), a loopback host (localhost,
 * 127.0.0.0/8, ::1), or an address or name of the machine itself (its network interfaces'
 * addresses, its host name, that name under .local), so that a tablet on the clinic's
 * network signs in at the machine's address with nothing to set. Any other Host, which
 * anyone can send, never reaches a redirect, an issuer or a link: the request's address is
 * then the one its connection reached on this machine (the interface's address and port).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isIPv6 } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import type { TLSSocket } from 'node:tls';
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

/**
 * The headers an answer built from the request's address varies with (decision 045): without
 * PUBLIC_URL such an answer is never kept by a shared cache (`private`), and a browser's cache
 * keeps it per address.
 */
export const ADDRESS_VARY = 'Host, X-Forwarded-Host, X-Forwarded-Proto';

/** A request whose address is not accepted: answered with 400 by the error handler. */
export class UnacceptedAddressError extends Error {
  override readonly name = 'UnacceptedAddressError';
  readonly statusCode = 400;
  constructor() {
    super('The address this request was sent to is not accepted.');
  }
}

/** The machine's own addresses and names, as the OS gives them now. */
export interface Machine {
  readonly addresses: () => readonly string[];
  readonly names: () => readonly string[];
}

const thisMachine: Machine = {
  addresses: () =>
    Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)),
  names: () => {
    const name = hostname();
    return name === '' ? [] : [name, `${name}.local`];
  },
};

/** A host as the URL parser writes it (lower case; an IPv6 address bracketed, no zone). */
function urlHostname(host: string): string | undefined {
  const bare = host.replace(/%.*$/, '');
  try {
    return new URL(`http://${isIPv6(bare) ? `[${bare}]` : bare}`).hostname;
  } catch {
    return undefined;
  }
}

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function isLoopbackHostname(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || IPV4_LOOPBACK.test(name);
}

/** Which hosts the store takes as its own, besides PUBLIC_URL. */
export interface StoreHosts {
  /** Hosts configured for the store (STOREFRONT_HOSTS), with or without a port. */
  readonly configured?: readonly string[];
  /** The machine's addresses and names (default: the OS's, read on each look). */
  readonly machine?: Machine;
}

/** Whether a URL hostname (`localhost`, `192.168.1.20`, `[fe80::1]`) is one of the store's. */
export function storeHostnames(hosts: StoreHosts = {}): (name: string) => boolean {
  const configured = new Set(
    (hosts.configured ?? []).flatMap((host) => {
      const name = urlHostname(host.replace(/:\d+$/, ''));
      return name ? [name] : [];
    }),
  );
  const machine = hosts.machine ?? thisMachine;
  return (name) => {
    if (isLoopbackHostname(name) || configured.has(name)) return true;
    const own = /^[\d.]+$|^\[/.test(name) ? machine.addresses() : machine.names();
    return own.some((entry) => urlHostname(entry) === name);
  };
}

/**
 * The address the request's connection reached on this machine: its interface's address and
 * port (an IPv4 address given as IPv6, as such), or localhost when it has none (in-process).
 */
export function connectionOrigin(request: FastifyRequest): string {
  const socket = request.raw.socket as Partial<TLSSocket> | undefined;
  const protocol = socket?.encrypted ? 'https' : 'http';
  const local = socket?.localAddress?.replace(/^::ffff:(?=\d+\.)/i, '');
  const host = local ? (isIPv6(local) ? `[${local.replace(/%.*$/, '')}]` : local) : 'localhost';
  const port = socket?.localPort;
  return originFrom(protocol, port ? `${host}:${String(port)}` : host) ?? `${protocol}://localhost`;
}

/**
 * The address as the request names it, whoever's it is: PUBLIC_URL, or the request's scheme
 * and Host. The origin a browser's page was loaded from, which the same-origin check compares
 * the `Origin` it sends with (decision 031); never an address to send anyone to.
 */
export function sentOrigin(
  request: FastifyRequest,
  publicUrl: string | undefined,
): string | undefined {
  if (publicUrl !== undefined) return publicUrl;
  return inProcessAddress.getStore() ?? originFrom(request.protocol, request.host);
}

/** The address this request reached the store at (see the top of this file). */
export function requestOrigin(
  request: FastifyRequest,
  publicUrl: string | undefined,
  isStoreHost: (name: string) => boolean,
): string | undefined {
  const sent = sentOrigin(request, publicUrl);
  if (sent === undefined || publicUrl !== undefined || inProcessAddress.getStore() !== undefined) {
    return sent;
  }
  return isStoreHost(new URL(sent).hostname) ? sent : connectionOrigin(request);
}
