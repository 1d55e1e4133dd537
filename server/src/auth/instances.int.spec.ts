/**
 * A second server instance on the same database (or the same one after a restart) keeps
 * everyone signed in: the session cookie and the access tokens of one are good on the other.
 */
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../tests/support/app';
import {
  postgresUrl,
  testDatabaseTargets,
  type TestDatabase,
} from '../../../tests/support/databases';
import { freePort } from '../../../tests/support/free-port';
import { HttpSession } from '../../../tests/support/http-session';
import { loadConfig } from '../config';
import { DEMO_USERS, seedDemoUsers } from './demo-users';
import { startIdentity } from './identity';

// Two instances need a database both can reach: PostgreSQL, or PGlite inside one process.
const target = postgresUrl() ? testDatabaseTargets()[1] : testDatabaseTargets()[0];
const dana = DEMO_USERS[0];

describe('two instances of the store on one database', () => {
  let t: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let origin: string;
  let secondOrigin: string;

  beforeAll(async () => {
    t = await target!.open();
    const [portA, portB] = [await freePort(), await freePort()];
    origin = `http://localhost:${portA}`;
    secondOrigin = `http://localhost:${portB}`;
    const warmUp = await buildTestApp(t.database, { publicUrl: origin });
    await warmUp.close();
    await seedDemoUsers(t.database.db);
    const config = loadConfig({}).identity;
    // Both instances serve the same public address (as behind a load balancer).
    first = await buildTestApp(t.database, {
      publicUrl: origin,
      identity: await startIdentity(t.database.db, config, origin),
    });
    second = await buildTestApp(t.database, {
      publicUrl: origin,
      identity: await startIdentity(t.database.db, config, origin),
    });
    await first.listen({ port: portA, host: '127.0.0.1' });
    await second.listen({ port: portB, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    await t.dispose();
  });

  it('accepts on the second instance the session the first one opened', async () => {
    const session = new HttpSession(origin);
    const { url } = await session.follow('/auth/login?locale=en-gb&returnTo=%2Fen-gb%2F', (u) =>
      u.pathname.endsWith('/login'),
    );
    const uid = url.searchParams.get('interaction') ?? '';
    const login = await session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: dana.email, password: dana.password }),
    });
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    await session.follow(redirectTo, (u) => u.pathname === '/en-gb/');
    const cookie = (await session.request('/store/customer/current')).status;
    expect(cookie).toBe(200);

    // The same cookie, sent to the other instance.
    const elsewhere = session.sameCookiesAt(secondOrigin);
    expect((await elsewhere.request('/store/customer/current')).status).toBe(200);
  });

  it('verifies on the second instance an access token issued by the first', async () => {
    const rp = await client.discovery(
      new URL(`${origin}/oidc`),
      'storefront',
      undefined,
      client.None(),
      {
        execute: [client.allowInsecureRequests],
      },
    );
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const session = new HttpSession(origin);
    const start = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${origin}/auth/callback`,
      scope: 'openid api',
      resource: 'urn:assessments-store:api',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const page = await session.follow(start.href, (u) => u.pathname.endsWith('/login'));
    const uid = page.url.searchParams.get('interaction') ?? '';
    const login = await session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: dana.email, password: dana.password }),
    });
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    const back = await session.follow(redirectTo, (u) => u.pathname === '/auth/callback');
    const tokens = await client.authorizationCodeGrant(rp, back.url, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const me = await fetch(`${secondOrigin}/store/customer/current`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
  });
});
