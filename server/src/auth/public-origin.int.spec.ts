/**
 * Sign-in from any address of the machine (decision 020): with PUBLIC_URL unset, the store
 * reached at localhost, 127.0.0.1 or its address on the network signs people in there, with
 * every redirect, issuer and cookie on that address; Host headers are checked strictly and
 * X-Forwarded-* headers are believed only from a proxy TRUST_PROXY names. With PUBLIC_URL
 * set, only that address is used.
 */
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { freePort } from '../../../tests/support/free-port';
import { HttpSession } from '../../../tests/support/http-session';
import { ConfigError, loadConfig } from '../config';
import { DEMO_USERS, seedDemoUsers } from './demo-users';
import { startIdentity, type Identity } from './identity';
import { API_RESOURCE } from './provider';
import { isOriginIssuer, originFrom } from './public-origin';

const [pglite] = testDatabaseTargets();
const dana = DEMO_USERS[0];

describe('originFrom', () => {
  it('takes host names, IPv4 and bracketed IPv6 addresses with an optional port', () => {
    expect(originFrom('http', '127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(originFrom('http', 'localhost:8080')).toBe('http://localhost:8080');
    expect(originFrom('http', '192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(originFrom('http', 'Clinic-PC.local:8080')).toBe('http://clinic-pc.local:8080');
    expect(originFrom('http', '[::1]:8080')).toBe('http://[::1]:8080');
    expect(originFrom('https', 'store.example.com')).toBe('https://store.example.com');
    // The browser's own form: no default port.
    expect(originFrom('http', 'localhost:80')).toBe('http://localhost');
    expect(originFrom('https', 'store.example.com:443')).toBe('https://store.example.com');
  });

  it('refuses anything else', () => {
    for (const host of [
      '',
      'evil.example/path',
      'evil.example?x',
      'evil.example#x',
      'user@evil.example',
      'a b',
      'evil.example\r\nx: y',
      'host:0',
      'host:65536',
      'host:8080:1',
      'host,other',
      '[::zz]:8080',
      '[127.0.0.1]',
      '::1',
      '-host',
      'host-',
      '.host',
      'host..example',
      `${'a'.repeat(64)}.example`,
      `${'abc.'.repeat(70)}example`,
      'hôst.example',
      '%65vil.example',
    ]) {
      expect(originFrom('http', host), host).toBeUndefined();
    }
    expect(originFrom('ftp', 'localhost')).toBeUndefined();
    expect(originFrom('javascript', 'localhost')).toBeUndefined();
  });

  it('recognises the embedded provider at an acceptable address only', () => {
    expect(isOriginIssuer('http://127.0.0.1:8080/oidc')).toBe(true);
    expect(isOriginIssuer('https://store.example.com/oidc')).toBe(true);
    expect(isOriginIssuer('http://127.0.0.1:8080/oidc/')).toBe(false);
    expect(isOriginIssuer('http://127.0.0.1:8080/other')).toBe(false);
    expect(isOriginIssuer('http://LOCALHOST:80/oidc')).toBe(false);
    expect(isOriginIssuer('http://user@host/oidc')).toBe(false);
    expect(isOriginIssuer('ftp://host/oidc')).toBe(false);
  });
});

describe('PUBLIC_URL and TRUST_PROXY', () => {
  it('leaves the address to each request when PUBLIC_URL is unset', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
  });

  it('takes PUBLIC_URL as an origin', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Store.Example.com/' }).publicUrl).toBe(
      'https://store.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:8080' }).publicUrl).toBe(
      'http://192.168.1.20:8080',
    );
    for (const wrong of [
      'store.example.com',
      'https://store.example.com/shop',
      'https://user@store.example.com',
      'ftp://store.example.com',
      'https://store example.com',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL/);
    }
  });

  it('believes no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
    ]);
    for (const wrong of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(ConfigError);
    }
  });
});

/** A non-loopback IPv4 address of this machine, as a tablet on the network would use. */
function networkAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
}

describe('sign-in at every address of the machine, PUBLIC_URL unset', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let identity: Identity;
  let port: number;
  let origins: string[];

  beforeAll(async () => {
    t = await pglite!.open();
    port = await freePort();
    const warmUp = await buildTestApp(t.database, { publicUrl: undefined });
    await warmUp.close();
    await seedDemoUsers(t.database.db);
    identity = await startIdentity(t.database.db, loadConfig({}).identity, undefined);
    app = await buildTestApp(t.database, { publicUrl: undefined, identity });
    await app.listen({ port, host: '0.0.0.0' });
    const lan = networkAddress();
    origins = [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      ...(lan ? [`http://${lan}:${port}`] : []),
    ];
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  /** Follows redirects, each of which must stay on `origin`, until `stop`. */
  async function follow(session: HttpSession, url: string, stop: (u: URL) => boolean) {
    let current = new URL(url, session.origin);
    for (let hops = 0; hops < 10; hops++) {
      expect(current.origin).toBe(session.origin);
      if (stop(current)) return current;
      const response = await session.request(current.href);
      const location = response.headers.get('location');
      expect(location, `${current.pathname} answered ${response.status}`).not.toBeNull();
      current = new URL(location ?? '', current);
    }
    throw new Error('Too many redirects');
  }

  async function interaction(session: HttpSession, screen: 'login' | 'register') {
    const hint = screen === 'register' ? '&screen_hint=signup' : '';
    const page = await follow(
      session,
      `/auth/login?locale=en-gb&returnTo=%2Fen-gb%2Fcart${hint}`,
      (u) => u.pathname === `/en-gb/${screen}`,
    );
    return page.searchParams.get('interaction') ?? '';
  }

  async function finish(session: HttpSession, answer: Response) {
    expect(answer.status).toBe(200);
    const { redirectTo } = (await answer.json()) as { redirectTo: string };
    await follow(session, redirectTo, (u) => u.pathname === '/en-gb/cart');
    expect(session.has('store_session')).toBe(true);
    const me = await session.request('/store/customer/current');
    expect(me.status).toBe(200);
    return (await me.json()) as { firstName: string; email: string };
  }

  it('tells the browser the issuer at the address it opened', async () => {
    for (const origin of origins) {
      const bootstrap = await fetch(`${origin}/api/bootstrap?locale=en-gb`);
      const body = (await bootstrap.json()) as { config: { identity: { issuer: string } } };
      expect(body.config.identity.issuer).toBe(`${origin}/oidc`);
      const discovery = await fetch(`${origin}/oidc/.well-known/openid-configuration`);
      const metadata = (await discovery.json()) as Record<string, string>;
      expect(metadata.issuer).toBe(`${origin}/oidc`);
      expect(metadata.authorization_endpoint).toBe(`${origin}/oidc/auth`);
    }
  });

  it('registers at one address and signs in at each of the others (server session)', async () => {
    const [first = '', ...others] = origins;
    const email = `tablet.${Date.now()}@demo.example`;
    const password = 'Tablet-Test-2026';
    const session = new HttpSession(first);
    const uid = await interaction(session, 'register');
    const registered = await session.request(`/oidc-interaction/${uid}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Robin',
        lastName: 'Ashby',
        email,
        password,
        country: 'GB',
      }),
    });
    expect(await finish(session, registered)).toMatchObject({ firstName: 'Robin', email });
    expect((await session.request('/auth/logout', { method: 'POST' })).status).toBe(204);

    for (const origin of [first, ...others]) {
      const at = new HttpSession(origin);
      const login = await at.request(`/oidc-interaction/${await interaction(at, 'login')}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(await finish(at, login)).toMatchObject({ firstName: 'Robin' });
    }
  });

  it('signs a browser client in at each address with tokens the API accepts (token mode)', async () => {
    for (const origin of origins) {
      // openid-client checks that the issuer it discovers is the one it asked for.
      const rp = await client.discovery(
        new URL(`${origin}/oidc`),
        'storefront',
        undefined,
        client.None(),
        { execute: [client.allowInsecureRequests] },
      );
      const session = new HttpSession(origin);
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const start = client.buildAuthorizationUrl(rp, {
        redirect_uri: `${origin}/auth/callback`,
        scope: 'openid profile email user_id api',
        resource: API_RESOURCE,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        ui_locales: 'en-gb',
      });
      const page = await follow(session, start.href, (u) => u.pathname === '/en-gb/login');
      const uid = page.searchParams.get('interaction') ?? '';
      const login = await session.request(`/oidc-interaction/${uid}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: dana.email, password: dana.password }),
      });
      const { redirectTo } = (await login.json()) as { redirectTo: string };
      const callback = await follow(session, redirectTo, (u) => u.pathname === '/auth/callback');
      const tokens = await client.authorizationCodeGrant(rp, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      expect(tokens.claims()?.iss).toBe(`${origin}/oidc`);
      const me = await fetch(`${origin}/store/customer/current`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.status).toBe(200);
    }
  });

  it('sends the code only back to the address the sign-in started at', async () => {
    const [origin = '', other = ''] = origins;
    for (const redirect of [`${other}/auth/callback`, 'http://evil.example/auth/callback']) {
      const query = new URLSearchParams({
        client_id: 'storefront',
        response_type: 'code',
        redirect_uri: redirect,
        scope: 'openid',
        state: 'abcdefghijklmnop',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const response = await fetch(`${origin}/oidc/auth?${query.toString()}`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_redirect_uri');
    }
  });

  it('keeps the return path on the store and its cookies HttpOnly and SameSite', async () => {
    const [origin = ''] = origins;
    const response = await fetch(
      `${origin}/auth/login?locale=en-gb&returnTo=${encodeURIComponent('//evil.example/')}`,
      { redirect: 'manual' },
    );
    expect(new URL(response.headers.get('location') ?? '').origin).toBe(origin);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('store_auth_tx='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('believes no X-Forwarded-Host or -Proto without TRUST_PROXY', async () => {
    const answer = await app.inject({
      url: '/api/bootstrap?locale=en-gb',
      headers: {
        host: `127.0.0.1:${port}`,
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(answer.json<{ config: { identity: { issuer: string } } }>().config.identity.issuer).toBe(
      `http://127.0.0.1:${port}/oidc`,
    );
  });

  it('answers 400 to a Host that is not a plain host and port', async () => {
    for (const host of ['evil.example/x', 'a b', 'user@evil.example', 'host:99999']) {
      for (const url of ['/api/bootstrap?locale=en-gb', '/auth/login?locale=en-gb', '/oidc/jwks']) {
        const answer = await app.inject({ url, headers: { host } });
        expect(answer.statusCode, `${url} with Host ${host}`).toBe(400);
      }
    }
    // Pages and the health check do not depend on the address.
    expect((await app.inject({ url: '/api/health', headers: { host: 'a b' } })).statusCode).toBe(
      200,
    );
  });
});

describe('the address behind a proxy TRUST_PROXY names', () => {
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await pglite!.open();
    const warmUp = await buildTestApp(t.database, { publicUrl: undefined });
    await warmUp.close();
    // The address the proxy forwards is one configured for the store (decision 045).
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, undefined, {
      configured: ['store.example.com'],
    });
    app = await buildTestApp(t.database, { publicUrl: undefined, identity, trustProxy: true });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('is the forwarded one, with Secure cookies over https', async () => {
    const headers = {
      host: 'store-internal:8080',
      'x-forwarded-host': 'store.example.com',
      'x-forwarded-proto': 'https',
    };
    const bootstrap = await app.inject({ url: '/api/bootstrap?locale=en-gb', headers });
    expect(bootstrap.json<{ config: { identity: { issuer: string } } }>().config.identity).toEqual(
      expect.objectContaining({ issuer: 'https://store.example.com/oidc' }),
    );
    const login = await app.inject({ url: '/auth/login?locale=en-gb', headers });
    expect(login.headers.location).toMatch(/^https:\/\/store\.example\.com\/oidc\/auth\?/);
    expect(String(login.headers['set-cookie'])).toMatch(/Secure/);
    const discovery = await app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers,
    });
    expect(discovery.json<{ authorization_endpoint: string }>().authorization_endpoint).toBe(
      'https://store.example.com/oidc/auth',
    );
  });

  it('is not a forwarded host the store was not configured for', async () => {
    const headers = {
      host: 'store-internal:8080',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const bootstrap = await app.inject({ url: '/api/bootstrap?locale=en-gb', headers });
    const { issuer } = bootstrap.json<{ config: { identity: { issuer: string } } }>().config
      .identity;
    expect(issuer).not.toContain('evil.example');
    const login = await app.inject({ url: '/auth/login?locale=en-gb', headers });
    expect(String(login.headers.location)).not.toContain('evil.example');
  });
});

describe('sign-in with PUBLIC_URL set', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const publicUrl = 'https://store.example.com';

  beforeAll(async () => {
    t = await pglite!.open();
    const warmUp = await buildTestApp(t.database, { publicUrl });
    await warmUp.close();
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, publicUrl);
    app = await buildTestApp(t.database, { publicUrl, identity });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('uses that address whatever Host the request came with', async () => {
    for (const host of ['127.0.0.1:8080', 'localhost:8080', 'evil.example']) {
      const bootstrap = await app.inject({ url: '/api/bootstrap?locale=en-gb', headers: { host } });
      expect(
        bootstrap.json<{ config: { identity: { issuer: string } } }>().config.identity.issuer,
      ).toBe(`${publicUrl}/oidc`);
      const login = await app.inject({ url: '/auth/login?locale=en-gb', headers: { host } });
      const location = new URL(login.headers.location ?? '');
      expect(location.origin).toBe(publicUrl);
      expect(location.searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/session/callback`);
      expect(String(login.headers['set-cookie'])).toMatch(/Secure/);
      const discovery = await app.inject({
        url: '/oidc/.well-known/openid-configuration',
        headers: { host },
      });
      expect(discovery.json<{ issuer: string; token_endpoint: string }>()).toMatchObject({
        issuer: `${publicUrl}/oidc`,
        token_endpoint: `${publicUrl}/oidc/token`,
      });
    }
  });
});
