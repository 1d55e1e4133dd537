/**
 * Key rotation (decision 034) on PGlite and PostgreSQL: a buyer signed in before a rotation
 * stays signed in after it (the access token, a refresh, the store's session, the provider's
 * session, the store's signed cookies), tokens after it carry the new key's id, the JWKS
 * publishes both keys until the old one's tokens have expired, another instance picks the
 * rotation up, and the provider's and the store's cookies use keys of their own; keys made
 * before rotation existed (one shared cookie key) carry over.
 */
import { randomUUID } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import {
  codeAfter,
  InjectBrowser,
  postLogin,
  startSignIn,
} from '../../../tests/support/inject-browser';
import { loadConfig } from '../config';
import { migrate, readMigrations } from '../db/migrate';
import { oidcKeys } from '../db/schema';
import { seedIfEmpty } from '../db/seed';
import { VISITOR_COOKIE } from '../streams/routes';
import { DEMO_USERS, seedDemoUsers } from './demo-users';
import { startIdentity, type Identity } from './identity';
import { KEPT_AFTER_RETIREMENT_MS, KEY_POLL_MS, KeyRing, listKeys, rotateKeys } from './keys';
import { API_RESOURCE } from './provider';
import { SESSION_COOKIE } from './web-sessions';

const dana = DEMO_USERS[0];

interface Tokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly id_token: string;
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const origin = { origin: TEST_PUBLIC_URL };

describe.each(testDatabaseTargets())('key rotation on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let identity: Identity;

  beforeAll(async () => {
    t = await target.open();
    // Migrations run in buildTestApp; identity needs its tables, so build once first.
    await (await buildTestApp(t.database)).close();
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    identity = await startIdentity(t.database.db, loadConfig({}).identity, TEST_PUBLIC_URL);
    app = await buildTestApp(t.database, { identity });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  async function tokensFor(browser: InjectBrowser, code: string, verifier: string) {
    const response = await browser.request('/oidc/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${TEST_PUBLIC_URL}/auth/callback`,
        client_id: 'storefront',
        code_verifier: verifier,
        resource: API_RESOURCE,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Tokens>();
  }

  const authorization = {
    scope: 'openid profile email user_id api offline_access',
    resource: API_RESOURCE,
  };

  /** Signs Dana in as the browser app does: PKCE, then the code for tokens. */
  async function signIn(browser: InjectBrowser): Promise<Tokens> {
    const started = await startSignIn(browser, authorization);
    const login = await postLogin(browser, started.uid, dana.email, dana.password, origin);
    expect(login.statusCode, login.body).toBe(200);
    const code = await codeAfter(browser, login.json<{ redirectTo: string }>().redirectTo);
    return tokensFor(browser, code, started.verifier);
  }

  async function refresh(browser: InjectBrowser, refreshToken: string): Promise<Tokens> {
    const response = await browser.request('/oidc/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'storefront',
        resource: API_RESOURCE,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Tokens>();
  }

  const me = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/store/customer/current', headers });

  async function publishedKids(): Promise<string[]> {
    const response = await app.inject({ method: 'GET', url: '/oidc/jwks' });
    expect(response.statusCode).toBe(200);
    const keys = response.json<{ keys: { kid: string; d?: string }[] }>().keys;
    for (const key of keys) expect(key.d).toBeUndefined();
    return keys.map((k) => k.kid);
  }

  it('keeps everyone signed in across a rotation, and signs with the new key after it', async () => {
    // Another instance of the store on the same database, started before the rotation.
    const other = await startIdentity(t.database.db, loadConfig({}).identity, TEST_PUBLIC_URL);

    const browser = new InjectBrowser(app);
    const before = await signIn(browser);
    const oldKid = kidOf(before.access_token);
    expect(kidOf(before.id_token)).toBe(oldKid);

    // The store's session from the access token, and the store's signed cookies.
    const opened = await browser.request('/auth/session', {
      method: 'POST',
      headers: { authorization: `Bearer ${before.access_token}`, ...origin },
    });
    expect(opened.statusCode, opened.body).toBe(204);
    expect(browser.has(SESSION_COOKIE)).toBe(true);
    const login = await browser.request('/auth/login?returnTo=/en-gb/');
    expect(login.statusCode).toBe(303);
    expect(browser.has('store_auth_tx')).toBe(true);
    const cartId = randomUUID();
    const visitor = new InjectBrowser(app);
    const commandId = randomUUID();
    const added = await visitor.request(`/api/carts/${cartId}/commands?locale=en-us`, {
      body: {
        clientId: `client-${randomUUID()}`,
        seq: 1,
        commandId,
        expectedVersion: 0,
        command: {
          type: 'AddItem',
          data: { code: 'WRI3-KIT', quantity: 1 },
          metadata: { commandId, now: '2020-01-01T00:00:00.000Z' },
        },
      },
      headers: origin,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(visitor.has(VISITOR_COOKIE)).toBe(true);

    // `npm run keys -- rotate`, from another process; this store reads it on its next poll.
    const rotation = await rotateKeys(t.database.db);
    expect(rotation.added.map((k) => k.purpose).sort()).toEqual([
      'provider-cookies',
      'signing',
      'store-cookies',
    ]);
    expect(rotation.retired.map((k) => k.id)).toContain(`signing:${oldKid}`);
    expect(await identity.keys.refresh()).toBe(true);
    const newKid = rotation.added.find((k) => k.purpose === 'signing')?.id.slice('signing:'.length);

    // The JWKS publishes both keys; the old access token still calls the API.
    expect((await publishedKids()).sort()).toEqual([newKid, oldKid].sort());
    expect((await me({ authorization: `Bearer ${before.access_token}` })).statusCode).toBe(200);
    // The store's session (opened before) still answers.
    const bySession = await browser.request('/store/customer/current');
    expect(bySession.statusCode, bySession.body).toBe(200);
    // The auth transaction cookie, signed before, is still accepted by the callback: it gets
    // past the state check (to the provider's error, not the store's state error).
    const callback = await browser.request('/auth/session/callback?error=access_denied');
    expect(callback.statusCode).toBe(303);
    expect(String(callback.headers.location)).toBe('/en-gb/');
    // The visitor still owns their cart, and their cookie is signed again with the new key.
    const cart = await visitor.request(`/api/carts/${cartId}`);
    expect(cart.statusCode, cart.body).toBe(200);
    const resigned = cart.cookies.find((c) => c.name === VISITOR_COOKIE)?.value ?? '';
    expect(identity.cookieSigner.unsign(resigned)).toMatchObject({ valid: true, renew: false });
    expect((await visitor.request(`/api/carts/${cartId}`)).statusCode).toBe(200);

    // A refresh works, and its tokens carry the new key's id.
    const after = await refresh(browser, before.refresh_token);
    expect(kidOf(after.access_token)).toBe(newKid);
    expect(kidOf(after.id_token)).toBe(newKid);
    expect((await me({ authorization: `Bearer ${after.access_token}` })).statusCode).toBe(200);
    // The provider's own session (its cookies, signed with its old key) signs in again
    // without the password: straight back with a code.
    const again = await browser.request(
      `/oidc/auth?${new URLSearchParams({
        client_id: 'storefront',
        response_type: 'code',
        redirect_uri: `${TEST_PUBLIC_URL}/auth/callback`,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSmtxrZE',
        code_challenge_method: 'S256',
        state: 'state-after-rotation',
        ...authorization,
      }).toString()}`,
    );
    expect(String(again.headers.location)).toMatch(/^\/oidc\/auth\/|\/auth\/callback\?code=/);
    const code = await codeAfter(browser, String(again.headers.location));
    expect(code).not.toBe('');

    // The other instance has not read the keys yet: a token with the new key makes it read
    // them at once, and it accepts the old one too.
    expect(await other.verifyToken(after.access_token)).toBeDefined();
    expect(await other.verifyToken(before.access_token)).toBeDefined();
  });

  it('drops a retired signing key once its tokens have expired', async () => {
    const browser = new InjectBrowser(app);
    await identity.keys.refresh();
    const tokens = await signIn(browser);
    const kid = kidOf(tokens.access_token);
    const now = new Date();
    await rotateKeys(t.database.db, now);
    await identity.keys.refresh();
    expect(await publishedKids()).toContain(kid);

    // Past the longest token life (and the poll): the next rotation removes it.
    const later = new Date(now.getTime() + KEPT_AFTER_RETIREMENT_MS.signing + 1000);
    const rotation = await rotateKeys(t.database.db, later);
    expect(rotation.dropped).toContain(`signing:${kid}`);
    await identity.keys.refresh();
    expect(await publishedKids()).not.toContain(kid);
    expect(await identity.verifyToken(tokens.access_token)).toBeUndefined();
    // The cookie keys retired at the same time are kept for the cookies' life.
    const listed = await listKeys(t.database.db, later);
    expect(
      listed.filter((k) => k.purpose === 'provider-cookies' && k.state === 'retired').length,
    ).toBeGreaterThan(0);
  });

  it('keeps separate keys for the provider and the store, never listing their material', async () => {
    const keys = identity.keys.current();
    expect(keys.cookieKeys[0]).toBeDefined();
    expect(keys.storeCookieKeys[0]).toBeDefined();
    expect(keys.cookieKeys[0]).not.toBe(keys.storeCookieKeys[0]);
    expect(keys.cookieKeys).not.toContain(keys.storeCookieKeys[0]);
    const listed = await listKeys(t.database.db);
    expect(listed.map((k) => k.purpose)).toEqual(
      expect.arrayContaining(['signing', 'provider-cookies', 'store-cookies']),
    );
    const text = JSON.stringify(listed);
    for (const key of [...keys.cookieKeys, ...keys.storeCookieKeys]) {
      expect(text).not.toContain(key);
    }
    for (const purpose of ['signing', 'provider-cookies', 'store-cookies']) {
      expect(listed.filter((k) => k.purpose === purpose && k.state === 'current')).toHaveLength(1);
    }
  });

  it('reads a rotation made elsewhere within a minute of it', async () => {
    let now = Date.now();
    const ring = await KeyRing.open(t.database.db, {}, { now: () => now });
    const before = ring.current().signingKeys[0]?.kid;
    const rotation = await rotateKeys(t.database.db);
    const newKid = rotation.added.find((k) => k.purpose === 'signing')?.id;
    expect(ring.current().signingKeys[0]?.kid).toBe(before);
    now += KEY_POLL_MS;
    ring.current();
    await expect.poll(() => `signing:${ring.current().signingKeys[0]?.kid}`).toBe(newKid);
    expect(ring.current().signingKeys.map((k) => k.kid)).toContain(before);
    const rows = await t.database.db.select().from(oidcKeys).orderBy(asc(oidcKeys.createdAt));
    expect(rows.filter((r) => r.retiredAt === null && r.purpose !== 'client-secret')).toHaveLength(
      3,
    );
  });
});

describe.each(testDatabaseTargets())('keys made before rotation, on $kind', (target) => {
  it('keeps the signing key and accepts cookies signed with the shared cookie key', async () => {
    const t = await target.open({ empty: true });
    try {
      // The store as it was: one signing key and one cookie key for provider and store.
      const all = await readMigrations();
      await migrate(
        t.database,
        all.filter((m) => m.id < '015'),
      );
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const signing = {
        ...(await exportJWK(privateKey)),
        alg: 'RS256',
        use: 'sig',
        kid: 'old-kid',
      };
      const shared = 'the-shared-cookie-key';
      await t.database.transaction((s) =>
        s.rows(
          `insert into oidc_keys (purpose, material) values
             ('signing', $1::jsonb), ('cookies', $2::jsonb), ('client-secret', '"the-secret"')`,
          [JSON.stringify([signing]), JSON.stringify([shared])],
        ),
      );
      const cookie = new Signer(shared).sign('visitor-id');

      await migrate(t.database, all);
      const ring = await KeyRing.open(t.database.db, {});
      const keys = ring.current();
      expect(keys.signingKeys.map((k) => k.kid)).toEqual(['old-kid']);
      expect(keys.serverClientSecret).toBe('the-secret');
      // Each purpose has a new key of its own in front, and still verifies the shared one.
      expect(keys.cookieKeys).toHaveLength(2);
      expect(keys.cookieKeys[1]).toBe(shared);
      expect(keys.storeCookieKeys).toHaveLength(2);
      expect(keys.storeCookieKeys[1]).toBe(shared);
      expect(keys.cookieKeys[0]).not.toBe(keys.storeCookieKeys[0]);
      expect(new Signer(keys.storeCookieKeys).unsign(cookie)).toEqual({
        valid: true,
        renew: true,
        value: 'visitor-id',
      });
    } finally {
      await t.dispose();
    }
  });
});
