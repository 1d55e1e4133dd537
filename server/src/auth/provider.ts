/**
 * The embedded OpenID provider (oidc-provider) at /oidc (ARCHITECTURE §4): authorization
 * code with PKCE (S256, required for every client), refresh tokens, revocation, userinfo,
 * RP-initiated logout, and JWT access tokens for the store's API. Its sign-in and
 * registration screens are the app's own pages; its state lives in Postgres.
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database';
import { postgresAdapterFactory } from './oidc-adapter';
import type { ProviderSecrets } from './keys';
import { findUserById } from './users';

/** The resource indicator (and audience) of the store's API. */
export const API_RESOURCE = 'urn:assessments-store:api';
export const API_SCOPE = 'api';
/** The claim of an access token naming the grant it was issued under (decision 031). */
export const GRANT_ID_CLAIM = 'grant_id';

export const SCOPES = ['openid', 'profile', 'email', 'user_id', API_SCOPE, 'offline_access'];

/** Where the app's sign-in pages take over an interaction. */
export const INTERACTION_PATH = '/oidc-interaction';

export interface ProviderOptions {
  readonly db: Db;
  /** The address this instance answers at, e.g. http://127.0.0.1:8080 (decision 020). */
  readonly publicUrl: string;
  readonly secrets: ProviderSecrets;
  /** The browser app (a public client) and the server's own client (server-session mode). */
  readonly browserClientId: string;
  readonly serverClientId: string;
}

/** The store's own clients need no consent screen: their grant is made on sign-in. */
async function loadExistingGrant(ctx: KoaContextWithOIDC, firstParty: ReadonlySet<string>) {
  const { oidc } = ctx;
  const client = oidc.client;
  const session = oidc.session;
  if (!client || !session?.accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  if (grantId) {
    const grant = await oidc.provider.Grant.find(grantId);
    if (grant) return grant;
  }
  if (!firstParty.has(client.clientId)) return undefined;
  const grant = new oidc.provider.Grant({
    clientId: client.clientId,
    accountId: session.accountId,
  });
  grant.addOIDCScope(SCOPES.join(' '));
  grant.addOIDCClaims(['given_name', 'family_name', 'email', 'user_id']);
  grant.addResourceScope(API_RESOURCE, API_SCOPE);
  await grant.save();
  session.grantIdFor(client.clientId, grant.jti);
  return grant;
}

export function createProvider(options: ProviderOptions): Provider {
  const { db, publicUrl, secrets } = options;
  const issuer = `${publicUrl}/oidc`;
  const configuration: Configuration = {
    adapter: postgresAdapterFactory(db),
    clients: [
      {
        client_id: options.browserClientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/auth/callback`, `${publicUrl}/auth/silent-callback.html`],
        post_logout_redirect_uris: [`${publicUrl}/`],
      },
      {
        client_id: options.serverClientId,
        client_secret: secrets.serverClientSecret,
        application_type: 'web',
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/auth/session/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
      },
    ],
    pkce: { required: () => true },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'name'],
      email: ['email', 'email_verified'],
      user_id: ['user_id'],
    },
    // The browser reads the user from the ID token, as its access token is for the API.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const user = await findUserById(db, id);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          user_id: user.id,
          given_name: user.givenName,
          family_name: user.familyName,
          name: `${user.givenName} ${user.familyName}`,
          email: user.email,
          email_verified: false,
        }),
      };
    },
    loadExistingGrant: (ctx) =>
      loadExistingGrant(ctx, new Set([options.browserClientId, options.serverClientId])),
    issueRefreshToken: (_ctx, client) => Promise.resolve(client.grantTypeAllowed('refresh_token')),
    // The store's sessions opened with an access token end with its grant (decision 031).
    extraTokenClaims: (_ctx, token) =>
      Promise.resolve(
        'grantId' in token && token.grantId ? { [GRANT_ID_CLAIM]: token.grantId } : undefined,
      ),
    rotateRefreshToken: true,
    extraParams: ['screen_hint'],
    interactions: {
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The confirmation form is sent by a script of the store's own (no inline script).
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title><script src="/oidc-logout.js" defer></script></head><body>${form}<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript></body></html>`;
          return Promise.resolve();
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => Promise.resolve(undefined),
        useGrantedResource: () => Promise.resolve(true),
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          // The OAuth error for a resource the store does not know (RFC 8707), not a 500.
          if (resourceIndicator !== API_RESOURCE) {
            throw new errors.InvalidTarget('the resource is not known here');
          }
          return Promise.resolve({
            scope: API_SCOPE,
            audience: API_RESOURCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 15 * 60,
            jwt: { sign: { alg: 'RS256' } },
          });
        },
      },
    },
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, sameSite: 'lax', httpOnly: true },
      short: { signed: true, sameSite: 'lax', httpOnly: true },
    },
    jwks: { keys: secrets.signingKeys },
    renderError: (ctx, out) => {
      ctx.type = 'json';
      ctx.body = out;
      return Promise.resolve();
    },
  };
  const provider = new Provider(issuer, configuration);
  // The mount hands each request over with the address the store decided on in the
  // X-Forwarded-* headers it sets itself (routes/auth/oidc-mount.ts).
  provider.proxy = true;
  return provider;
}
