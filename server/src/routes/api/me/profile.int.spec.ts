/**
 * The profile and preferences on PGlite and PostgreSQL (decision 055): each user reads and
 * changes only their own (the address names no user); bad input is a 400 with SPEC 5's
 * messages; a name change reaches the identity's record (the profile lookup); a password
 * change ends every other session and grant of the user but keeps the one it was made in;
 * the preferred language is the language of the mails the store sends the user.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../../domain/profile/profile';
import { PROFILES_READ_MODEL } from '../../../../../domain/profile/stream';
import { buildTestApp } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { freePort } from '../../../../../tests/support/free-port';
import { HttpSession } from '../../../../../tests/support/http-session';
import { IDENTITY_CHECK_SECONDS } from '../../../acting/identity-cache';
import { DEMO_USERS, seedDemoUsers } from '../../../auth/demo-users';
import { startIdentity } from '../../../auth/identity';
import { API_RESOURCE } from '../../../auth/provider';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { loadConfig } from '../../../config';

const dana = DEMO_USERS[0];

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.each(testDatabaseTargets())('the profile and preferences on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  let rp: client.Configuration;
  let danaId: string;
  let samCookie: string;
  let ahead = 0;

  beforeAll(async () => {
    t = await target.open();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const first = await buildTestApp(t.database, { publicUrl: origin });
    await first.close();
    await seedDemoUsers(t.database.db);
    danaId = (await findUserWithPassword(t.database.db, dana.email))?.id ?? '';
    const sam = await findUserWithPassword(t.database.db, 'sam.okafor@demo.example');
    if (!danaId || !sam) throw new Error('the demo users were not seeded');
    samCookie = `${SESSION_COOKIE}=${(await createWebSession(t.database.db, sam.id, null, new Date())).id}`;
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, origin);
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

  async function danaCookie(): Promise<string> {
    return `${SESSION_COOKIE}=${(await createWebSession(db(), danaId, null, new Date())).id}`;
  }

  function call(cookie: string, method: string, path: string, body?: unknown) {
    return fetch(`${origin}${path}`, {
      method,
      headers: {
        cookie,
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async function login(session: HttpSession, uid: string, password: string): Promise<Response> {
    return session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: dana.email, password }),
    });
  }

  /** Token mode: the browser's own sign-in, with an access token for the store's API. */
  async function tokensOfDana(password: string) {
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
    const answer = await login(session, page.url.searchParams.get('interaction') ?? '', password);
    expect(answer.status).toBe(200);
    const { redirectTo } = (await answer.json()) as { redirectTo: string };
    const back = await session.follow(redirectTo, (url) => url.pathname === '/auth/callback');
    return client.authorizationCodeGrant(rp, back.url, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  }

  /** Server-session mode: signed in through the store's own OpenID client. */
  async function serverSessionOfDana(password: string): Promise<HttpSession> {
    const session = new HttpSession(origin);
    const page = await session.follow('/auth/login?locale=en-gb&returnTo=/en-gb/cart', (u) =>
      u.pathname.endsWith('/login'),
    );
    const answer = await login(session, page.url.searchParams.get('interaction') ?? '', password);
    expect(answer.status).toBe(200);
    const { redirectTo } = (await answer.json()) as { redirectTo: string };
    await session.follow(redirectTo, (u) => u.pathname === '/en-gb/cart');
    expect(session.has(SESSION_COOKIE)).toBe(true);
    return session;
  }

  const withToken = (token: string, path = '/api/me/profile') =>
    fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('asks anonymous callers to sign in', async () => {
    for (const [method, path] of [
      ['GET', '/api/me/profile'],
      ['PUT', '/api/me/profile'],
      ['PUT', '/api/me/preferences'],
      ['POST', '/api/me/password'],
    ] as const) {
      const response = await call('', method, path, method === 'GET' ? undefined : {});
      expect(response.status, path).toBe(401);
    }
  });

  it('saves the names and phone as events, and the profile lookup gives the new names', async () => {
    const cookie = await danaCookie();
    const saved = await call(cookie, 'PUT', '/api/me/profile', {
      firstName: '  Dana-Marie ',
      lastName: "O'Reyes",
      phone: { country: 'gb', number: '020 7946 0000' },
    });
    expect(saved.status).toBe(200);
    const view = (await saved.json()) as ProfileView;
    expect(view).toMatchObject({
      firstName: 'Dana-Marie',
      lastName: "O'Reyes",
      email: dana.email,
      phone: { countryIso: 'GB', e164: '+442079460000' },
    });
    const lookup = await call(
      cookie,
      'GET',
      `/api/assessments/checkout/identityProfiles?userId=${danaId}`,
    );
    expect(await lookup.json()).toEqual({ givenName: 'Dana-Marie', familyName: "O'Reyes" });
    // The event and the read model, written together, name Dana as the actor and owner.
    const events = rowsOf<{ type: string; actor: string }>(
      await db().execute(sql`
        select type, metadata #>> '{actor,id}' as actor from events
         where stream_id = ${`profile:${danaId}`} order by version`),
    );
    expect(events).toEqual([{ type: 'ProfileDetailsChanged', actor: danaId }]);
    const docs = rowsOf<{ owner_id: string; first: string }>(
      await db().execute(sql`
        select owner_id, doc ->> 'firstName' as first from read_models
         where model = ${PROFILES_READ_MODEL} and stream_id = ${`profile:${danaId}`}`),
    );
    expect(docs).toEqual([{ owner_id: danaId, first: 'Dana-Marie' }]);
    // Saving the same again appends nothing.
    await call(cookie, 'PUT', '/api/me/profile', {
      firstName: 'Dana-Marie',
      lastName: "O'Reyes",
      phone: { country: 'GB', number: '+44 20 7946 0000' },
    });
    const count = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from events where stream_id = ${`profile:${danaId}`}`,
      ),
    );
    expect(count[0]?.n).toBe(1);
  });

  it('keeps each user’s profile their own', async () => {
    const sam = (await (await call(samCookie, 'GET', '/api/me/profile')).json()) as ProfileView;
    expect(sam.email).toBe('sam.okafor@demo.example');
    expect(sam.userId).not.toBe(danaId);
    // Sam's change is Sam's: Dana's names stay.
    const changed = await call(samCookie, 'PUT', '/api/me/preferences', {
      locale: 'nl-nl',
      orderEmails: false,
      marketingEmails: true,
    });
    expect(changed.status).toBe(200);
    const danaView = (await (
      await call(await danaCookie(), 'GET', '/api/me/profile')
    ).json()) as ProfileView;
    expect(danaView.preferences.locale).not.toBe('nl-nl');
    expect(danaView.firstName).toBe('Dana-Marie');
  });

  it('refuses bad input with SPEC 5’s messages', async () => {
    const cookie = await danaCookie();
    const bad = await call(cookie, 'PUT', '/api/me/profile', {
      firstName: 'D4na',
      lastName: 'x'.repeat(61),
      phone: { country: 'US', number: '020 7946 0000' },
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      error: { fields: { path: string; code: string; message: string }[] };
    };
    expect(body.error.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'firstName', message: 'Invalid name format.' }),
        expect.objectContaining({
          path: 'lastName',
          message: 'Last name must be at most 60 characters.',
        }),
        expect.objectContaining({ path: 'phone.number', code: 'validation.phone.invalid' }),
      ]),
    );
    const empty = await call(cookie, 'PUT', '/api/me/profile', {
      firstName: ' ',
      lastName: 'Reyes',
      phone: { country: 'US', number: '' },
    });
    expect(((await empty.json()) as typeof body).error.fields).toEqual([
      expect.objectContaining({ path: 'firstName', message: 'First name is required.' }),
    ]);
    const prefs = await call(cookie, 'PUT', '/api/me/preferences', {
      locale: 'xx-yy',
      orderEmails: 'yes',
      marketingEmails: false,
    });
    expect(prefs.status).toBe(400);
    const weak = await call(cookie, 'POST', '/api/me/password', {
      currentPassword: dana.password,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as typeof body).error.fields).toEqual([
      expect.objectContaining({
        path: 'newPassword',
        message: 'New password must be at least 10 characters.',
      }),
    ]);
    const noCapitals = await call(cookie, 'POST', '/api/me/password', {
      currentPassword: dana.password,
      newPassword: 'all-lowercase-words',
    });
    expect(((await noCapitals.json()) as typeof body).error.fields).toEqual([
      expect.objectContaining({
        message: 'New password must contain at least 2 capital letters or numeric values.',
      }),
    ]);
    const wrong = await call(cookie, 'POST', '/api/me/password', {
      currentPassword: 'Not-The-Password-1',
      newPassword: 'Another-Good-Pass-26',
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as typeof body).error.fields).toEqual([
      expect.objectContaining({
        path: 'currentPassword',
        message: 'The current password is not correct.',
      }),
    ]);
  });

  it('ends every other session and grant on a password change, and keeps this one', async () => {
    const other = await tokensOfDana(dana.password);
    const otherServer = await serverSessionOfDana(dana.password);
    const otherCookie = await danaCookie();
    const mine = await tokensOfDana(dana.password);
    expect((await withToken(other.access_token)).status).toBe(200);
    expect((await otherServer.request('/api/me/profile')).status).toBe(200);

    const changed = await fetch(`${origin}/api/me/password`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${mine.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        currentPassword: dana.password,
        newPassword: 'Fresh-Clinician-2027',
      }),
    });
    expect(changed.status).toBe(204);
    // The other sessions end at once; the other token's refresh never works again, its
    // access token stops within the identity check's bound.
    expect((await call(otherCookie, 'GET', '/api/me/profile')).status).toBe(401);
    expect((await otherServer.request('/api/me/profile')).status).toBe(401);
    await expect(client.refreshTokenGrant(rp, other.refresh_token ?? '')).rejects.toThrow();
    ahead += IDENTITY_CHECK_SECONDS * 1000;
    expect((await withToken(other.access_token)).status).toBe(401);
    // This one goes on, and refreshes.
    expect((await withToken(mine.access_token)).status).toBe(200);
    const refreshed = await client.refreshTokenGrant(rp, mine.refresh_token ?? '');
    expect((await withToken(refreshed.access_token)).status).toBe(200);
    // The old password no longer signs in; the new one does.
    const session = new HttpSession(origin);
    const page = await session.follow('/auth/login?locale=en-gb&returnTo=/en-gb/cart', (u) =>
      u.pathname.endsWith('/login'),
    );
    const old = await login(session, page.url.searchParams.get('interaction') ?? '', dana.password);
    expect(old.status).not.toBe(200);
    const renewed = await serverSessionOfDana('Fresh-Clinician-2027');
    expect((await renewed.request('/api/me/profile')).status).toBe(200);
  });

  it('keeps the session a password is changed in (server-session mode)', async () => {
    const here = await serverSessionOfDana('Fresh-Clinician-2027');
    const elsewhere = await danaCookie();
    const changed = await here.request('/api/me/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        currentPassword: 'Fresh-Clinician-2027',
        newPassword: dana.password,
      }),
    });
    expect(changed.status).toBe(204);
    expect((await here.request('/api/me/profile')).status).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/me/profile')).status).toBe(401);
  });
});
