/**
 * The idempotency-key helper on both databases: a repeated key returns the first answer and
 * runs nothing again; the same key for another request is refused; a failure frees the key.
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../db/migrate';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { registerErrorHandling } from './errors';
import { sendOnce } from './idempotency';

describe.each(testDatabaseTargets())('requests that run once ($kind)', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let runs = 0;
  let failNext = false;
  let busyNext = false;

  beforeEach(async () => {
    t = await target.open();
    await migrate(t.database, await readMigrations());
    runs = 0;
    app = Fastify();
    registerErrorHandling(app);
    app.post('/orders', (request, reply) =>
      sendOnce(t.database.db, request, reply, 'orders:user-1', () => {
        runs += 1;
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('the gateway is down'));
        }
        if (busyNext) {
          busyNext = false;
          return Promise.resolve({ statusCode: 409, body: { busy: true }, final: false as const });
        }
        return Promise.resolve({ statusCode: 201, body: { orderId: `order-${String(runs)}` } });
      }),
    );
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    await t.dispose();
  });

  const post = (key: string | undefined, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/orders',
      headers: key ? { 'idempotency-key': key } : {},
      payload: body as object,
    });

  it('takes over a claim whose process died (a lapsed claim stamped in microseconds)', async () => {
    expect((await post('key-0000009', { cart: 'a' })).statusCode).toBe(201);
    // As a process killed mid-request leaves it: running, its lease over, in the database's
    // own precision (not whole milliseconds).
    await t.database.db.execute(
      sql`update idempotency_keys set status = 'running', response = null,
             updated_at = now() - interval '2 minutes 0.000123 seconds'
           where key = 'key-0000009'`,
    );
    const again = await post('key-0000009', { cart: 'a' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(2);
    expect((await post('key-0000009', { cart: 'a' })).headers['idempotent-replayed']).toBe('true');
  });

  it('keeps no answer that is not the outcome: the same request sent again runs', async () => {
    busyNext = true;
    const busy = await post('key-0000011', { cart: 'a' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ busy: true });
    const again = await post('key-0000011', { cart: 'a' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(2);
  });

  it('answers a repeated key with the first answer, running the work once', async () => {
    const first = await post('key-0000001', { cart: 'a' });
    expect(first.statusCode).toBe(201);
    const again = await post('key-0000001', { cart: 'a' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(runs).toBe(1);
    // The same key for another request is refused; a new key runs.
    expect((await post('key-0000001', { cart: 'b' })).statusCode).toBe(422);
    expect((await post('key-0000002', { cart: 'b' })).json()).toEqual({ orderId: 'order-2' });
  });

  it('needs a well-formed key, and frees a key whose request failed', async () => {
    expect((await post(undefined, { cart: 'a' })).statusCode).toBe(400);
    expect((await post('bad key\u0000', { cart: 'a' })).statusCode).toBe(400);
    failNext = true;
    expect((await post('key-0000003', { cart: 'a' })).statusCode).toBe(500);
    const retried = await post('key-0000003', { cart: 'a' });
    expect(retried.statusCode).toBe(201);
    expect(runs).toBe(2);
  });

  it('lets a retry take over a claim whose process died, after its lease', async () => {
    const { idempotencyKeys } = await import('../db/schema');
    await t.database.db.insert(idempotencyKeys).values({
      scope: 'orders:user-1',
      key: 'key-0000009',
      requestHash: 'x',
      status: 'running',
    });
    // Another request's claim (another hash): refused as a different request.
    expect((await post('key-0000009', { cart: 'a' })).statusCode).toBe(422);
    const first = await post('key-0000010', { cart: 'a' });
    expect(first.statusCode).toBe(201);
    // A claim of this very request, left running long ago by a process that died.
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(idempotencyKeys)
      .set({ status: 'running', updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(idempotencyKeys.key, 'key-0000010'));
    const retried = await post('key-0000010', { cart: 'a' });
    expect(retried.statusCode).toBe(201);
    expect(runs).toBe(2);
  });
});
