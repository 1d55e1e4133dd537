/**
 * How long a store session lives, on PGlite and PostgreSQL (decision 031): one session per
 * access token, bound to the OpenID grant it came from and ended with it; and the idle
 * expiry of SPEC 4.4 (1800 s without the buyer's activity, as the session check reports it;
 * checks made in the background do not count). Idle time is made by back-dating rows.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../tests/support/databases';
import { freePort } from '../../../../tests/support/free-port';
import { HttpSession } from '../../../../tests/support/http-session';
import { DEMO_USERS, seedDemoUsers } from '../../auth/demo-users';
import { startIdentity, type Identity } from '../../auth/identity';
import { rotateKeys } from '../../auth/keys';
import { API_RESOURCE } from '../../auth/provider';
import { findUserWithPassword } from '../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../auth/web-sessions';
import { loadConfig } from '../../config';
import { webSessions } from '../../db/schema';
import { IDENTITY_CHECK_SECONDS } from '../../acting/identity-cache';
import { ACTIVITY_HEADER } from '../store/customer';

const dana = DEMO_USERS[0];

describe.each(testDatabaseTargets())('store session lifetime on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  let identity: Identity;
  let rp: client.Configuration;
  let danaId: string;
  /** How far the store's identity checks run ahead of the real clock (the tests move it). */
  let ahead = 0;

  beforeAll(async () => {
    t = await target.open();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const first = await buildTestApp(t.database, { publicUrl: origin });
    await first.close();
    await seedDemoUsers(t.database.db);
    danaId = (await findUserWithPassword(t.database.db, dana.email))?.id ?? '';
    identity = await startIdentity(t.database.db, loadConfig({}).identity, origin);
    app = await buildTestApp(t.database, {
      publicUrl: origin,
      identity,
      clock: () => Date.now() + ahead,
    });
    await app.listen({ port, host: '127.0.0.1' });
    rp = await client.discovery(new URL(`${origin}/oidc`), 'storefront', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const db = () => t.database.db;

  async function login(session: HttpSession, uid: string): Promise<string> {
    const response = await session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: dana.email, password: dana.password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { redirectTo: string }).redirectTo;
  }

  /** Token mode: the browser's own sign-in, with an access token for the store's API. */
  async function tokensOfDana(): Promise<{ access_token: string; refresh_token?: string }> {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const session = new HttpSession(origin);
    const start = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${origin}/auth/callback`,
      scope: 'openid profile email user_id api offline_access',
      resource: API_RESOURCE,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      ui_locales: 'en-gb',
    });
    const page = await session.follow(start.href, (url) => url.pathname.endsWith('/login'));
    const redirectTo = await login(session, page.url.searchParams.get('interaction') ?? '');
    const back = await session.follow(redirectTo, (url) => url.pathname === '/auth/callback');
    return client.authorizationCodeGrant(rp, back.url, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  }

  /** Server-session mode: signed in through the store's own OpenID client. */
  async function serverSessionOfDana(): Promise<HttpSession> {
    const session = new HttpSession(origin);
    const page = await session.follow('/auth/login?locale=en-gb&returnTo=/en-gb/cart', (u) =>
      u.pathname.endsWith('/login'),
    );
    const redirectTo = await login(session, page.url.searchParams.get('interaction') ?? '');
    await session.follow(redirectTo, (u) => u.pathname === '/en-gb/cart');
    expect(session.has(SESSION_COOKIE)).toBe(true);
    return session;
  }

  const openSession = (token: string) =>
    fetch(`${origin}/auth/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin },
    });

  const sessionCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';', 1)[0];

  const countSessions = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(webSessions)
        .where(eq(webSessions.userId, danaId))
    )[0]?.n ?? 0;

  const check = (cookie: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}/store/customer/current`, { headers: { cookie, ...headers } });

  it('gives one session per access token, and the same one on every call', async () => {
    const tokens = await tokensOfDana();
    const before = await countSessions();
    const first = await openSession(tokens.access_token);
    const second = await openSession(tokens.access_token);
    expect(first.status).toBe(204);
    expect(second.status).toBe(204);
    const cookie = sessionCookieOf(first);
    expect(cookie).toBeDefined();
    expect(sessionCookieOf(second)).toBe(cookie);
    expect(await countSessions()).toBe(before + 1);
    expect((await check(cookie ?? '')).status).toBe(200);

    // A rotation of the store's keys (npm run keys -- rotate) gives the token no second session.
    await rotateKeys(db());
    await identity.keys.refresh();
    const afterRotation = await openSession(tokens.access_token);
    expect(afterRotation.status).toBe(204);
    expect(sessionCookieOf(afterRotation)).toBe(cookie);
    expect(await countSessions()).toBe(before + 1);

    // Another token (another sign-in) opens another session.
    const other = await openSession((await tokensOfDana()).access_token);
    expect(other.status).toBe(204);
    expect(sessionCookieOf(other)).not.toBe(cookie);
    expect(await countSessions()).toBe(before + 2);
  });

  it('ends a token’s session when its refresh token is revoked, and the token opens no other', async () => {
    const tokens = await tokensOfDana();
    const opened = await openSession(tokens.access_token);
    const cookie = sessionCookieOf(opened) ?? '';
    expect((await check(cookie)).status).toBe(200);

    await client.tokenRevocation(rp, tokens.refresh_token ?? '', {
      token_type_hint: 'refresh_token',
    });
    expect((await check(cookie)).status).toBe(401);
    // The access token itself is still a valid JWT until it expires...
    expect(await identity.verifyToken(tokens.access_token)).toBe(danaId);
    // ...but its grant is gone: no session for it, old or new.
    const again = await openSession(tokens.access_token);
    expect(again.status).toBe(401);
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('does not open a session again with the token of a session that was logged out', async () => {
    const tokens = await tokensOfDana();
    const cookie = sessionCookieOf(await openSession(tokens.access_token)) ?? '';
    const logout = await fetch(`${origin}/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin },
    });
    expect(logout.status).toBe(204);
    expect((await check(cookie)).status).toBe(401);
    expect((await openSession(tokens.access_token)).status).toBe(401);
  });

  it('ends a server-session sign-in when its refresh token’s grant is revoked', async () => {
    const session = await serverSessionOfDana();
    expect((await session.request('/store/customer/current')).status).toBe(200);
    const [row] = await db()
      .select({ refreshToken: webSessions.refreshToken, grantId: webSessions.grantId })
      .from(webSessions)
      .where(sql`${webSessions.userId} = ${danaId} and ${webSessions.refreshToken} is not null`)
      .orderBy(sql`${webSessions.createdAt} desc`)
      .limit(1);
    expect(row?.grantId).toEqual(expect.any(String));
    // Revoked elsewhere (another device's sign-out, an operator): the store session ends too.
    await client.tokenRevocation(
      await identity.serverClient(app, origin),
      row?.refreshToken ?? '',
      {
        token_type_hint: 'refresh_token',
      },
    );
    expect((await session.request('/store/customer/current')).status).toBe(401);
    expect(await (await session.request('/api/assessments/checkout/session')).text()).toBe('false');
  });

  async function freshSession(): Promise<{ cookie: string }> {
    const created = await createWebSession(db(), danaId, null, new Date());
    return { cookie: `${SESSION_COOKIE}=${created.id}` };
  }

  /** The row of the session in a `cookie` header (only the id's SHA-256 is stored). */
  const rowOf = (cookie: string) =>
    eq(
      webSessions.idHash,
      createHash('sha256')
        .update(cookie.split('=', 2)[1] ?? '')
        .digest('base64url'),
    );

  /** Moves the session's last activity back by `seconds`. */
  async function idleFor(cookie: string, seconds: number): Promise<void> {
    await db()
      .update(webSessions)
      .set({ lastSeenAt: new Date(Date.now() - seconds * 1000) })
      .where(rowOf(cookie));
  }

  async function lastActivityAgo(cookie: string): Promise<number> {
    const [row] = await db()
      .select({ at: webSessions.lastSeenAt })
      .from(webSessions)
      .where(rowOf(cookie));
    return (Date.now() - (row?.at.getTime() ?? 0)) / 1000;
  }

  async function endedAt(cookie: string): Promise<Date | null | undefined> {
    const [row] = await db()
      .select({ at: webSessions.endedAt })
      .from(webSessions)
      .where(rowOf(cookie));
    return row?.at;
  }

  it('answers 401 for a session idle for 1800 s, and ends it', async () => {
    const { cookie } = await freshSession();
    await idleFor(cookie, 1800);
    expect((await check(cookie)).status).toBe(401);
    expect(await endedAt(cookie)).toBeInstanceOf(Date);
    // Activity reported now does not bring it back.
    await idleFor(cookie, 0);
    expect((await check(cookie, { [ACTIVITY_HEADER]: '0' })).status).toBe(401);
    const address = await fetch(`${origin}/api/me/addresses`, { headers: { cookie } });
    expect(address.status).toBe(401);
  });

  it('keeps a session idle for 1799 s', async () => {
    const { cookie } = await freshSession();
    await idleFor(cookie, 1799);
    expect((await check(cookie)).status).toBe(200);
  });

  it('counts only the activity the session check reports, not background calls', async () => {
    const { cookie } = await freshSession();
    await idleFor(cookie, 1700);
    // Background: a check without the activity header, and other calls with the cookie.
    expect((await check(cookie)).status).toBe(200);
    expect((await fetch(`${origin}/api/me/addresses`, { headers: { cookie } })).status).toBe(200);
    expect(
      await (
        await fetch(`${origin}/api/assessments/checkout/session`, { headers: { cookie } })
      ).text(),
    ).toBe('true');
    expect(await lastActivityAgo(cookie)).toBeGreaterThanOrEqual(1700);

    // The buyer was active 600 s ago (reported late, as the browser batches its checks).
    expect((await check(cookie, { [ACTIVITY_HEADER]: String(600_000) })).status).toBe(200);
    const ago = await lastActivityAgo(cookie);
    expect(ago).toBeGreaterThanOrEqual(600);
    expect(ago).toBeLessThan(660);
    // An older report never moves the activity back.
    expect((await check(cookie, { [ACTIVITY_HEADER]: String(1_000_000) })).status).toBe(200);
    expect(await lastActivityAgo(cookie)).toBeLessThan(660);

    // Activity just now: a fresh 1800 s.
    expect((await check(cookie, { [ACTIVITY_HEADER]: '0' })).status).toBe(200);
    expect(await lastActivityAgo(cookie)).toBeLessThan(60);
  });

  it('ignores an activity report that is not a number of milliseconds', async () => {
    const { cookie } = await freshSession();
    await idleFor(cookie, 1000);
    for (const value of ['-5', 'soon', '1e3', '99999999999', '']) {
      expect((await check(cookie, { [ACTIVITY_HEADER]: value })).status).toBe(200);
    }
    expect(await lastActivityAgo(cookie)).toBeGreaterThanOrEqual(1000);
  });

  it('keeps a token-mode session alive with the activity the check reports with the token', async () => {
    const tokens = await tokensOfDana();
    const cookie = sessionCookieOf(await openSession(tokens.access_token)) ?? '';
    await idleFor(cookie, 1700);
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    expect((await check(cookie, { ...bearer, [ACTIVITY_HEADER]: '0' })).status).toBe(200);
    expect(await lastActivityAgo(cookie)).toBeLessThan(60);
  });

  /** A call of the store's API with the access token. */
  const withToken = (token: string) =>
    fetch(`${origin}/api/carts/current?locale=en-gb`, {
      headers: { authorization: `Bearer ${token}` },
    });

  /** Moves the store's clock past the identity check's bound. */
  const pastTheBound = () => {
    ahead += IDENTITY_CHECK_SECONDS * 1000;
  };

  it('stops an access token within the stated bound once its grant is revoked by a sign-out', async () => {
    const tokens = await tokensOfDana();
    expect((await withToken(tokens.access_token)).status).toBe(200);
    await client.tokenRevocation(rp, tokens.refresh_token ?? '', {
      token_type_hint: 'refresh_token',
    });
    // Still a valid JWT for up to 15 minutes; the store takes it no longer than the bound.
    expect(await identity.verifyToken(tokens.access_token)).toBe(danaId);
    pastTheBound();
    expect((await withToken(tokens.access_token)).status).toBe(401);
  });

  it('stops the access tokens of a grant whose refresh token was used twice, within the bound', async () => {
    const tokens = await tokensOfDana();
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token ?? '');
    expect((await withToken(refreshed.access_token)).status).toBe(200);
    // The old refresh token again: reuse, so the provider revokes the whole grant.
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token ?? '')).rejects.toThrow();
    pastTheBound();
    expect((await withToken(tokens.access_token)).status).toBe(401);
    expect((await withToken(refreshed.access_token)).status).toBe(401);
  });

  it('ends every session of the buyer, and every grant, from the account (sign out everywhere)', async () => {
    const tokens = await tokensOfDana();
    const tokenSession = sessionCookieOf(await openSession(tokens.access_token)) ?? '';
    const server = await serverSessionOfDana();
    const { cookie } = await freshSession();
    expect((await check(tokenSession)).status).toBe(200);
    expect((await server.request('/store/customer/current')).status).toBe(200);

    const ended = await fetch(`${origin}/api/me/sessions/end`, {
      method: 'POST',
      headers: { cookie, origin },
    });
    expect(ended.status).toBe(204);
    // On this instance, at once: the sessions; the tokens within the bound; refresh never.
    expect((await check(cookie)).status).toBe(401);
    expect((await check(tokenSession)).status).toBe(401);
    expect((await server.request('/store/customer/current')).status).toBe(401);
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token ?? '')).rejects.toThrow();
    pastTheBound();
    expect((await withToken(tokens.access_token)).status).toBe(401);
    // Signing in again works as before.
    const again = await tokensOfDana();
    expect((await withToken(again.access_token)).status).toBe(200);
  });
});
