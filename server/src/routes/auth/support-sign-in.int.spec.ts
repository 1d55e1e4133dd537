/**
 * A customer service agent's sign-in end to end over HTTP (decision 063): the provider's
 * sign-in on the customer service page, always with the password; an agent gets the
 * `agent_session` cookie and the console, a buyer there is refused in words with no session,
 * an agent at the buyers' sign-in likewise; the agent's sign-out ends the acting it held and
 * leaves the buyer's own session as it was.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../tests/support/databases';
import { freePort } from '../../../../tests/support/free-port';
import { HttpSession } from '../../../../tests/support/http-session';
import { AGENT_COOKIE } from '../../acting/plugin';
import { DEMO_AGENT, DEMO_USERS, seedDemoUsers } from '../../auth/demo-users';
import { startIdentity } from '../../auth/identity';
import { loadConfig } from '../../config';

const [pglite] = testDatabaseTargets();
const [dana] = DEMO_USERS;

describe('customer service sign-in', () => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    t = await pglite!.open();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const first = await buildTestApp(t.database, { publicUrl: origin });
    await first.close();
    await seedDemoUsers(t.database.db);
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, origin);
    app = await buildTestApp(t.database, { publicUrl: origin, identity });
    await app.listen({ port, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  /** Starts a sign-in and gives the provider's password form to the credentials. */
  async function signIn(
    session: HttpSession,
    start: string,
    page: string,
    email: string,
    password: string,
  ) {
    const { url } = await session.follow(start, (u) => u.pathname === page);
    expect(url.pathname).toBe(page);
    const uid = url.searchParams.get('interaction') ?? '';
    const login = await session.request(`/oidc-interaction/${uid}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const { redirectTo } = (await login.json()) as { redirectTo: string };
    return session.follow(redirectTo, (u) => u.pathname.startsWith('/en-us/'));
  }

  const supportStart = '/auth/support/login?locale=en-us';
  const supportPage = '/en-us/my-account/support/login';

  it('signs an agent in on the customer service page, with a cookie of their own', async () => {
    const session = new HttpSession(origin);
    const back = await signIn(
      session,
      supportStart,
      supportPage,
      DEMO_AGENT.email,
      DEMO_AGENT.password,
    );
    expect(back.url.pathname).toBe('/en-us/my-account/support');
    expect(session.has(AGENT_COOKIE)).toBe(true);
    expect(session.has('store_session')).toBe(false);
    const me = await session.request('/api/support/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ agent: { email: DEMO_AGENT.email }, acting: null });
    // Not acting for anyone, the agent is nobody to the buyer's pages.
    expect((await session.request('/store/customer/current')).status).toBe(401);
    expect((await session.request('/api/checkout/facts?locale=en-us')).status).toBe(401);

    expect((await session.request('/auth/support/logout', { method: 'POST' })).status).toBe(204);
    expect(session.has(AGENT_COOKIE)).toBe(false);
    expect((await session.request('/api/support/me')).status).toBe(401);
  });

  it('refuses a buyer at the customer service sign-in, in words and with no session', async () => {
    const session = new HttpSession(origin);
    const back = await signIn(session, supportStart, supportPage, dana.email, dana.password);
    expect(`${back.url.pathname}${back.url.search}`).toBe(`${supportPage}?error=not-agent`);
    expect(session.has(AGENT_COOKIE)).toBe(false);
    expect(session.has('store_session')).toBe(false);
    expect((await session.request('/api/support/me')).status).toBe(401);
  });

  it('refuses an agent at the buyers’ sign-in', async () => {
    const session = new HttpSession(origin);
    const back = await signIn(
      session,
      '/auth/login?locale=en-us&returnTo=%2Fen-us%2Fcart',
      '/en-us/login',
      DEMO_AGENT.email,
      DEMO_AGENT.password,
    );
    expect(`${back.url.pathname}${back.url.search}`).toBe('/en-us/login?error=agent');
    expect(session.has('store_session')).toBe(false);
  });

  it('ends the acting with the agent’s sign-out, and the buyer’s own session stays', async () => {
    const buyer = new HttpSession(origin);
    await signIn(
      buyer,
      '/auth/login?locale=en-us&returnTo=%2Fen-us%2Fcart',
      '/en-us/login',
      dana.email,
      dana.password,
    );
    const danaMe = (await (await buyer.request('/store/customer/current')).json()) as {
      id: string;
    };

    const agent = new HttpSession(origin);
    await signIn(agent, supportStart, supportPage, DEMO_AGENT.email, DEMO_AGENT.password);
    const found = (await (
      await agent.request('/api/support/customers?q=dana.reyes%40demo.example')
    ).json()) as { customers: { id: string; accounts: { id: string }[] }[] };
    const customer = found.customers[0];
    expect(customer?.id).toBe(danaMe.id);
    const started = await agent.request('/api/support/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ buyerId: customer?.id, accountId: customer?.accounts[0]?.id }),
    });
    expect(started.status).toBe(201);
    const acting = (await (await agent.request('/store/customer/current')).json()) as {
      id: string;
      agent: { firstName: string };
    };
    expect(acting).toMatchObject({ id: danaMe.id, agent: { firstName: 'Alex' } });

    // The header's Sign out, pressed while acting, signs the agent out.
    expect(
      (await agent.request('/auth/logout', { method: 'POST', headers: { origin } })).status,
    ).toBe(204);
    expect((await agent.request('/store/customer/current')).status).toBe(401);
    expect((await buyer.request('/store/customer/current')).status).toBe(200);
  });
});
