/**
 * The store API's bearer access tokens: JWTs issued for the store's API, verified with jose
 * against the provider's keys, issuer and audience. Who a request acts as is worked out once,
 * from these and the session cookie, by the acting plugin (server/src/acting, decision 047).
 */
import type { FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { GRANT_ID_CLAIM } from './provider';

export interface TokenVerifierOptions {
  /** The issuer, or which issuers are accepted (the embedded provider at any of its addresses). */
  readonly issuer: string | ((issuer: string) => boolean);
  readonly audience: string;
  /**
   * Public keys of the embedded provider, or where to get the ones in use (they rotate,
   * decision 034); a remote provider's keys are fetched instead.
   */
  readonly jwks?: JSONWebKeySet | (() => JSONWebKeySet);
  /** Asked when a token names a key the set lacks: reads the keys again, true if they changed. */
  readonly onUnknownKey?: () => Promise<boolean>;
  readonly jwksUri?: string;
  /** The tokens name their grant (the embedded provider's `grant_id`): read it. */
  readonly readsGrant?: boolean;
}

function remoteKeys(options: TokenVerifierOptions): JWTVerifyGetKey {
  const uri =
    options.jwksUri ?? (typeof options.issuer === 'string' ? `${options.issuer}/jwks` : undefined);
  if (uri === undefined) throw new Error('A token verifier needs keys or the address of its keys');
  return createRemoteJWKSet(new URL(uri));
}

/** The local key set for the keys now in use, made again only when they change. */
function localKeys(jwks: JSONWebKeySet | (() => JSONWebKeySet)): () => JWTVerifyGetKey {
  let set: JSONWebKeySet | undefined;
  let keys: JWTVerifyGetKey | undefined;
  return () => {
    const now = typeof jwks === 'function' ? jwks() : jwks;
    if (now !== set || keys === undefined) {
      set = now;
      keys = createLocalJWKSet(now);
    }
    return keys;
  };
}

/** What the store takes from a verified access token. */
export interface AccessTokenClaims {
  readonly userId: string;
  /** The embedded provider's grant it was issued under (decision 031), when it says. */
  readonly grantId?: string;
}

export type VerifyAccessToken = (token: string) => Promise<AccessTokenClaims | undefined>;

export function tokenVerifier(options: TokenVerifierOptions): VerifyToken {
  const verify = accessTokenVerifier(options);
  return async (token) => (await verify(token))?.userId;
}

export function accessTokenVerifier(options: TokenVerifierOptions): VerifyAccessToken {
  const remote = options.jwks ? undefined : remoteKeys(options);
  const local = options.jwks ? localKeys(options.jwks) : undefined;
  const { issuer } = options;
  const verify = async (token: string): Promise<JWTPayload> => {
    const { payload } = await jwtVerify(token, local?.() ?? (remote as JWTVerifyGetKey), {
      ...(typeof issuer === 'string' ? { issuer } : {}),
      audience: options.audience,
      algorithms: ['RS256', 'PS256', 'ES256'],
    });
    return payload;
  };
  return async (token: string): Promise<AccessTokenClaims | undefined> => {
    try {
      let payload: JWTPayload;
      try {
        payload = await verify(token);
      } catch (error) {
        // Signed with a key this process has not read yet (a rotation made elsewhere).
        const retry =
          error instanceof errors.JWKSNoMatchingKey &&
          local !== undefined &&
          (await options.onUnknownKey?.());
        if (!retry) throw error;
        payload = await verify(token);
      }
      if (
        typeof issuer === 'function' &&
        (typeof payload.iss !== 'string' || !issuer(payload.iss))
      ) {
        return undefined;
      }
      if (typeof payload.sub !== 'string') return undefined;
      const grant = options.readsGrant ? payload[GRANT_ID_CLAIM] : undefined;
      return {
        userId: payload.sub,
        ...(typeof grant === 'string' && grant.length > 0 && grant.length <= 200
          ? { grantId: grant }
          : {}),
      };
    } catch {
      return undefined;
    }
  };
}

export type VerifyToken = (token: string) => Promise<string | undefined>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}
