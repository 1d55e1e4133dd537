/**
 * The server-session sign-in mode end to end over HTTP: sign-in through the app's own
 * interaction endpoints, the session cookie, the SPEC 7.2 session calls, logout, the state
 * check, guessing refused after ten wrong passwords, and logs free of secrets.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../tests/support/databases';
import { freePort } from '../../../../tests/support/free-port';
import { HttpSession } from '../../../../tests/support/http-session';
import { DEMO_USERS, seedDemoUsers } from '../../auth/demo-users';
import { startIdentity } from '../../auth/identity';
import { loadConfig } from '../../config';

const [pglite] = testDatabaseTargets();
const [dana, sam] = DEMO_USERS;

describe('server-session sign-in', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await pglite!.open();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const first = await buildTestApp(t.database, { publicUrl: origin });
    await first.close();
    await seedDemoUsers(t.database.db);
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, origin);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    app = await buildTestApp(t.database, {
      publicUrl: origin,
      identity,
      logger: {
        level: 'info',
        stream,
        redact: ['req.headers.authorization', 'req.headers.cookie'],
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  async function toLoginPage(session: HttpSession, returnTo = '/en-gb/cart') {
    const { url } = await session.follow(
      `/auth/login?locale=en-gb&returnTo=${encodeURIComponent(returnTo)}`,
      (u) => u.pathname === '/en-gb/login',
    );
    expect(url.pathname).toBe('/en-gb/login');
    return url.searchParams.get('interaction') ?? '';
  }

  async function signIn(session: HttpSession, email: string, password: string) {
    const uid = await toLoginPage(session);
    return session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  }

  it('signs in, answers the session calls, and signs out', async () => {
    const session = new HttpSession(origin);
    expect((await session.request('/store/customer/current')).status).toBe(401);
    expect(await (await session.request('/api/assessments/checkout/session')).text()).toBe('false');

    const login = await signIn(session, dana.email, dana.password);
    expect(login.status).toBe(200);
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    const back = await session.follow(redirectTo, (u) => u.pathname === '/en-gb/cart');
    expect(back.url.pathname).toBe('/en-gb/cart');
    expect(session.has('store_session')).toBe(true);

    const me = await session.request('/store/customer/current');
    expect(me.status).toBe(200);
    const user = (await me.json()) as {
      id: string;
      firstName: string;
      registrationCountryIso: string;
    };
    expect(user).toMatchObject({
      firstName: 'Dana',
      lastName: 'Reyes',
      registrationCountryIso: 'US',
    });
    expect(await (await session.request('/api/assessments/checkout/session')).text()).toBe('true');
    const profile = await session.request(
      `/api/assessments/checkout/identityProfiles?userId=${user.id}`,
    );
    expect(await profile.json()).toEqual({ givenName: 'Dana', familyName: 'Reyes' });
    const someoneElse = await session.request(
      '/api/assessments/checkout/identityProfiles?userId=00000000-0000-4000-8000-000000000000',
    );
    expect(someoneElse.status).toBe(403);
    expect(await (await session.request('/api/assessments/checkout/routingRegion')).json()).toEqual(
      {
        routingRegion: 'US',
      },
    );

    expect((await session.request('/auth/logout', { method: 'POST' })).status).toBe(204);
    expect((await session.request('/store/customer/current')).status).toBe(401);
  });

  it('sends the visitor back to sign-in when the state does not match', async () => {
    const session = new HttpSession(origin);
    await toLoginPage(session);
    const stranger = await fetch(`${origin}/auth/session/callback?code=abc&state=def`, {
      redirect: 'manual',
    });
    expect(stranger.headers.get('location')).toBe('/en-us/login?error=state');
  });

  it('refuses a wrong password with the same answer as an unknown account', async () => {
    const wrong = await signIn(new HttpSession(origin), dana.email, 'Not-The-Password-1');
    const unknown = await signIn(
      new HttpSession(origin),
      'nobody@demo.example',
      'Not-The-Password-1',
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      'The email address or password is not correct.',
    );
  });

  it('refuses the account after ten wrong passwords in a row, even the right one', async () => {
    const session = new HttpSession(origin);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await signIn(session, sam.email, `Wrong-Password-${i}`)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await signIn(session, sam.email, sam.password);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { message: string } }).error.message).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
  }, 60_000);

  it('never writes a password, a token, a code or a cookie to the log', () => {
    const text = logs.join('');
    expect(text).toContain('/auth/session/callback');
    for (const secret of [dana.password, sam.password, 'Wrong-Password-3']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/[?&]code=(?!%5Bredacted%5D)/);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./); // no JWT
    expect(text).not.toContain('store_session=');
  });
});
