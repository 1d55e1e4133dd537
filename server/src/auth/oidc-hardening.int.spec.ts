/**
 * The embedded provider under hostile input: an unknown resource is invalid_target, a U+0000
 * in a token is a 400, never a 500; its failures are logged without secrets; and the
 * discovery document and key set may be cached for a short while (decision 032).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import {
  codeAfter,
  InjectBrowser,
  postLogin,
  startSignIn,
  type StartedSignIn,
} from '../../../tests/support/inject-browser';
import { DISCOVERY_CACHE_CONTROL } from '../routes/auth/oidc-mount';
import { DEMO_USERS, seedDemoUsers } from './demo-users';
import { API_RESOURCE } from './provider';

const dana = DEMO_USERS[0];
const REDIRECT_URI = `${TEST_PUBLIC_URL}/auth/callback`;

for (const target of testDatabaseTargets()) {
  describe(`the embedded provider under hostile input (${target.kind})`, () => {
    let t: TestDatabase;
    let app: FastifyInstance;
    let lines: string[] = [];

    beforeAll(async () => {
      t = await target.open();
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      });
      app = await buildTestApp(t.database, {
        logger: { level: 'info', stream },
        signIn: { wait: () => Promise.resolve() },
      });
      await seedDemoUsers(t.database.db);
    });

    afterAll(async () => {
      await app.close();
      await t.dispose();
    });

    beforeEach(() => {
      lines = [];
    });

    async function signedIn(extra: Record<string, string> = {}) {
      const browser = new InjectBrowser(app);
      const started = await startSignIn(browser, extra);
      const login = await postLogin(browser, started.uid, dana.email, dana.password);
      expect(login.statusCode).toBe(200);
      const code = await codeAfter(browser, login.json<{ redirectTo: string }>().redirectTo);
      return { browser, started, code };
    }

    function token(form: Record<string, string>) {
      return app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: 'storefront', ...form }).toString(),
      });
    }

    async function tokens(
      started: StartedSignIn,
      code: string,
      extra: Record<string, string> = {},
    ) {
      return token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: started.verifier,
        ...extra,
      });
    }

    it('answers an unknown resource at the authorization endpoint with invalid_target', async () => {
      const browser = new InjectBrowser(app);
      const query = new URLSearchParams({
        client_id: 'storefront',
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'abcdefghijklmnop',
        resource: 'urn:somewhere:else',
      });
      const response = await browser.request(`/oidc/auth?${query.toString()}`);
      expect(response.statusCode).toBeLessThan(500);
      const location = new URL(String(response.headers.location), TEST_PUBLIC_URL);
      expect(location.pathname).toBe('/auth/callback');
      expect(location.searchParams.get('error')).toBe('invalid_target');
    });

    it('answers an unknown resource at the token endpoint with invalid_target', async () => {
      const { started, code } = await signedIn({
        scope: 'openid offline_access api',
        resource: API_RESOURCE,
      });
      const refused = await tokens(started, code, { resource: 'urn:somewhere:else' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_target' });

      const again = await signedIn({ scope: 'openid offline_access api', resource: API_RESOURCE });
      const issued = await tokens(again.started, again.code, { resource: API_RESOURCE });
      expect(issued.statusCode).toBe(200);
      const { refresh_token: refreshToken } = issued.json<{ refresh_token: string }>();
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        resource: 'urn:somewhere:else',
      });
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json()).toMatchObject({ error: 'invalid_target' });
      // Refusals are logged with their OAuth error, and without the token.
      expect(lines.some((line) => line.includes('invalid_target'))).toBe(true);
      expect(lines.some((line) => line.includes(refreshToken))).toBe(false);
    });

    it('answers U+0000 in a token or a code with a 400, not a 500', async () => {
      const { started, code } = await signedIn({ scope: 'openid offline_access' });
      const issued = await tokens(started, code);
      expect(issued.statusCode).toBe(200);
      const { refresh_token: refreshToken } = issued.json<{ refresh_token: string }>();
      const broken = `${refreshToken.slice(0, 10)}\u0000${refreshToken.slice(10)}`;
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: broken });
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });

      const second = await signedIn({ scope: 'openid' });
      const badCode = await tokens(second.started, `${second.code}\u0000`);
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json()).toMatchObject({ error: 'invalid_grant' });

      const revoked = await app.inject({
        method: 'POST',
        url: '/oidc/token/revocation',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_id: 'storefront', token: '\u0000abc' }).toString(),
      });
      expect(revoked.statusCode).toBeLessThan(500);

      // The good refresh token still works.
      const ok = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
      expect(ok.statusCode).toBe(200);
    });

    it('answers U+0000 in the authorization request without a 500', async () => {
      const browser = new InjectBrowser(app);
      const query = new URLSearchParams({
        client_id: 'storefront',
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'abc\u0000defghijklmnop',
        login_hint: 'dana\u0000@demo.example',
      });
      const response = await browser.request(`/oidc/auth?${query.toString()}`);
      expect(response.statusCode).toBeLessThan(500);
    });

    it('logs a failure of the provider as a server_error, without the token', async () => {
      const { started, code } = await signedIn({ scope: 'openid offline_access' });
      const issued = await tokens(started, code);
      const { refresh_token: refreshToken } = issued.json<{ refresh_token: string }>();
      await t.database.db.execute(sql`alter table oidc_models rename to oidc_models_away`);
      try {
        const failed = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toMatchObject({ error: 'server_error' });
      } finally {
        await t.database.db.execute(sql`alter table oidc_models_away rename to oidc_models`);
      }
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const failure = logged.find((entry) => entry.event === 'oidc.server_error');
      expect(failure).toMatchObject({ level: 50, route: 'token' });
      expect(lines.some((line) => line.includes(refreshToken))).toBe(false);
    });

    it('lets caches keep the discovery document and the key set for five minutes', async () => {
      for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe(DISCOVERY_CACHE_CONTROL);
      }
      expect(DISCOVERY_CACHE_CONTROL).toBe('public, max-age=300');
      // Not the token endpoint, nor the sign-in steps.
      const refused = await token({ grant_type: 'refresh_token', refresh_token: 'nothing' });
      expect(refused.headers['cache-control']).not.toContain('public');
    });
  });
}
