/**
 * Ownership on PGlite and PostgreSQL: a user reads and changes only their own addresses,
 * cards and accounts, and an organization's members only as a member; anyone else's ids
 * answer 404 like ids that do not exist, and anonymous calls 401. Also the address book's
 * validation (SPEC 5) and the SPEC 7.2 commerce calls with their headers.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMERCE_HEADERS,
  WEB_PLATFORM_KEY,
  type AddressSuggestion,
  type CommerceUser,
} from '../../../../../domain/commerce/commerce-api';
import type {
  AccountMember,
  CustomerAccountSummary,
  SavedAddress,
  SavedPaymentMethod,
} from '../../../../../domain/customer/address-book';
import { buildTestApp } from '../../../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { seedDemoUsers } from '../../../auth/demo-users';
import { findUserWithPassword } from '../../../auth/users';
import { createWebSession, SESSION_COOKIE } from '../../../auth/web-sessions';
import { DEMO_ACCOUNTS } from '../../../customers/demo-customers';
import { seedIfEmpty } from '../../../db/seed';

describe.each(testDatabaseTargets())('a user’s own records on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  const cookie: Record<'dana' | 'sam', string> = { dana: '', sam: '' };
  const userId: Record<'dana' | 'sam', string> = { dana: '', sam: '' };

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    for (const [who, email] of [
      ['dana', 'dana.reyes@demo.example'],
      ['sam', 'sam.okafor@demo.example'],
    ] as const) {
      const user = await findUserWithPassword(t.database.db, email);
      if (!user) throw new Error(`${email} was not seeded`);
      userId[who] = user.id;
      const session = await createWebSession(t.database.db, user.id, null, new Date());
      cookie[who] = `${SESSION_COOKIE}=${session.id}`;
    }
  });

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  async function as<T>(who: 'dana' | 'sam', url: string): Promise<{ status: number; body: T }> {
    const response = await app.inject({ url, headers: { cookie: cookie[who] } });
    return { status: response.statusCode, body: response.json<T>() };
  }

  it('asks anonymous callers to sign in', async () => {
    for (const url of [
      '/api/me/addresses',
      '/api/me/payment-methods',
      '/api/me/accounts',
      '/api/me/qualifications',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('gives each user their own addresses and 404 for another user’s', async () => {
    const dana = await as<{ items: SavedAddress[] }>('dana', '/api/me/addresses');
    const sam = await as<{ items: SavedAddress[] }>('sam', '/api/me/addresses');
    expect(dana.body.items).toHaveLength(2);
    expect(sam.body.items).toHaveLength(1);
    const samsId = sam.body.items[0]?.id ?? '';
    const danasId = dana.body.items[0]?.id ?? '';
    expect((await as('dana', `/api/me/addresses/${danasId}`)).status).toBe(200);
    expect((await as('dana', `/api/me/addresses/${samsId}`)).status).toBe(404);
    expect((await as('dana', '/api/me/addresses/not-a-uuid')).status).toBe(404);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/me/addresses/${samsId}`,
      headers: { cookie: cookie.dana },
    });
    expect(deleted.statusCode).toBe(404);
    expect((await as('sam', `/api/me/addresses/${samsId}`)).status).toBe(200);
  });

  it('gives each user their own saved cards, as tokens’ details only', async () => {
    const dana = await as<{ items: SavedPaymentMethod[] }>('dana', '/api/me/payment-methods');
    const sam = await as<{ items: SavedPaymentMethod[] }>('sam', '/api/me/payment-methods');
    // The default card first (decision 056).
    expect(dana.body.items).toEqual([
      expect.objectContaining({
        brand: 'visa',
        last4: '4242',
        holderName: 'Dana Reyes',
        isDefault: true,
      }),
      expect.objectContaining({ brand: 'mastercard', last4: '5454', isDefault: false }),
      expect.objectContaining({ brand: 'amex', last4: '0005', isDefault: false }),
    ]);
    expect(JSON.stringify(dana.body)).not.toContain('sandbox_pm_');
    const samsCard = sam.body.items[0]?.id ?? '';
    expect((await as('sam', `/api/me/payment-methods/${samsCard}`)).status).toBe(200);
    expect((await as('dana', `/api/me/payment-methods/${samsCard}`)).status).toBe(404);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/me/payment-methods/${samsCard}`,
      headers: { cookie: cookie.dana },
    });
    expect(deleted.statusCode).toBe(404);
  });

  it('shows an organization’s account and members to its members only', async () => {
    const dana = await as<{ items: CustomerAccountSummary[] }>('dana', '/api/me/accounts');
    const sam = await as<{ items: CustomerAccountSummary[] }>('sam', '/api/me/accounts');
    expect(dana.body.items.map((a) => [a.accountNumber, a.accountType])).toEqual([
      [DEMO_ACCOUNTS.lakeshore, 'ORGANIZATION'],
      [DEMO_ACCOUNTS.danaPersonal, 'PERSONAL'],
    ]);
    expect(dana.body.items[0]).toMatchObject({
      taxExempt: true,
      discounts: [{ programme: 'UAP', status: 'UAP_APPLIED' }],
    });
    const riverside = sam.body.items[0];
    expect(riverside).toMatchObject({
      accountNumber: DEMO_ACCOUNTS.riverside,
      role: 'administrator',
      hasOrdered: true,
      discounts: [{ programme: 'OLD', status: 'OLD_APPLIED' }],
      platformAccounts: [
        { platform: 'aimswebplus', accountNumber: DEMO_ACCOUNTS.riversideAimsweb },
        { platform: 'q-global', accountNumber: DEMO_ACCOUNTS.riversideQglobal },
      ],
    });
    const members = await as<{ items: AccountMember[] }>(
      'sam',
      `/api/me/accounts/${riverside?.id ?? ''}/members`,
    );
    expect(members.body.items.map((m) => [m.firstName, m.qualificationLevel])).toEqual([
      ['Sam', 'C'],
      ['Priya', 'A'],
      ['Tomás', 'C'],
    ]);
    expect((await as('dana', `/api/me/accounts/${riverside?.id ?? ''}`)).status).toBe(404);
    expect((await as('dana', `/api/me/accounts/${riverside?.id ?? ''}/members`)).status).toBe(404);
  });

  it('gives each user their own qualification level and qualifications', async () => {
    const dana = await as<{ level: string; qualifications: { kind: string }[] }>(
      'dana',
      '/api/me/qualifications',
    );
    expect(dana.body.level).toBe('B');
    expect(dana.body.qualifications.map((q) => q.kind).sort()).toEqual(['certification', 'degree']);
  });

  it('adds an address after checking it against SPEC 5, in the spec’s words', async () => {
    const post = (body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/me/addresses',
        headers: { cookie: cookie.dana },
        payload: body as Record<string, unknown>,
      });
    const bad = await post({
      firstName: 'Dana',
      lastName: 'Reyes',
      phone: { country: 'US', number: '12' },
      address: {
        country: 'US',
        region: 'WI',
        town: 'Madison',
        line1: 'P.O. Box 12',
        postalCode: '5370',
      },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json<{ error: { fields: { path: string; message: string }[] } }>().error
      .fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'address.line1' }),
        expect.objectContaining({ path: 'address.postalCode' }),
        expect.objectContaining({ path: 'phone.number' }),
      ]),
    );
    const good = await post({
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
      defaultShipping: true,
    });
    expect(good.statusCode, good.body).toBe(201);
    const created = good.json<SavedAddress>();
    expect(created).toMatchObject({ line1: '500 Lincoln Drive', phone: '+16082621234' });
    const list = await as<{ items: SavedAddress[] }>('dana', '/api/me/addresses');
    expect(list.body.items.filter((a) => a.defaultShipping).map((a) => a.id)).toEqual([created.id]);
    expect((await as('sam', `/api/me/addresses/${created.id}`)).status).toBe(404);
  });

  describe('headless commerce (SPEC 7.2)', () => {
    const headers = (overrides: Record<string, string | undefined> = {}) => {
      const all: Record<string, string | undefined> = {
        [COMMERCE_HEADERS.siteId]: 'usassessments',
        [COMMERCE_HEADERS.platformKey]: WEB_PLATFORM_KEY,
        [COMMERCE_HEADERS.requestId]: 'req-0001-abcd',
        [COMMERCE_HEADERS.routingRegion]: 'US',
        [COMMERCE_HEADERS.entryPoint]: 'checkout',
        cookie: cookie.dana,
        ...overrides,
      };
      return Object.fromEntries(
        Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
      );
    };

    it('fetches the caller’s own user, echoing the request id', async () => {
      const response = await app.inject({
        url: `/api/commerce/users/${userId.dana}?locale=en-us`,
        headers: headers(),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers[COMMERCE_HEADERS.requestId]).toBe('req-0001-abcd');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json<CommerceUser>()).toMatchObject({
        id: userId.dana,
        firstName: 'Dana',
        routingRegion: 'US',
        qualificationLevel: 'B',
        defaultShippingAddressId: expect.any(String) as unknown,
      });
    });

    it('answers 404 for another user and checks every header', async () => {
      const other = await app.inject({
        url: `/api/commerce/users/${userId.sam}?locale=en-us`,
        headers: headers(),
      });
      expect(other.statusCode).toBe(404);
      const cases: [Record<string, string | undefined>, number, string][] = [
        [{ [COMMERCE_HEADERS.requestId]: undefined }, 400, 'invalid_input'],
        [{ [COMMERCE_HEADERS.siteId]: undefined }, 400, 'invalid_input'],
        [{ [COMMERCE_HEADERS.platformKey]: 'someone-else' }, 403, 'platform_key_invalid'],
        [{ [COMMERCE_HEADERS.siteId]: 'moonassessments' }, 400, 'site_unknown'],
        [{ [COMMERCE_HEADERS.routingRegion]: 'EU' }, 400, 'routing_region_mismatch'],
        [{ [COMMERCE_HEADERS.entryPoint]: 'backdoor' }, 400, 'invalid_input'],
        [{ cookie: undefined }, 401, 'unauthorized'],
        [{ cookie: undefined, authorization: 'Bearer not-a-token' }, 401, 'unauthorized'],
      ];
      for (const [override, status, code] of cases) {
        const response = await app.inject({
          url: `/api/commerce/users/${userId.dana}?locale=en-us`,
          headers: headers(override),
        });
        expect(response.statusCode, JSON.stringify(override)).toBe(status);
        expect(response.json()).toMatchObject({ error: { code } });
      }
      const wrongLocale = await app.inject({
        url: `/api/commerce/users/${userId.dana}?locale=en-gb`,
        headers: headers(),
      });
      expect(wrongLocale.statusCode).toBe(400);
    });

    it('suggests the caller’s saved addresses that match the term', async () => {
      const suggest = (term: string, who: 'dana' | 'sam' = 'dana', id = userId.dana) =>
        app.inject({
          url: `/api/commerce/users/${id}/carts/current/search/address/autosuggest?addressType=shipping&term=${encodeURIComponent(term)}&lang=en`,
          headers: headers({ cookie: cookie[who] }),
        });
      const lake = await suggest('1200 lakesh');
      expect(lake.statusCode, lake.body).toBe(200);
      const list = lake.json<AddressSuggestion[]>();
      expect(list.map((s) => s.address.line1)).toEqual(['1200 Lakeshore Drive']);
      expect(list[0]?.label).toContain('Madison');
      expect((await suggest('riverside')).json()).toEqual([]);
      expect((await suggest('a')).json()).toEqual([]);
      expect((await suggest('riverside', 'dana', userId.sam)).statusCode).toBe(404);
      // A cart id other than 'current' must name a cart of the caller's.
      const cartOf = async (who: 'dana' | 'sam') => {
        const cartId = randomUUID();
        const made = await app.inject({
          method: 'POST',
          url: `/api/carts/${cartId}/commands?locale=en-us`,
          headers: { cookie: cookie[who], 'content-type': 'application/json' },
          payload: {
            clientId: `client-${who}`,
            seq: 1,
            commandId: randomUUID(),
            expectedVersion: 0,
            command: {
              type: 'AddItem',
              data: { code: 'WRI3-KIT', quantity: 1 },
              metadata: { commandId: randomUUID(), now: new Date().toISOString() },
            },
          },
        });
        expect(made.statusCode, made.body).toBe(200);
        return cartId;
      };
      const suggestIn = (cartId: string) =>
        app.inject({
          url: `/api/commerce/users/${userId.dana}/carts/${cartId}/search/address/autosuggest?addressType=shipping&term=lakeshore&lang=en`,
          headers: headers({ cookie: cookie.dana }),
        });
      const danas = await cartOf('dana');
      expect((await suggestIn(danas)).json<AddressSuggestion[]>()).toHaveLength(1);
      expect((await suggestIn(await cartOf('sam'))).statusCode).toBe(404);
      expect((await suggestIn(randomUUID())).statusCode).toBe(404);
      const bad = await app.inject({
        url: `/api/commerce/users/${userId.dana}/carts/current/search/address/autosuggest?addressType=home&term=x&lang=en`,
        headers: headers(),
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
