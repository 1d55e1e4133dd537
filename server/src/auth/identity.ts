/**
 * Sign-in for the store, put together from the configuration: the embedded OpenID provider
 * (default) or another provider (OIDC_ISSUER), the verifier of the API's access tokens, and
 * the server's own OpenID client for the server-session mode.
 */
import type { FastifyInstance } from 'fastify';
import { exportJWK, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type Provider from 'oidc-provider';
import * as oidcClient from 'openid-client';
import type { IdentityConfig } from '../config';
import type { Db } from '../db/database';
import { tokenVerifier, type VerifyToken } from './authenticate';
import { providerSecrets } from './keys';
import { API_RESOURCE, createProvider } from './provider';

export interface Identity {
  /** The embedded provider, when no other is configured. */
  readonly provider: Provider | undefined;
  readonly issuer: string;
  readonly browserClientId: string;
  readonly apiAudience: string;
  readonly verifyToken: VerifyToken;
  /** The server's OpenID client (discovered on first use). */
  serverClient(app: FastifyInstance): Promise<oidcClient.Configuration>;
  readonly serverClientId: string;
  /** Keys for signed cookies, newest first (shared with the store's own cookies). */
  readonly cookieKeys: readonly string[];
}

async function publicJwks(keys: readonly JWK[]): Promise<JSONWebKeySet> {
  const publicKeys: JWK[] = [];
  for (const key of keys) {
    const imported = await importJWK(key, key.alg ?? 'RS256', { extractable: true });
    if (imported instanceof Uint8Array) continue;
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = await exportJWK(imported);
    publicKeys.push({ ...rest, kid: key.kid, alg: key.alg, use: 'sig' });
  }
  return { keys: publicKeys };
}

/** A fetch that reaches the embedded provider inside this process (no network). */
function inProcessFetch(app: FastifyInstance): oidcClient.CustomFetch {
  return async (input, init) => {
    const url = new URL(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = init.body;
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host, 'x-forwarded-proto': url.protocol.replace(':', '') },
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
    });
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
  publicUrl: string,
): Promise<Identity> {
  const embedded = config.externalIssuer === undefined;
  const secrets = await providerSecrets(db, {
    jwks: config.jwks,
    cookieKeys: config.cookieKeys,
    serverClientSecret: config.serverClientSecret,
  });
  const provider = embedded
    ? createProvider({
        db,
        publicUrl,
        secrets,
        browserClientId: config.browserClientId,
        serverClientId: config.serverClientId,
      })
    : undefined;
  const issuer = config.externalIssuer ?? `${publicUrl}/oidc`;
  const apiAudience = embedded ? API_RESOURCE : config.apiAudience;
  const verifyToken = tokenVerifier({
    issuer,
    audience: apiAudience,
    ...(embedded ? { jwks: await publicJwks(secrets.signingKeys) } : {}),
  });

  let discovered: Promise<oidcClient.Configuration> | undefined;
  return {
    provider,
    issuer,
    browserClientId: config.browserClientId,
    serverClientId: config.serverClientId,
    cookieKeys: secrets.cookieKeys,
    apiAudience,
    verifyToken,
    serverClient: (app) => {
      discovered ??= (async () => {
        const options: oidcClient.DiscoveryRequestOptions = {};
        if (issuer.startsWith('http:')) options.execute = [oidcClient.allowInsecureRequests];
        if (embedded) options[oidcClient.customFetch] = inProcessFetch(app);
        const configuration = await oidcClient.discovery(
          new URL(issuer),
          config.serverClientId,
          secrets.serverClientSecret,
          undefined,
          options,
        );
        if (embedded) configuration[oidcClient.customFetch] = inProcessFetch(app);
        return configuration;
      })();
      discovered.catch(() => {
        discovered = undefined;
      });
      return discovered;
    },
  };
}
