/**
 * The embedded OpenID provider against an independent relying party (openid-client):
 * authorization code with PKCE, userinfo, refresh, revocation, JWT access tokens for the
 * API, and the refusal of requests without PKCE or with the plain method.
 */
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { freePort } from '../../../tests/support/free-port';
import { HttpSession } from '../../../tests/support/http-session';
import { loadConfig } from '../config';
import { DEMO_USERS, seedDemoUsers } from './demo-users';
import { startIdentity, type Identity } from './identity';
import { API_RESOURCE } from './provider';

const [pglite] = testDatabaseTargets();
const dana = DEMO_USERS[0];

describe('the embedded OpenID provider', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  let identity: Identity;
  let rp: client.Configuration;

  beforeAll(async () => {
    t = await pglite!.open();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    // Migrations run in buildTestApp; identity needs its tables, so build once first.
    app = await buildTestApp(t.database, { publicUrl: origin });
    await app.close();
    await seedDemoUsers(t.database.db);
    identity = await startIdentity(t.database.db, loadConfig({}).identity, origin);
    app = await buildTestApp(t.database, { publicUrl: origin, identity });
    await app.listen({ port, host: '127.0.0.1' });
    rp = await client.discovery(new URL(`${origin}/oidc`), 'storefront', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  /** Signs in through the interaction pages' endpoints, as the sign-in page does. */
  async function authorize(session: HttpSession, params: Record<string, string>): Promise<URL> {
    const start = client.buildAuthorizationUrl(rp, params);
    const toPage = await session.follow(start.href, (url) => url.pathname.endsWith('/login'));
    expect(toPage.url.pathname).toBe('/en-gb/login');
    const uid = toPage.url.searchParams.get('interaction') ?? '';
    const login = await session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: dana.email, password: dana.password }),
    });
    expect(login.status).toBe(200);
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    const back = await session.follow(redirectTo, (url) => url.pathname === '/auth/callback');
    expect(back.url.pathname).toBe('/auth/callback');
    return back.url;
  }

  it('completes authorization code + PKCE for an independent relying party', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const session = new HttpSession(origin);
    const callback = await authorize(session, {
      redirect_uri: `${origin}/auth/callback`,
      scope: 'openid profile email user_id offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ui_locales: 'en-gb',
    });
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({ given_name: 'Dana', family_name: 'Reyes', email: dana.email });
    expect(claims?.user_id).toBe(claims?.sub);

    const info = await client.fetchUserInfo(rp, tokens.access_token, String(claims?.sub));
    expect(info).toMatchObject({
      sub: claims?.sub,
      user_id: claims?.sub,
      given_name: 'Dana',
      family_name: 'Reyes',
      email: dana.email,
    });

    // Refresh tokens rotate; a revoked one no longer works.
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    await client.tokenRevocation(rp, refreshed.refresh_token ?? '');
    await expect(client.refreshTokenGrant(rp, refreshed.refresh_token ?? '')).rejects.toThrow();
  });

  it('issues JWT access tokens for the API that the API verifies', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const callback = await authorize(new HttpSession(origin), {
      redirect_uri: `${origin}/auth/callback`,
      scope: 'openid profile email user_id api',
      resource: API_RESOURCE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ui_locales: 'en-gb',
    });
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect(await identity.verifyToken(tokens.access_token)).toBe(tokens.claims()?.sub);
    const me = await fetch(`${origin}/store/customer/current`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ firstName: 'Dana', lastName: 'Reyes' });
    expect(await identity.verifyToken(`${tokens.access_token}x`)).toBeUndefined();
  });

  it('refuses an authorization request without PKCE, and one with the plain method', async () => {
    const base = {
      client_id: 'storefront',
      response_type: 'code',
      redirect_uri: `${origin}/auth/callback`,
      scope: 'openid',
      state: 'abcdefghijklmnop',
    };
    const variants: Record<string, string>[] = [
      {},
      { code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' },
    ];
    for (const extra of variants) {
      const url = `${origin}/oidc/auth?${new URLSearchParams({ ...base, ...extra }).toString()}`;
      const response = await fetch(url, { redirect: 'manual' });
      const location = new URL(response.headers.get('location') ?? '', origin);
      expect(location.pathname).toBe('/auth/callback');
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('refuses a code exchanged without its verifier', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const callback = await authorize(new HttpSession(origin), {
      redirect_uri: `${origin}/auth/callback`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ui_locales: 'en-gb',
    });
    await expect(
      client.authorizationCodeGrant(rp, callback, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      }),
    ).rejects.toThrow();
  });
});
