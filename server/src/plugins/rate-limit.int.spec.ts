/**
 * Rate limits (decisions 033, 048) on PGlite and PostgreSQL: every group answers a burst over
 * its limit with 429, Retry-After and the generic message; the counts are per user or address,
 * shared by every instance on the database within the stated tolerance, and a refused request
 * changes nothing. The tests drive the limiter's clock: a window ends when they say so.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL } from '../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { clearRateLimits } from '../../../tests/support/rate-limits';
import { IDENTITY_CHECK_SECONDS } from '../acting/identity-cache';
import { startIdentity } from '../auth/identity';
import { loadConfig } from '../config';
import { VISITOR_COOKIE } from '../streams/routes';
import { RATE_LIMITED_ROUTES, RATE_WINDOW_MS, unsentAllowance } from './rate-limit';
import { RATE_LIMIT_GROUPS, type RateLimitGroup, type RateLimits } from './rate-limit-settings';

const GENERIC = 'An error occurred.';
const LOOKUP_TOO_MANY = 'Too many lookups from this device. Please wait a minute and try again.';

interface ErrorBody {
  error: { code: string; message: string };
}

function cartCommand(cartId: string, seq: number, commandId: string, expectedVersion: number) {
  return {
    method: 'POST' as const,
    url: `/api/carts/${cartId}/commands?locale=en-gb`,
    payload: {
      clientId: 'client-rate-limits',
      seq,
      commandId,
      expectedVersion,
      command: {
        type: 'AddItem',
        data: { code: 'WRI3-KIT', quantity: 1 },
        metadata: { commandId, now: '2026-01-01T00:00:00.000Z' },
      },
    },
  };
}

describe.each(testDatabaseTargets())('rate limits on $kind', (target) => {
  let t: TestDatabase;
  let buyers: Record<'dana' | 'sam', SignedIn>;
  const apps: FastifyInstance[] = [];
  /** The limiter's clock: a second into a window, moved on by the tests. */
  let clock = 0;
  const endWindow = () => {
    clock += RATE_WINDOW_MS;
  };

  /** Each group's routes, as a caller would reach them (the buyer's, if given). */
  const routes: readonly {
    readonly group: RateLimitGroup;
    readonly name: string;
    readonly request: () => InjectOptions;
  }[] = [
    {
      group: 'cart',
      name: 'a cart command',
      request: () => cartCommand(randomUUID(), 1, randomUUID(), 0),
    },
    {
      group: 'cart',
      name: 'a saved-cart command',
      request: () => {
        const commandId = randomUUID();
        return {
          method: 'POST',
          url: '/api/saved-carts/commands',
          headers: { cookie: buyers.dana.cookie },
          payload: {
            clientId: `client-${randomUUID()}`,
            seq: 1,
            commandId,
            expectedVersion: 0,
            command: {
              type: 'SaveCart',
              data: {
                savedCartId: randomUUID(),
                name: `Kits ${commandId.slice(0, 8)}`,
                lines: [{ code: 'WRI3-KIT', name: 'Kit', programName: 'Westbrook', quantity: 1 }],
              },
              metadata: { commandId, now: '2026-01-01T00:00:00Z' },
            },
          },
        };
      },
    },
    {
      group: 'register',
      name: 'a registration',
      request: () => ({
        method: 'POST',
        url: `/oidc-interaction/${randomUUID()}/register`,
        payload: { email: 'someone@example.com', password: 'Long-Enough-2026' },
      }),
    },
    {
      group: 'signIn',
      name: 'a sign-in',
      request: () => ({
        method: 'POST',
        url: `/oidc-interaction/${randomUUID()}/login`,
        payload: { email: 'someone@example.com', password: 'Wrong-Password-1' },
      }),
    },
    {
      group: 'session',
      name: 'a session from an access token',
      request: () => ({ method: 'POST', url: '/auth/session', payload: {} }),
    },
    {
      group: 'session',
      name: 'a server sign-in',
      request: () => ({ method: 'GET', url: '/auth/login?locale=en-gb' }),
    },
    {
      group: 'orderStatus',
      name: 'an order status lookup',
      request: () => ({
        method: 'GET',
        url: '/api/order-status?locale=en-gb&orderNumber=W999999999',
      }),
    },
    {
      group: 'placeOrder',
      name: 'a place order',
      request: () => ({
        method: 'POST',
        url: `/api/checkouts/${randomUUID()}/place-order?locale=en-gb`,
        headers: { cookie: buyers.dana.cookie },
        payload: {},
      }),
    },
    {
      group: 'search',
      name: 'a search',
      request: () => ({ method: 'GET', url: '/api/catalog/search?locale=en-gb&q=kit' }),
    },
    {
      group: 'checkout',
      name: 'a checkout command',
      request: () => {
        const commandId = randomUUID();
        return {
          method: 'POST',
          url: `/api/checkouts/${randomUUID()}/commands?locale=en-gb`,
          headers: { cookie: buyers.dana.cookie },
          payload: {
            clientId: `client-${randomUUID()}`,
            seq: 1,
            commandId,
            expectedVersion: 0,
            command: {
              type: 'ChooseShippingMethod',
              data: { method: 'regular' },
              metadata: { commandId, now: '2026-01-01T00:00:00Z' },
            },
          },
        };
      },
    },
    {
      group: 'cardTokens',
      name: 'a card typed into the payment fields',
      request: () => ({
        method: 'POST',
        url: '/payment-sandbox/tokens',
        payload: { number: '4242424242424242', expMonth: '12', expYear: '2030', securityCode: '1' },
      }),
    },
    {
      group: 'authorize',
      name: 'an authorization request to the OpenID provider',
      request: () => ({
        method: 'GET',
        url: '/oidc/auth?client_id=storefront&response_type=code&scope=openid',
      }),
    },
    {
      group: 'addressBook',
      name: 'an address saved to the address book',
      request: () => ({
        method: 'POST',
        url: '/api/me/addresses',
        headers: { cookie: buyers.dana.cookie },
        payload: {},
      }),
    },
    {
      group: 'addressVerification',
      name: 'an address verified',
      request: () => ({
        method: 'POST',
        url: '/api/addresses/verify',
        headers: { cookie: buyers.dana.cookie },
        payload: {},
      }),
    },
    {
      group: 'qglobal',
      name: 'a Q-global lookup',
      request: () => ({
        method: 'POST',
        url: '/api/checkout/qglobal/lookup',
        headers: { cookie: buyers.dana.cookie },
        payload: { accountNumber: 'QG-000000' },
      }),
    },
    {
      group: 'account',
      name: 'a change of preferences',
      request: () => ({
        method: 'PUT',
        url: '/api/me/preferences',
        headers: { cookie: buyers.sam.cookie },
        payload: { locale: 'en-gb', orderEmails: true, marketingEmails: false },
      }),
    },
    {
      group: 'cardVerify',
      name: 'a card added on the payment cards page',
      request: () => ({
        method: 'POST',
        url: '/api/me/payment-methods',
        headers: { cookie: buyers.sam.cookie },
        // Refused by its schema: the limit counts before the body is read.
        payload: {},
      }),
    },
  ];

  beforeAll(async () => {
    t = await target.open();
    const warmUp = await buildTestApp(t.database);
    await warmUp.close();
    buyers = await signInDemoBuyers(t.database.db, ['dana', 'sam']);
  });

  beforeEach(async () => {
    await clearRateLimits(t.database.db);
    clock = Math.floor(Date.now() / RATE_WINDOW_MS) * RATE_WINDOW_MS + 1_000;
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  afterAll(async () => {
    await t.dispose();
  });

  async function appWith(
    limits: Partial<RateLimits>,
    overrides: Parameters<typeof buildTestApp>[1] = {},
  ): Promise<FastifyInstance> {
    const app = await buildTestApp(t.database, {
      processManagers: false,
      rateLimits: limits,
      clock: () => clock,
      ...overrides,
    });
    apps.push(app);
    return app;
  }

  function expectRefused(response: LightMyRequestResponse, message = GENERIC) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(response.json<ErrorBody>().error.message).toBe(message);
  }

  function expectPassed(response: LightMyRequestResponse) {
    expect(response.statusCode).not.toBe(429);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['retry-after']).toBeUndefined();
  }

  it.each(routes.map((route) => [route.name, route] as const))(
    'lets %s through up to the limit, then answers 429 with Retry-After',
    async (_name, route) => {
      // Every group allows two: the others still pass once this one is spent.
      const app = await appWith(Object.fromEntries(RATE_LIMIT_GROUPS.map((group) => [group, 2])));
      expectPassed(await app.inject(route.request()));
      expectPassed(await app.inject(route.request()));
      const refused = await app.inject(route.request());
      expectRefused(refused, route.group === 'orderStatus' ? LOOKUP_TOO_MANY : GENERIC);
      expect(refused.json<ErrorBody>().error.code).toBe(
        route.group === 'orderStatus' ? 'order-status.too-many' : 'too_many_requests',
      );
      const others = routes.filter((r) => r.group !== route.group);
      for (const other of others) expectPassed(await app.inject(other.request()));
    },
  );

  it('names only routes the store has', async () => {
    const app = await appWith({});
    for (const key of Object.keys(RATE_LIMITED_ROUTES)) {
      const [method, url] = key.split(' ') as ['GET', string];
      if (url.startsWith('/oidc')) continue; // the provider's own router
      expect(app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('counts a cart command and a saved-cart command of one buyer together', async () => {
    const app = await appWith({ cart: 2 });
    const saved = routes.find((r) => r.name === 'a saved-cart command')!;
    const cart = {
      ...cartCommand(randomUUID(), 1, randomUUID(), 0),
      headers: { cookie: buyers.dana.cookie },
    };
    expectPassed(await app.inject(cart));
    expectPassed(await app.inject(saved.request()));
    expectRefused(await app.inject(saved.request()));
  });

  it('counts a HEAD request as its GET', async () => {
    const app = await appWith({ search: 2 });
    const url = '/api/catalog/search?locale=en-gb&q=kit';
    expectPassed(await app.inject({ method: 'HEAD', url }));
    expectPassed(await app.inject({ method: 'HEAD', url }));
    expectRefused(await app.inject({ method: 'GET', url }));
  });

  it('counts nothing for a route outside the groups, nor for a group whose limit is 0', async () => {
    const app = await appWith({ cart: 1, orderStatus: 1 });
    for (let i = 0; i < 4; i += 1) {
      expectPassed(await app.inject({ url: '/api/catalog/index?locale=en-gb' }));
      expectPassed(await app.inject({ url: '/api/catalog/search?locale=en-gb&q=kit' }));
    }
    // Closing sends whatever an instance still holds.
    await app.close();
    const counted: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from rate_limits`,
    );
    expect((counted as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
  });

  it('counts the requests of every instance on the database together', async () => {
    const first = await appWith({ search: 3 });
    const second = await appWith({ search: 3 });
    const search = { url: '/api/catalog/search?locale=en-gb&q=kit' };
    expectPassed(await first.inject(search));
    expectPassed(await second.inject(search));
    expectPassed(await first.inject(search));
    expectRefused(await second.inject(search));
    expectRefused(await first.inject(search));
  });

  it('gives each address its own count (an IPv6 address by its /64)', async () => {
    const app = await appWith({ search: 1 });
    const from = (remoteAddress: string) =>
      app.inject({ url: '/api/catalog/search?locale=en-gb&q=kit', remoteAddress });
    expectPassed(await from('198.51.100.1'));
    expectRefused(await from('198.51.100.1'));
    expectPassed(await from('198.51.100.2'));
    expectPassed(await from('2001:db8:0:1::1'));
    expectRefused(await from('2001:db8:0:1::2'));
    expectPassed(await from('2001:db8:0:2::1'));
  });

  it('gives each signed-in buyer their own count, not their address’s', async () => {
    const app = await appWith({ search: 1 });
    const search = (cookie?: string) =>
      app.inject({
        url: '/api/catalog/search?locale=en-gb&q=kit',
        headers: cookie ? { cookie } : {},
      });
    expectPassed(await search());
    expectRefused(await search());
    // Same address, but signed in: each buyer counts alone.
    expectPassed(await search(buyers.dana.cookie));
    expectRefused(await search(buyers.dana.cookie));
    expectPassed(await search(buyers.sam.cookie));
  });

  it('counts a visitor’s actions (order lookup) by the address even when signed in', async () => {
    const app = await appWith({ orderStatus: 1 });
    const lookup = (cookie?: string) =>
      app.inject({
        url: '/api/order-status?locale=en-gb&orderNumber=W000000001',
        headers: cookie ? { cookie } : {},
      });
    expect((await lookup()).statusCode).toBe(404);
    // Signing in (or registering one more account) gives no fresh count.
    expect((await lookup(buyers.dana.cookie)).statusCode).toBe(429);
    expect((await lookup(buyers.sam.cookie)).statusCode).toBe(429);
  });

  it('counts a made-up or ended session cookie as the address', async () => {
    const app = await appWith({ search: 1 });
    const search = (cookie?: string) =>
      app.inject({
        url: '/api/catalog/search?locale=en-gb&q=kit',
        headers: cookie ? { cookie } : {},
      });
    expectPassed(await search());
    expectRefused(await search('store_session=made-up-1'));
    expectRefused(await search(`store_session=${randomUUID()}`));
    // Expired before the limiter's clock, which is at the start of the current minute.
    await t.database.db
      .execute(sql`update web_sessions set expires_at = now() - interval '5 minutes'
      where user_id = ${buyers.sam.userId}`);
    try {
      // An instance learns a session ended elsewhere within the identity check's bound.
      clock += IDENTITY_CHECK_SECONDS * 1000;
      expectRefused(await search(buyers.sam.cookie));
    } finally {
      await t.database.db.execute(sql`update web_sessions set expires_at = now() + interval '1 day'
        where user_id = ${buyers.sam.userId}`);
    }
  });

  it('counts a verified bearer token as its user, and a bad one as the address', async () => {
    const identity = await startIdentity(t.database.db, loadConfig({}).identity, TEST_PUBLIC_URL);
    const app = await appWith(
      { search: 1 },
      {
        identity: {
          ...identity,
          verifyAccessToken: (token) =>
            Promise.resolve(token === 'dana-token' ? { userId: buyers.dana.userId } : undefined),
        },
      },
    );
    const search = (headers: Record<string, string>) =>
      app.inject({ url: '/api/catalog/search?locale=en-gb&q=kit', headers });
    expectPassed(await search({ authorization: 'Bearer dana-token' }));
    // The same buyer by her session cookie: one count.
    expectRefused(await search({ cookie: buyers.dana.cookie }));
    expectPassed(await search({ authorization: 'Bearer forged-token' }));
    expectRefused(await search({}));
    expectRefused(await search({ authorization: 'Bearer another-forged-token' }));
  });

  it('loses nothing: a refused cart command is not applied, and is taken when sent again', async () => {
    const app = await appWith({ cart: 1 });
    const cartId = randomUUID();
    const first = await app.inject(cartCommand(cartId, 1, randomUUID(), 0));
    expect(first.statusCode).toBe(200);
    const visitor = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    const cookie = `${VISITOR_COOKIE}=${visitor?.value ?? ''}`;
    const pulled = async () =>
      (await app.inject({ url: `/api/carts/${cartId}?after=0`, headers: { cookie } })).json<{
        version: number;
        events: unknown[];
      }>();
    const before = await pulled();
    const second = { ...cartCommand(cartId, 2, randomUUID(), before.version), headers: { cookie } };

    expectRefused(await app.inject(second));
    expect(await pulled()).toEqual(before);

    endWindow();
    const again = await app.inject(second);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'confirmed' });
    expect((await pulled()).version).toBeGreaterThan(before.version);
  });

  it('starts every count again in the next window', async () => {
    const app = await appWith({ orderStatus: 1 });
    const lookup = { url: '/api/order-status?locale=en-gb&orderNumber=W999999999' };
    expectPassed(await app.inject(lookup));
    expectRefused(await app.inject(lookup), LOOKUP_TOO_MANY);
    endWindow();
    expectPassed(await app.inject(lookup));
  });

  it('holds a limit across two instances within the stated tolerance', async () => {
    // 80 a minute: each instance may hold 3 hits unsent (decision 048), so a caller spread over
    // two instances gets through at most 80 + 3 times in a window.
    const max = 80;
    const first = await appWith({ search: max });
    const second = await appWith({ search: max });
    const search = { url: '/api/catalog/search?locale=en-gb&q=kit', remoteAddress: '192.0.2.80' };
    let passed = 0;
    let refusedOnBoth = 0;
    for (let i = 0; i < 2 * max && refusedOnBoth < 2; i += 1) {
      const response = await (i % 2 === 0 ? first : second).inject(search);
      if (response.statusCode === 429) refusedOnBoth += 1;
      else {
        expectPassed(response);
        passed += 1;
        refusedOnBoth = 0;
      }
    }
    expect(refusedOnBoth).toBe(2);
    expect(passed).toBeGreaterThanOrEqual(max);
    expect(passed).toBeLessThanOrEqual(max + unsentAllowance(max).hard);
  });

  it('caps order lookups from every address together', async () => {
    const app = await appWith({ orderStatus: 100, orderStatusTotal: 3 });
    const lookup = (remoteAddress: string) =>
      app.inject({
        url: '/api/order-status?locale=en-gb&orderNumber=W999999999',
        remoteAddress,
      });
    for (const address of ['198.51.100.31', '198.51.100.32', '198.51.100.33']) {
      expectPassed(await lookup(address));
    }
    expectRefused(await lookup('198.51.100.34'), LOOKUP_TOO_MANY);
    endWindow();
    expectPassed(await lookup('198.51.100.35'));
  });
});
