/**
 * Sign-in for the store, put together from the configuration: the embedded OpenID provider
 * (default) or another provider (OIDC_ISSUER), the verifier of the API's access tokens, and
 * the server's own OpenID client for the server-session mode.
 *
 * The embedded provider answers at the store's address (decision 020): PUBLIC_URL when set,
 * otherwise the address each request came to (localhost, 127.0.0.1, the machine's address on
 * the network, a host configured for a storefront; for any other Host, the address its
 * connection reached, decision 045). Each address has its own provider instance, issuer and
 * redirect addresses, all sharing the same database, keys and clients; the most recently used
 * are kept.
 *
 * The keys rotate (decision 034): the provider instances are made again with the new keys,
 * the token verifier trusts every key still published, and the store's cookie signer signs
 * with the newest of its own keys and accepts the older ones.
 */
import { Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import * as oidcClient from 'openid-client';
import type { IdentityConfig } from '../config';
import type { Db } from '../db/database';
import { accessTokenVerifier, type VerifyAccessToken, type VerifyToken } from './authenticate';
import { KeyRing } from './keys';
import { API_RESOURCE, createProvider } from './provider';
import {
  inProcessAddress,
  isOriginIssuer,
  requestOrigin,
  storeHostnames,
  UnacceptedAddressError,
  type StoreHosts,
} from './public-origin';

/** How many addresses keep their provider instance and server client (least recent go). */
export const MAX_ADDRESSES = 32;

/** A signer for @fastify/cookie (its `secret` option). */
export type CookieSigner = Pick<Signer, 'sign' | 'unsign'>;

/** How often, at most, a token signed with an unknown key makes the keys be read again. */
const UNKNOWN_KEY_MS = 5_000;

export interface Identity {
  /** Whether the embedded provider is used (no OIDC_ISSUER). */
  readonly embedded: boolean;
  /** PUBLIC_URL, when set: then the only address sign-in uses. */
  readonly publicUrl: string | undefined;
  /** The address a request reached the store at; throws UnacceptedAddressError (400) for a bad Host. */
  addressOf(request: FastifyRequest): string;
  /** The embedded provider that answers at this address (undefined with another provider). */
  providerFor(address: string): Provider | undefined;
  /** The issuer the browser and the server's client use at this address. */
  issuerFor(address: string): string;
  readonly browserClientId: string;
  readonly apiAudience: string;
  readonly verifyToken: VerifyToken;
  /** The token's user and grant (a revoked grant's tokens stop: decision 048). */
  readonly verifyAccessToken: VerifyAccessToken;
  /** The server's OpenID client at this address (discovered on first use). */
  serverClient(app: FastifyInstance, address: string): Promise<oidcClient.Configuration>;
  readonly serverClientId: string;
  /** Signs the store's own cookies (@fastify/cookie) with the store's keys, not the provider's. */
  readonly cookieSigner: CookieSigner;
  /** The keys in use, read again when they rotate. */
  readonly keys: KeyRing;
  /**
   * The secret that turns an access token into its store session's id (POST /auth/session,
   * decision 031): the server client's secret, which key rotations leave alone.
   */
  readonly sessionIdSecret: string;
}

/** Least recently used entries go first once there are more than MAX_ADDRESSES. */
function cached<T>(entries: Map<string, T>, key: string, make: () => T): T {
  const found = entries.get(key);
  entries.delete(key);
  const value = found ?? make();
  entries.set(key, value);
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ADDRESSES) break;
    entries.delete(oldest);
  }
  return value;
}

/** A fetch that reaches the embedded provider at `address` inside this process (no network). */
function inProcessFetch(app: FastifyInstance, address: string): oidcClient.CustomFetch {
  return async (input, init) => {
    const url = new URL(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init.body;
    // inject dispatches when its answer is awaited, which must happen inside run().
    const response = await inProcessAddress.run(address, async () =>
      app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        ...(body === undefined || body === null
          ? {}
          : {
              payload:
                typeof body === 'string'
                  ? body
                  : body instanceof URLSearchParams
                    ? body.toString()
                    : Buffer.from(body as Uint8Array),
            }),
      }),
    );
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) {
        responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
      }
    }
    return new Response(new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

export async function startIdentity(
  db: Db,
  config: IdentityConfig,
  publicUrl: string | undefined,
  hosts: StoreHosts = {},
): Promise<Identity> {
  const embedded = config.externalIssuer === undefined;
  const isStoreHost = storeHostnames(hosts);
  const keys = await KeyRing.open(db, {
    jwks: config.jwks,
    cookieKeys: config.cookieKeys,
    serverClientSecret: config.serverClientSecret,
  });
  const serverClientSecret = keys.current().serverClientSecret;
  const issuerFor = (address: string) => config.externalIssuer ?? `${publicUrl ?? address}/oidc`;
  const providers = new Map<string, Provider>();
  let providersVersion = keys.version;
  const providerFor = (address: string): Provider | undefined => {
    if (!embedded) return undefined;
    const secrets = keys.current();
    if (keys.version !== providersVersion) {
      // New keys: every address gets a provider that signs with the new current key and
      // still publishes (and accepts) the retired ones. Their state is in the database.
      providers.clear();
      providersVersion = keys.version;
    }
    const at = publicUrl ?? address;
    return cached(providers, at, () =>
      createProvider({
        db,
        publicUrl: at,
        secrets,
        browserClientId: config.browserClientId,
        serverClientId: config.serverClientId,
      }),
    );
  };
  const apiAudience = embedded ? API_RESOURCE : config.apiAudience;
  // A token naming an unknown key reads the keys again, at most every UNKNOWN_KEY_MS.
  let unknownKeyAt = -Infinity;
  const verifyAccessToken = accessTokenVerifier({
    // Without PUBLIC_URL the embedded provider signs, with the same keys, at every address.
    issuer: config.externalIssuer ?? (publicUrl ? `${publicUrl}/oidc` : isOriginIssuer),
    audience: apiAudience,
    ...(embedded
      ? {
          readsGrant: true,
          jwks: () => keys.current().publicJwks,
          onUnknownKey: async () => {
            if (Date.now() - unknownKeyAt < UNKNOWN_KEY_MS) return false;
            unknownKeyAt = Date.now();
            return keys.refresh().catch(() => false);
          },
        }
      : {}),
  });
  const verifyToken: VerifyToken = async (token) => (await verifyAccessToken(token))?.userId;
  // The store's cookies: signed with its newest key, any of its keys still verifies (and
  // says to sign again when the key was not the newest).
  let signer = new Signer(keys.current().storeCookieKeys);
  let signerKeys = keys.current().storeCookieKeys;
  const storeSigner = () => {
    const now = keys.current().storeCookieKeys;
    if (now !== signerKeys) {
      signer = new Signer(now);
      signerKeys = now;
    }
    return signer;
  };
  const cookieSigner: CookieSigner = {
    sign: (value) => storeSigner().sign(value),
    unsign: (input) => storeSigner().unsign(input),
  };

  const clients = new Map<string, Promise<oidcClient.Configuration>>();
  const discover = async (app: FastifyInstance, address: string, issuer: string) => {
    const options: oidcClient.DiscoveryRequestOptions = {};
    if (issuer.startsWith('http:')) options.execute = [oidcClient.allowInsecureRequests];
    if (embedded) options[oidcClient.customFetch] = inProcessFetch(app, address);
    const configuration = await oidcClient.discovery(
      new URL(issuer),
      config.serverClientId,
      serverClientSecret,
      undefined,
      options,
    );
    if (embedded) configuration[oidcClient.customFetch] = inProcessFetch(app, address);
    return configuration;
  };
  return {
    embedded,
    publicUrl,
    addressOf: (request) => {
      const address = requestOrigin(request, publicUrl, isStoreHost);
      if (address === undefined) throw new UnacceptedAddressError();
      return address;
    },
    providerFor,
    issuerFor,
    browserClientId: config.browserClientId,
    serverClientId: config.serverClientId,
    sessionIdSecret: `store-session-ids.${serverClientSecret}`,
    cookieSigner,
    keys,
    apiAudience,
    verifyToken,
    verifyAccessToken,
    serverClient: (app, address) => {
      const issuer = issuerFor(address);
      const at = embedded ? (publicUrl ?? address) : issuer;
      const discovered = cached(clients, at, () => discover(app, at, issuer));
      discovered.catch(() => {
        if (clients.get(at) === discovered) clients.delete(at);
      });
      return discovered;
    },
  };
}
