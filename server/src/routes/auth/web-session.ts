/**
 * The server-session sign-in mode (SPEC 4.1, 7.2, 7.3): the store's server is the OpenID
 * client. /auth/login starts an authorization code flow with PKCE (state of 16 random bytes,
 * verifier of 32, SPEC 9) and /auth/session/callback finishes it, checks the state, and sets
 * the store's session cookie (HttpOnly, SameSite=Lax, Secure over HTTPS). In token mode, a
 * signed-in browser can open the same session with its access token (POST /auth/session).
 * Every address in these steps is the one the request reached (decision 020): the callback,
 * the provider, and whether cookies are Secure.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import * as oidcClient from 'openid-client';
import * as z from 'zod';
import { DEFAULT_LOCALE, isLocale } from '../../../../domain/storefront/storefronts';
import type { IdentityCache } from '../../acting/identity-cache';
import { AGENT_COOKIE, sessionCookieOf } from '../../acting/plugin';
import { bearerToken } from '../../auth/authenticate';
import type { Identity } from '../../auth/identity';
import { API_RESOURCE, GRANT_ID_CLAIM, SCOPES } from '../../auth/provider';
import { sentOrigin } from '../../auth/public-origin';
import { findUserById } from '../../auth/users';
import {
  createWebSession,
  endWebSession,
  openWebSession,
  SESSION_COOKIE,
  SESSION_DAYS,
  sessionIdForToken,
  sessionIdHash,
  type SessionPurpose,
} from '../../auth/web-sessions';
import { endAgentSession } from '../../support/agent-sessions';
import type { Db } from '../../db/database';

const TX_COOKIE = 'store_auth_tx';

/**
 * The embedded provider's grant an access token was issued under (its `grant_id` claim,
 * added in auth/provider.ts); undefined for tokens of an external provider. Only read from
 * a token whose signature has been checked, or one just received from the token endpoint.
 */
function grantIdOf(identity: Identity, token: string | undefined): string | undefined {
  if (!token || !identity.embedded) return undefined;
  try {
    const claim = decodeJwt(token)[GRANT_ID_CLAIM];
    return typeof claim === 'string' && claim.length > 0 && claim.length <= 200 ? claim : undefined;
  } catch {
    return undefined;
  }
}

/** Only paths of this store: never another site (no open redirect). */
export function safeReturnTo(value: unknown, fallback: string): string {
  return typeof value === 'string' &&
    // Printable ASCII only (a browser's path and query are percent-encoded): a header can carry it.
    /^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/.test(value) &&
    !value.startsWith('/auth/')
    ? value
    : fallback;
}

const loginQuery = z.object({
  returnTo: z.string().max(2000).optional(),
  locale: z.string().optional(),
  screen_hint: z.enum(['signup']).optional(),
});

interface Transaction {
  readonly state: string;
  readonly verifier: string;
  readonly nonce: string;
  readonly returnTo: string;
  readonly locale: string;
  /** A customer service agent's sign-in (decision 063) rather than a buyer's. */
  readonly purpose?: SessionPurpose;
}

/** Where an agent's sign-in starts, and is sent back to in words when it is refused. */
export function supportLoginPath(locale: string, error?: 'not-agent' | 'login' | 'state'): string {
  return `/${locale}/my-account/support/login${error ? `?error=${error}` : ''}`;
}

export function registerWebSessionRoutes(
  app: FastifyInstance,
  options: { db: Db; identity: Identity; identities: IdentityCache },
): void {
  const { db, identity, identities } = options;
  const isSecure = (address: string) => address.startsWith('https:');

  /** An agent's sign-in: its own cookie, sent only by the store's own pages (Strict). */
  function setAgentCookie(reply: FastifyReply, id: string, address: string) {
    reply.setCookie(AGENT_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecure(address),
      maxAge: SESSION_DAYS * 24 * 3600,
    });
  }

  async function revokeQuietly(
    request: FastifyRequest,
    address: string,
    refreshToken: string | undefined | null,
  ): Promise<void> {
    if (!refreshToken) return;
    try {
      await oidcClient.tokenRevocation(await identity.serverClient(app, address), refreshToken, {
        token_type_hint: 'refresh_token',
      });
    } catch (error) {
      request.log.warn({ err: error }, 'refresh token not revoked');
    }
  }

  function setSessionCookie(reply: FastifyReply, id: string, address: string) {
    reply.setCookie(SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(address),
      maxAge: SESSION_DAYS * 24 * 3600,
    });
  }

  async function startSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: SessionPurpose,
  ): Promise<FastifyReply> {
    const address = identity.addressOf(request);
    if (identity.publicUrl === undefined && address !== sentOrigin(request, undefined)) {
      // A Host that is not the store's (decision 045): sign-in starts again at the address it
      // will use, so that its cookie and its callback are on one address.
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${address}${request.url}`, 303);
    }
    const query = loginQuery.parse(request.query);
    const locale = query.locale && isLocale(query.locale) ? query.locale : DEFAULT_LOCALE;
    const fallback = purpose === 'agent' ? `/${locale}/my-account/support` : `/${locale}/`;
    const tx: Transaction = {
      state: randomBytes(16).toString('base64url'),
      verifier: randomBytes(32).toString('base64url'),
      nonce: randomBytes(16).toString('base64url'),
      returnTo: safeReturnTo(query.returnTo, fallback),
      locale,
      purpose,
    };
    const configuration = await identity.serverClient(app, address);
    const url = oidcClient.buildAuthorizationUrl(configuration, {
      redirect_uri: `${address}/auth/session/callback`,
      scope: SCOPES.join(' '),
      state: tx.state,
      nonce: tx.nonce,
      code_challenge: await oidcClient.calculatePKCECodeChallenge(tx.verifier),
      code_challenge_method: 'S256',
      resource: identity.embedded ? API_RESOURCE : identity.apiAudience,
      ui_locales: locale,
      ...(query.screen_hint && purpose === 'buyer' ? { screen_hint: query.screen_hint } : {}),
      // An agent always gives their password (a buyer signed in at the provider in this
      // browser is never taken for an agent), on the customer service sign-in page.
      ...(purpose === 'agent' ? { prompt: 'login', screen_hint: 'support' } : {}),
    });
    reply.setCookie(TX_COOKIE, JSON.stringify(tx), {
      path: '/auth/session',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(address),
      signed: true,
      maxAge: 3600,
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(url.href, 303);
  }

  app.get('/auth/login', { config: { access: 'anyone' } }, (request, reply) =>
    startSignIn(request, reply, 'buyer'),
  );

  // A customer service agent's sign-in (decision 063): the same provider, the agent's role
  // checked when it answers.
  app.get('/auth/support/login', { config: { access: 'anyone' } }, (request, reply) =>
    startSignIn(request, reply, 'agent'),
  );

  // The provider's answer names who signed in: nobody is known before it.
  app.get('/auth/session/callback', { config: { access: 'public' } }, async (request, reply) => {
    const address = identity.addressOf(request);
    const raw = request.cookies[TX_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    reply.clearCookie(TX_COOKIE, { path: '/auth/session' });
    if (!unsigned?.valid || !unsigned.value) {
      return reply.redirect(`/${DEFAULT_LOCALE}/login?error=state`, 303);
    }
    const tx = JSON.parse(unsigned.value) as Transaction;
    const current = new URL(request.url, address);
    const error = current.searchParams.get('error');
    if (error) {
      // Cancelled or refused at the provider: back to the page the visitor came from.
      return reply.redirect(
        tx.purpose === 'agent' ? supportLoginPath(tx.locale) : tx.returnTo,
        303,
      );
    }
    try {
      const configuration = await identity.serverClient(app, address);
      const tokens = await oidcClient.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: tx.verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
      });
      const userId = tokens.claims()?.sub;
      const user = userId ? await findUserById(db, userId) : undefined;
      if (!user) throw new Error('Signed-in account not found');
      const purpose: SessionPurpose = tx.purpose === 'agent' ? 'agent' : 'buyer';
      const agent = await identities.agent(user.id);
      reply.header('cache-control', 'no-store');
      if ((purpose === 'agent') !== (agent !== undefined)) {
        // A buyer at the agents' sign-in, or an agent at the buyers': refused, with no session.
        await revokeQuietly(request, address, tokens.refresh_token);
        return await reply.redirect(
          purpose === 'agent'
            ? supportLoginPath(tx.locale, 'not-agent')
            : `/${tx.locale}/login?error=agent`,
          303,
        );
      }
      // Bound to the grant of the refresh token it holds: revoked, the session ends.
      const session = await createWebSession(
        db,
        user.id,
        tokens.refresh_token ?? null,
        new Date(),
        {
          grantId: grantIdOf(identity, tokens.access_token) ?? null,
          purpose,
        },
      );
      if (purpose === 'agent') setAgentCookie(reply, session.id, address);
      else setSessionCookie(reply, session.id, address);
      return await reply.redirect(tx.returnTo, 303);
    } catch (cause) {
      const reason =
        cause instanceof oidcClient.ResponseBodyError ||
        cause instanceof oidcClient.AuthorizationResponseError
          ? 'login'
          : String((cause as Error).message).includes('state')
            ? 'state'
            : 'login';
      request.log.warn({ reason }, 'sign-in could not be completed');
      return reply.redirect(
        tx.purpose === 'agent'
          ? supportLoginPath(tx.locale, reason)
          : `/${tx.locale}/login?error=${reason}`,
        303,
      );
    }
  });

  // SPEC 4.3 session logout: the store's session ends and its refresh token is revoked.
  // The session cookie's session ends whether or not it is still live (an idle one too).
  app.post('/auth/logout', { config: { access: 'anyone' } }, async (request, reply) => {
    const address = identity.addressOf(request);
    const id = sessionCookieOf(request);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    // Signing out while acting for a buyer signs the agent out (the buyer's sessions stay).
    await endAgentSignIn(request, reply);
    if (id) {
      // Ended first, then forgotten: a request loading it meanwhile finds it ended.
      const refreshToken = await endWebSession(db, id, new Date());
      identities.forgetSession(id);
      if (refreshToken) {
        try {
          await oidcClient.tokenRevocation(
            await identity.serverClient(app, address),
            refreshToken,
            {
              token_type_hint: 'refresh_token',
            },
          );
        } catch (error) {
          request.log.warn({ err: error }, 'refresh token not revoked');
        }
      }
    }
    return reply.code(204).send();
  });

  // An agent signs out (decision 063): the sign-in ends, and the acting it held with it. The
  // buyer's own sessions are not the agent's and stay as they are.
  async function endAgentSignIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const raw = request.cookies[AGENT_COOKIE];
    const id = raw && raw.length <= 100 ? raw : undefined;
    if (raw === undefined) return;
    reply.clearCookie(AGENT_COOKIE, { path: '/' });
    if (!id) return;
    const now = new Date();
    await endAgentSession(db, sessionIdHash(id), now, 'signed-out');
    identities.forgetActing(sessionIdHash(id));
    const refreshToken = await endWebSession(db, id, now);
    identities.forgetSession(id);
    await revokeQuietly(request, identity.addressOf(request), refreshToken);
  }

  app.post('/auth/support/logout', { config: { access: 'anyone' } }, async (request, reply) => {
    await endAgentSignIn(request, reply);
    reply.header('cache-control', 'no-store');
    return reply.code(204).send();
  });

  // Token mode with the server session for SSO: the access token opens a store session, one
  // per token (the same one on every call), bound to the token's grant (decision 031).
  app.post(
    '/auth/session',
    { config: { access: 'anyone' } },
    async (request: FastifyRequest, reply) => {
      const address = identity.addressOf(request);
      const who = request.acting;
      // The session's id is made from the very token that proved who it is.
      const token = who.kind === 'buyer' && who.via === 'token' ? bearerToken(request) : undefined;
      const user = token && who.kind === 'buyer' ? who.buyer : undefined;
      const session =
        token && user
          ? await openWebSession(
              db,
              {
                id: sessionIdForToken(token, identity.sessionIdSecret),
                userId: user.id,
                grantId: grantIdOf(identity, token) ?? null,
              },
              new Date(),
            )
          : undefined;
      reply.header('cache-control', 'no-store');
      if (!session)
        return reply.code(401).send({ error: { code: 'unauthorized', message: 'Login failed' } });
      setSessionCookie(reply, session.id, address);
      return reply.code(204).send();
    },
  );

  // SPEC 4.3 end session: the provider's own session (its cookie) ends.
  app.post('/oidc-session/end', { config: { access: 'public' } }, async (request, reply) => {
    const provider = identity.providerFor(identity.addressOf(request));
    if (provider) {
      const ctx = provider.createContext(request.raw, reply.raw);
      const session = await provider.Session.get(ctx);
      await session.destroy();
      reply.clearCookie('_session', { path: '/' });
      reply.clearCookie('_session.sig', { path: '/' });
    }
    return reply.code(204).send();
  });
}
