/**
 * Deeply nested JSON (issue 26) on PGlite and PostgreSQL: a body of nested arrays is a 400
 * in the store's error shape wherever it is sent (placing an order, whose idempotency key
 * hashes the body; a sync push; the payment sandbox's token endpoint), never a 500, and a
 * body as deep as the store's own requests still goes through.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../../domain/shared/api-error-schema';
import { buildTestApp } from '../../../tests/support/app';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { seedDemoUsers } from '../auth/demo-users';
import { findUserWithPassword } from '../auth/users';
import { createWebSession, SESSION_COOKIE } from '../auth/web-sessions';
import { seedIfEmpty } from '../db/seed';

/** Arrays nested `depth` deep, as JSON text. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Deep enough to overflow the stack of anything that walks it by recursion. */
const DEEP = 200_000;

describe.each(testDatabaseTargets())('deeply nested JSON on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let cookie = '';

  beforeAll(async () => {
    t = await target.open();
    app = await buildTestApp(t.database);
    await seedIfEmpty(t.database.db);
    await seedDemoUsers(t.database.db);
    const user = await findUserWithPassword(t.database.db, 'dana.reyes@demo.example');
    if (!user) throw new Error('Dana was not seeded');
    const session = await createWebSession(t.database.db, user.id, null, new Date());
    cookie = `${SESSION_COOKIE}=${session.id}`;
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  function expectInvalidJson(response: { statusCode: number; json: () => unknown }) {
    expect(response.statusCode).toBe(400);
    expect(ApiErrorBodySchema.parse(response.json()).error.code).toBe('invalid_json');
  }

  it('answers a place-order body nested 200,000 deep with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/checkouts/${randomUUID()}/place-order?locale=en-us`,
      headers: {
        cookie,
        'idempotency-key': randomUUID(),
        'content-type': 'application/json',
      },
      payload: `{"termsAccepted":true,"checkoutVersion":1,"extra":${nested(DEEP)}}`,
    });
    expectInvalidJson(response);
  });

  it('answers a deep push and a deep card request with 400', async () => {
    const push = await app.inject({
      method: 'POST',
      url: `/api/carts/${randomUUID()}/commands?locale=en-us`,
      headers: { 'content-type': 'application/json' },
      payload: `{"clientId":"client-0001","seq":1,"commandId":"${randomUUID()}","expectedVersion":0,"command":${nested(DEEP)}}`,
    });
    expectInvalidJson(push);
    const card = await app.inject({
      method: 'POST',
      url: '/payment-sandbox/tokens',
      headers: { 'content-type': 'application/json' },
      payload: `{"number":${nested(1_000)}}`,
    });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toMatchObject({ error: { code: 'invalid_json' } });
  });

  it('still takes the store’s own requests, and refuses prototype poisoning as before', async () => {
    const cartId = randomUUID();
    const added = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us`,
      payload: {
        clientId: 'client-0001',
        expectedVersion: 0,
        commands: [
          {
            seq: 1,
            commandId: randomUUID(),
            command: {
              type: 'AddItem',
              data: { code: 'WRI3-KIT', quantity: 1 },
              metadata: { commandId: randomUUID(), now: new Date().toISOString() },
            },
          },
        ],
      },
    });
    expect(added.statusCode).toBe(200);
    const poisoned = await app.inject({
      method: 'POST',
      url: `/api/carts/${cartId}/commands?locale=en-us`,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"polluted":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
