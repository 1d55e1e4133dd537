/**
 * Who is calling: a bearer JWT access token issued for the store's API (verified with jose
 * against the provider's keys, issuer and audience), or the store's session cookie. Every
 * route that serves a user's data asks this, and then checks the data is theirs.
 */
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { Db } from '../db/database';
import { findUserById, type User } from './users';
import { findWebSession, SESSION_COOKIE } from './web-sessions';

export interface Caller {
  readonly user: User;
  readonly via: 'token' | 'session';
}

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

export function tokenVerifier(options: TokenVerifierOptions) {
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
  return async (token: string): Promise<string | undefined> => {
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
      return typeof payload.sub === 'string' ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  };
}

export type VerifyToken = ReturnType<typeof tokenVerifier>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The caller: the bearer token when there is one, else the store's session (decision 031:
 * ended when idle or when its grant is revoked). `activeAt`: the buyer's last activity as the
 * session check reports it (SPEC 4.4); it keeps the store's session alive, also in token
 * mode, where the session cookie rides along with the token.
 */
export async function identifyCaller(
  request: FastifyRequest,
  db: Db,
  verifyToken: VerifyToken,
  extraToken?: string,
  activeAt?: Date,
): Promise<Caller | undefined> {
  const token = bearerToken(request) ?? extraToken;
  const sessionId = request.cookies[SESSION_COOKIE];
  if (token) {
    const userId = await verifyToken(token);
    const user = userId ? await findUserById(db, userId) : undefined;
    if (user && activeAt !== undefined && sessionId) {
      await findWebSession(db, sessionId, new Date(), activeAt);
    }
    return user ? { user, via: 'token' } : undefined;
  }
  if (!sessionId) return undefined;
  const session = await findWebSession(db, sessionId, new Date(), activeAt);
  const user = session ? await findUserById(db, session.userId) : undefined;
  return user ? { user, via: 'session' } : undefined;
}

/** The caller, or a 401 sent (and undefined returned) for an anonymous request. */
export async function requireCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  verifyToken: VerifyToken,
): Promise<Caller | undefined> {
  const caller = await identifyCaller(request, db, verifyToken);
  if (!caller) {
    reply.header('cache-control', 'no-store');
    await reply
      .code(401)
      .send({ error: { code: 'unauthorized', message: 'The session is no longer valid.' } });
  }
  return caller;
}
