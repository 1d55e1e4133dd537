/**
 * Whom a buyer buys as, PERSONAL or ORGANIZATION (SPEC 1, 6; decision 062), on PGlite and
 * PostgreSQL: the personal account until the buyer switches; a switch to one of their
 * organizations is an event on their profile stream with the buyer as actor; an account that
 * is not theirs is 404 and bad input 400, and nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartEvent } from '../../../../../domain/cart/events';
import type { CustomerAccountSummary } from '../../../../../domain/customer/address-book';
import { ApiErrorBodySchema } from '../../../../../domain/shared/api-error-schema';
import { buildTestApp } from '../../../../../tests/support/app';
import { signInDemoBuyers, type SignedIn } from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { DEMO_ACCOUNTS } from '../../../customers/demo-customers';

describe.each(testDatabaseTargets())('buying as on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let dana: SignedIn;
  let sam: SignedIn;
  let lakeshore = '';
  let personal = '';
  let riverside = '';

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    ({ dana, sam } = await signInDemoBuyers(t.database.db, ['dana', 'sam']));
    const accounts = (await as(dana, { url: '/api/me/accounts' })).json<{
      items: CustomerAccountSummary[];
    }>().items;
    lakeshore = accounts.find((a) => a.accountNumber === DEMO_ACCOUNTS.lakeshore)?.id ?? '';
    personal = accounts.find((a) => a.accountNumber === DEMO_ACCOUNTS.danaPersonal)?.id ?? '';
    const sams = (await as(sam, { url: '/api/me/accounts' })).json<{
      items: CustomerAccountSummary[];
    }>().items;
    riverside = sams.find((a) => a.accountNumber === DEMO_ACCOUNTS.riverside)?.id ?? '';
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  function as(who: SignedIn, options: InjectOptions) {
    return app.inject({ ...options, headers: { cookie: who.cookie } });
  }

  const switchTo = (who: SignedIn, payload: unknown) =>
    as(who, { method: 'POST', url: '/api/me/buying-as', payload: payload as object });

  it('buys as the personal account until the buyer switches', async () => {
    expect(lakeshore).not.toBe('');
    expect(personal).not.toBe('');
    const now = await as(dana, { url: '/api/me/buying-as' });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toEqual({ accountId: personal, since: null });
  });

  it('switches to an organization of the buyer, as an event of their profile', async () => {
    const switched = await switchTo(dana, { accountId: lakeshore });
    expect(switched.statusCode, switched.body).toBe(200);
    const body = switched.json<{ accountId: string; since: string }>();
    expect(body.accountId).toBe(lakeshore);
    expect(Date.parse(body.since)).not.toBeNaN();
    expect((await as(dana, { url: '/api/me/buying-as' })).json()).toEqual(body);

    const events = (
      (await t.database.db.execute(sql`
        select type, data, metadata from events
         where stream_id = ${`profile:${dana.userId}`} and type = 'BuyingAsSwitched'`)) as {
        rows: { type: string; data: { accountId: string; type: string }; metadata: unknown }[];
      }
    ).rows;
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ accountId: lakeshore, type: 'ORGANIZATION' });
    expect(JSON.stringify(events[0]?.metadata)).toContain(dana.userId);

    // The same switch again appends nothing.
    expect((await switchTo(dana, { accountId: lakeshore })).statusCode).toBe(200);
    const again = (
      (await t.database.db.execute(sql`
        select count(*)::int as n from events
         where stream_id = ${`profile:${dana.userId}`} and type = 'BuyingAsSwitched'`)) as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;
    expect(again).toBe(1);

    const back = await switchTo(dana, { accountId: personal });
    expect(back.json<{ accountId: string }>().accountId).toBe(personal);
  });

  it('prices a new cart for the account the buyer switched to', async () => {
    const newCart = async () => {
      const cartId = randomUUID();
      const commandId = randomUUID();
      const pushed = await as(dana, {
        method: 'POST',
        url: `/api/carts/${cartId}/commands?locale=en-us`,
        payload: {
          clientId: `client-${cartId.slice(0, 8)}`,
          seq: 1,
          commandId,
          expectedVersion: 0,
          command: {
            type: 'AddItem',
            data: { code: 'WRI3-KIT', quantity: 1 },
            metadata: { commandId, now: '2026-11-27T10:00:00.000Z' },
          },
        },
      });
      expect(pushed.statusCode, pushed.body).toBe(200);
      return pushed.json<{ events: { event: CartEvent }[] }>().events.map((e) => e.event);
    };
    await switchTo(dana, { accountId: lakeshore });
    const events = await newCart();
    expect(events.map((e) => e.type)).toEqual([
      'CartCreated',
      'CartAccountChosen',
      'CartItemAdded',
    ]);
    const chosen = events[1];
    expect(chosen?.type === 'CartAccountChosen' && chosen.data.account.id).toBe(lakeshore);

    await switchTo(dana, { accountId: personal });
    const again = await newCart();
    const personalChosen = again[1];
    expect(personalChosen?.type === 'CartAccountChosen' && personalChosen.data.account.id).toBe(
      personal,
    );
  });

  it('answers 404 for an account that is not the buyer’s, and changes nothing', async () => {
    const before = (await as(dana, { url: '/api/me/buying-as' })).json<unknown>();
    const other = await switchTo(dana, { accountId: riverside });
    expect(other.statusCode).toBe(404);
    const unknown = await switchTo(dana, { accountId: 'no-such-account' });
    expect(unknown.statusCode).toBe(404);
    expect((await as(dana, { url: '/api/me/buying-as' })).json()).toEqual(before);
  });

  it('refuses bad input in words, never a 500', async () => {
    for (const payload of [
      {},
      { accountId: '' },
      { accountId: 42 },
      { accountId: 'x'.repeat(65) },
    ]) {
      const refused = await switchTo(dana, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ApiErrorBodySchema.safeParse(refused.json()).success).toBe(true);
    }
  });

  it('is for signed-in buyers only', async () => {
    expect((await app.inject({ url: '/api/me/buying-as' })).statusCode).toBe(401);
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/me/buying-as',
      payload: { accountId: personal },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
