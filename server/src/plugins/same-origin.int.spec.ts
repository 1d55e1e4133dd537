/**
 * Cross-site request forgery on PGlite and PostgreSQL (decision 031): a state-changing
 * request made with the buyer's session cookie from another origin gets 403 and changes
 * nothing; the same request from the store's own pages passes; a bearer call from any
 * origin is unaffected.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL } from '../../../tests/support/app';
import { signInDemoBuyers } from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { startIdentity } from '../auth/identity';
import { loadConfig } from '../config';

const FOREIGN = 'https://shop.attacker.example';
const DANAS_TOKEN = 'a-token-of-dana';

const ADDRESS = {
  firstName: 'Dana',
  lastName: 'Reyes',
  phone: { country: 'US', number: '(608) 262-1234' },
  address: {
    country: 'US',
    region: 'WI',
    town: 'Madison',
    line1: '500 Lincoln Drive',
    postalCode: '53706',
  },
};

describe.each(testDatabaseTargets())('same-origin check on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    t = await target.open();
    const first = await buildTestApp(t.database);
    await first.close();
    const { dana } = await signInDemoBuyers(t.database.db, ['dana']);
    cookie = dana.cookie;
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, TEST_PUBLIC_URL);
    // A bearer token for Dana without a sign-in: the check is about where a call comes from.
    app = await buildTestApp(t.database, {
      identity: {
        ...identity,
        verifyAccessToken: async (token) =>
          token === DANAS_TOKEN ? { userId: dana.userId } : identity.verifyAccessToken(token),
      },
    });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const addAddress = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/me/addresses', headers, payload: ADDRESS });

  const addresses = async () =>
    (await app.inject({ url: '/api/me/addresses', headers: { cookie } })).json<{
      items: { id: string }[];
    }>().items;

  const cartCommand = (cartId: string, headers: Record<string, string>) => {
    const commandId = randomUUID();
    return app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us`,
      headers,
      payload: {
        clientId: `client-${randomUUID().slice(0, 8)}`,
        seq: 1,
        commandId,
        expectedVersion: 0,
        command: {
          type: 'AddItem',
          data: { code: 'wri3-kit', quantity: 1 },
          metadata: { commandId, now: '2020-01-01T00:00:00.000Z' },
        },
      },
    });
  };

  it('refuses an address added with the session cookie from another origin, and adds nothing', async () => {
    const before = (await addresses()).length;
    const foreigners: Record<string, string>[] = [
      { origin: FOREIGN },
      { origin: 'null' },
      { origin: 'http://localhost:8081' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const foreign of foreigners) {
      const refused = await addAddress({ cookie, ...foreign });
      expect(refused.statusCode, JSON.stringify(foreign)).toBe(403);
      expect(refused.json()).toEqual({
        error: { code: 'forbidden', message: 'An error occurred.' },
      });
    }
    expect(await addresses()).toHaveLength(before);

    const own = await addAddress({ cookie, origin: TEST_PUBLIC_URL });
    expect(own.statusCode, own.body).toBe(201);
    const sameOrigin = await addAddress({ cookie, 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(201);
    expect(await addresses()).toHaveLength(before + 2);
  });

  it('refuses deleting an address from another origin, and deletes it from the store', async () => {
    const created = await addAddress({ cookie, origin: TEST_PUBLIC_URL });
    const { id } = created.json<{ id: string }>();
    const url = `/api/me/addresses/${id}`;
    const refused = await app.inject({
      method: 'DELETE',
      url,
      headers: { cookie, origin: FOREIGN },
    });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ url, headers: { cookie } })).statusCode).toBe(200);
    const own = await app.inject({
      method: 'DELETE',
      url,
      headers: { cookie, origin: TEST_PUBLIC_URL },
    });
    expect(own.statusCode).toBeLessThan(300);
    expect((await app.inject({ url, headers: { cookie } })).statusCode).toBe(404);
  });

  it('refuses a cart command from another origin, for a buyer and for a visitor', async () => {
    const cartId = randomUUID();
    expect((await cartCommand(cartId, { cookie, origin: FOREIGN })).statusCode).toBe(403);
    const own = await cartCommand(cartId, { cookie, origin: TEST_PUBLIC_URL });
    expect(own.statusCode, own.body).toBe(200);

    const visitorCart = randomUUID();
    const first = await cartCommand(visitorCart, { origin: TEST_PUBLIC_URL });
    expect(first.statusCode, first.body).toBe(200);
    const visitor = first.cookies.find((c) => c.name === 'store_visitor');
    const visitorCookie = `store_visitor=${visitor?.value ?? ''}`;
    expect(
      (await cartCommand(randomUUID(), { cookie: visitorCookie, origin: FOREIGN })).statusCode,
    ).toBe(403);
  });

  it('refuses a logout from another origin, and the session stays', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: FOREIGN },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.cookies).toHaveLength(0);
    expect(
      (await app.inject({ url: '/store/customer/current', headers: { cookie } })).statusCode,
    ).toBe(200);
    const endSession = await app.inject({
      method: 'POST',
      url: '/oidc-session/end',
      headers: { origin: FOREIGN },
    });
    expect(endSession.statusCode).toBe(403);
    // The same route, percent-encoded, is the same route.
    const encoded = await app.inject({
      method: 'POST',
      url: '/oidc-session/%65nd',
      headers: { origin: FOREIGN },
    });
    expect(encoded.statusCode).toBe(403);
  });

  it('takes the pages of a storefront host (STOREFRONT_HOSTS) as the store’s own', async () => {
    const withHosts = await buildTestApp(t.database, {
      publicUrl: 'https://store.example.com',
      identity: await startIdentity(
        t.database.db,
        loadConfig({}).identity,
        'https://store.example.com',
      ),
      publicConfig: {
        launchDarklyClientSideId: undefined,
        gtmContainerId: undefined,
        storefrontHosts: { 'store.example.co.uk': 'en-gb' },
        countryHeader: 'x-country-code',
      },
    });
    try {
      const add = (origin: string) =>
        withHosts.inject({
          method: 'POST',
          url: '/api/me/addresses',
          headers: { cookie, origin },
          payload: ADDRESS,
        });
      expect((await add('https://store.example.co.uk')).statusCode).toBe(201);
      expect((await add('http://store.example.co.uk')).statusCode).toBe(403);
      expect((await add('https://evil.store.example.co.uk')).statusCode).toBe(403);
      expect((await add(FOREIGN)).statusCode).toBe(403);
    } finally {
      await withHosts.close();
    }
  });

  it('lets a bearer call through from any origin, even with the session cookie', async () => {
    const bearer = { authorization: `Bearer ${DANAS_TOKEN}`, origin: FOREIGN };
    const added = await addAddress(bearer);
    expect(added.statusCode, added.body).toBe(201);
    expect((await addAddress({ ...bearer, cookie })).statusCode).toBe(201);
    const cart = await cartCommand(randomUUID(), bearer);
    expect(cart.statusCode, cart.body).toBe(200);
  });

  it('lets a call that names no origin through, as tools and the browser tests send it', async () => {
    expect((await addAddress({ cookie })).statusCode).toBe(201);
  });

  it('lets reads through from any origin', async () => {
    const read = await app.inject({
      url: '/store/customer/current',
      headers: { cookie, origin: FOREIGN, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });
});
