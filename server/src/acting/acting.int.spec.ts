/**
 * Who acts, on PGlite and PostgreSQL (decisions 047, 048): every route under /api and /auth
 * declares who may call it, and one without a declaration is refused when it is added; a
 * session ended on one instance is refused by another within the identity check's bound (the
 * test drives the instances' clock); the event metadata says who acted: a buyer's command, an
 * operator's cancel and the store's fulfilment step each carry their actor, and a command made
 * for a buyer by someone else carries that buyer.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL } from '../../../tests/support/app';
import {
  BuyerFlow,
  samsPurchaseOrder,
  signInDemoBuyers,
  type SignedIn,
} from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { findUserById } from '../auth/users';
import { ProcessManagerRunner } from '../event-store/process-managers';
import { changeOrder } from '../orders/operator';
import { orderFulfilment } from '../orders/fulfilment-process';
import { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { SANDBOX_DENIED_PARTIES } from '../screening/denied-parties';
import { acting } from './acting';
import { IDENTITY_CHECK_SECONDS } from './identity-cache';
import { ACCESS_LEVELS, DECLARED_PREFIXES } from './plugin';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.each(testDatabaseTargets())('who acts on $kind', (target) => {
  let t: TestDatabase;
  let buyers: Record<'dana' | 'sam', SignedIn>;
  const apps: FastifyInstance[] = [];
  let clock = Date.now();

  beforeAll(async () => {
    t = await target.open();
    const warmUp = await buildTestApp(t.database);
    await warmUp.close();
    buyers = await signInDemoBuyers(t.database.db, ['dana', 'sam']);
  }, 120_000);

  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close();
    await t.dispose();
  });

  async function instance(overrides: Parameters<typeof buildTestApp>[1] = {}) {
    const app = await buildTestApp(t.database, {
      processManagers: false,
      clock: () => clock,
      ...overrides,
    });
    apps.push(app);
    return app;
  }

  it('has every /api and /auth route declare who may call it', async () => {
    const app = await instance();
    await app.ready();
    const declared = app.declaredRoutes.filter((route) =>
      DECLARED_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
    );
    expect(declared.length).toBeGreaterThan(40);
    const undeclared = declared.filter(
      (route) => route.access === undefined || !ACCESS_LEVELS.includes(route.access),
    );
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // The buyer's own data is for buyers only.
    for (const route of declared.filter((r) => /^\/api\/(me|orders|checkout)\//.test(r.url))) {
      expect(`${route.method} ${route.url} ${String(route.access)}`).toMatch(/ buyer$/);
    }
  });

  it('serves the built PWA’s files under /auth as public, and the store starts with them', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    try {
      mkdirSync(path.join(dist, 'auth'));
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>store</title>');
      writeFileSync(path.join(dist, 'auth', 'silent-callback.html'), '<!doctype html><p>ok</p>');
      const app = await instance({ staticDir: dist });
      await app.ready();
      const callback = app.declaredRoutes.find((r) => r.url === '/auth/silent-callback.html');
      expect(callback?.access).toBe('public');
      const served = await app.inject({ url: '/auth/silent-callback.html' });
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('<p>ok</p>');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses a route under /api or /auth that does not say who may call it', async () => {
    const app = await instance();
    expect(() => app.get('/api/forgotten', () => Promise.resolve({ secret: true }))).toThrow(
      /does not declare who may call it/,
    );
    expect(() => app.post('/auth/forgotten', () => Promise.resolve({ secret: true }))).toThrow(
      /does not declare who may call it/,
    );
    // Elsewhere (pages, content) nothing needs declaring.
    expect(() => app.get('/content/forgotten', () => Promise.resolve('ok'))).not.toThrow();
  });

  it('answers 401 before the handler runs for a buyer route without a buyer', async () => {
    const app = await instance();
    const anonymous = await app.inject({ url: '/api/me/addresses' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: { code: 'unauthorized', message: 'The session is no longer valid.' },
    });
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const forged = await app.inject({
      url: '/api/me/addresses',
      headers: { cookie: 'store_session=made-up', authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
    const signedIn = await app.inject({
      url: '/api/me/addresses',
      headers: { cookie: buyers.dana.cookie },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a session ended on another instance within the stated bound', async () => {
    clock = Date.now();
    const one = await instance();
    const two = await instance();
    const [session] = [await signInDemoBuyers(t.database.db, ['sam'])];
    const cookie = session.sam.cookie;
    const cart = (app: FastifyInstance) =>
      app.inject({ url: '/api/carts/current?locale=en-gb', headers: { cookie } });
    expect((await cart(one)).statusCode).toBe(200);
    expect((await cart(two)).statusCode).toBe(200);

    const logout = await one.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, origin: TEST_PUBLIC_URL },
    });
    expect(logout.statusCode).toBe(204);
    // The instance that ended it refuses it at once; the session check asks the database.
    expect((await cart(one)).statusCode).toBe(401);
    expect(
      (await two.inject({ url: '/store/customer/current', headers: { cookie } })).statusCode,
    ).toBe(401);
    // The other instance may still take it until what it knows is IDENTITY_CHECK_SECONDS old...
    clock += IDENTITY_CHECK_SECONDS * 1000 - 1;
    const within = (await cart(two)).statusCode;
    expect([200, 401]).toContain(within);
    // ...and never after.
    clock += 1;
    expect((await cart(two)).statusCode).toBe(401);
  });

  it('records who acted: a buyer, an operator, the store’s fulfilment, customer service for a buyer', async () => {
    clock = Date.now();
    const app = await instance();
    const sam = new BuyerFlow(app, buyers.sam, 'en-gb');
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-ACT-0001'));

    // The buyer's own cart command and the order they placed.
    const cartId = order.cartId;
    const buyerEvents = rowsOf<{ type: string; kind: string; id: string }>(
      await t.database.db.execute(sql`
        select type, metadata -> 'actor' ->> 'kind' as kind, metadata -> 'actor' ->> 'id' as id
          from events where stream_id in (${`cart:${cartId}`}, ${`order:${order.orderId}`})
         order by position`),
    );
    expect(buyerEvents.length).toBeGreaterThan(1);
    expect(buyerEvents.every((e) => e.kind === 'user' && e.id === buyers.sam.userId)).toBe(true);

    // The store's fulfilment takes a step (its process manager, on a driven clock).
    let steps = Date.parse(order.placedAt);
    const fulfilment = orderFulfilment({
      db: t.database.db,
      store: () => app.eventStore,
      payments: new SandboxGateway(t.database.db),
      stepMs: 60_000,
      deniedParties: SANDBOX_DENIED_PARTIES,
    });
    const stepping = await instance({ contexts: { order: fulfilment.context } });
    const runner = new ProcessManagerRunner(
      t.database.db,
      stepping.eventStore,
      [fulfilment.process],
      { instanceId: `acting-${randomUUID()}`, now: () => new Date(steps) },
    );
    await runner.runOnce();
    steps += 60_000;
    // Until the step shows: on a PostgreSQL server shared with other tests, an event is read
    // once every older transaction has ended; the clock stays put, so one step at most.
    const stepped = async () =>
      rowsOf<{ n: number | string }>(
        await t.database.db.execute(sql`
          select count(*) as n from events
           where stream_id = ${`order:${order.orderId}`} and type = 'OrderStatusChanged'`),
      )[0]?.n;
    for (let round = 0; round < 200; round += 1) {
      await runner.runOnce();
      if (Number(await stepped()) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Number(await stepped())).toBe(1);
    await runner.stop();

    // An operator cancels it.
    await changeOrder(t.database.db, app.commands, {
      reference: order.webReference,
      action: { kind: 'cancel' },
      operator: 'alex',
    });

    const orderEvents = rowsOf<{ type: string; actor: { kind: string; id: string } }>(
      await t.database.db.execute(sql`
        select type, metadata -> 'actor' as actor from events
         where stream_id = ${`order:${order.orderId}`} order by version`),
    );
    expect(orderEvents.map((e) => [e.type, e.actor])).toEqual([
      ['OrderPlaced', { kind: 'user', id: buyers.sam.userId }],
      ['OrderStatusChanged', { kind: 'system', id: 'fulfilment' }],
      ['OrderStatusChanged', { kind: 'operator', id: 'alex' }],
    ]);

    // Customer service for Dana: the agent acts, Dana is whom it is for.
    const dana = await findUserById(t.database.db, buyers.dana.userId);
    if (!dana) throw new Error('Dana was not seeded');
    const agentCart = randomUUID();
    await app.commands.execute(
      'cart',
      `cart:${agentCart}`,
      { type: 'AddItem', data: { code: 'WRI3-KIT', quantity: 1 } },
      acting.agent('agent-0042', dana, null),
      { commandId: randomUUID(), locale: 'en-us' },
    );
    const [agentEvent] = rowsOf<{ metadata: Record<string, unknown>; owner: string }>(
      await t.database.db.execute(sql`
        select e.metadata, s.owner_id as owner from events e
          join streams s on s.stream_id = e.stream_id
         where e.stream_id = ${`cart:${agentCart}`} order by e.version limit 1`),
    );
    expect(agentEvent?.owner).toBe(buyers.dana.userId);
    expect(agentEvent?.metadata).toMatchObject({
      actor: { kind: 'agent', id: 'agent-0042' },
      onBehalfOf: { userId: buyers.dana.userId },
    });
  });
});
