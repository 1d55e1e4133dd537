/**
 * Orders after checkout on PGlite and PostgreSQL (decision 029): a buyer's history, details and
 * the status lookup never show another's order; the lookup shows no name, address or payment,
 * answers in the spec's words and is counted per client; the fulfilment moves an order on a
 * step at a time and survives a restart without skipping or repeating a step; operators'
 * changes are events with their actor.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryPage } from '../../../../../domain/order/history';
import type { OrderStatusView } from '../../../../../domain/order/lookup';
import { couldBeOrderNumber } from '../../../../../domain/order/numbers';
import type { Order } from '../../../../../domain/order/order';
import { buildTestApp } from '../../../../../tests/support/app';
import { awaitFreshWindow } from '../../../../../tests/support/rate-limits';
import {
  BuyerFlow,
  signInDemoBuyers,
  samsPurchaseOrder,
  type SignedIn,
} from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { nextWebReference } from '../../../checkout/checkout-repository';
import { ProcessManagerRunner } from '../../../event-store/process-managers';
import { orderFulfilment, type OrderFulfilment } from '../../../orders/fulfilment-process';
import { nextOrderNumber } from '../../../orders/order-queries';
import { changeOrder, OperatorError } from '../../../orders/operator';
import { SandboxGateway } from '../../../payments/sandbox/sandbox-gateway';
import { SANDBOX_DENIED_PARTIES } from '../../../screening/denied-parties';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const STEP_MS = 60_000;

describe.each(testDatabaseTargets())('orders after checkout on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let buyers: Record<'sam' | 'dana', SignedIn>;
  let sam: BuyerFlow;
  let first: Order;
  let second: Order;
  let fulfilment: OrderFulfilment;

  beforeAll(async () => {
    t = await target.open();
    fulfilment = orderFulfilment({
      db: t.database.db,
      store: () => app.eventStore,
      payments: new SandboxGateway(t.database.db),
      stepMs: STEP_MS,
      deniedParties: SANDBOX_DENIED_PARTIES,
    });
    app = await buildTestApp(t.database, {
      processManagers: false,
      rateLimits: { orderStatus: 10 },
      contexts: { order: fulfilment.context },
    });
    buyers = await signInDemoBuyers(t.database.db, ['sam', 'dana']);
    sam = new BuyerFlow(app, buyers.sam, 'en-gb');
    first = await sam.order([{ code: 'MCS5-KIT', quantity: 2 }], samsPurchaseOrder('PO-RIV-0001'));
    second = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-RIV-0002'));
  }, 180_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const get = (url: string, who?: SignedIn, ip = '203.0.113.7') =>
    app.inject({ url, headers: who ? { cookie: who.cookie } : {}, remoteAddress: ip });

  it('lists a buyer’s own orders, newest first, filtered and searched; never another’s', async () => {
    const page = (await get('/api/orders?locale=en-gb', buyers.sam)).json<OrderHistoryPage>();
    expect(page.orders.map((o) => o.webReference)).toEqual([
      second.webReference,
      first.webReference,
    ]);
    expect(page.orders[1]).toMatchObject({
      status: 'created',
      poNumber: 'PO-RIV-0001',
      account: { number: '4821' },
      placedBy: { kind: 'user', name: 'Sam Okafor' },
      items: 2,
    });
    const searched = (
      await get('/api/orders?locale=en-gb&q=riv-0001', buyers.sam)
    ).json<OrderHistoryPage>();
    expect(searched.orders.map((o) => o.orderId)).toEqual([first.orderId]);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = (
      await get(`/api/orders?locale=en-gb&from=${today}&to=${today}&status=created`, buyers.sam)
    ).json<OrderHistoryPage>();
    expect(byDay.total).toBe(2);
    const none = (
      await get('/api/orders?locale=en-gb&from=2020-01-01&to=2020-01-31', buyers.sam)
    ).json<OrderHistoryPage>();
    expect(none.total).toBe(0);
    // The total comes with the page; a page past the end still has it.
    expect(page.total).toBe(2);
    const past = (
      await get('/api/orders?locale=en-gb&page=3', buyers.sam)
    ).json<OrderHistoryPage>();
    expect(past).toMatchObject({ orders: [], total: 2, page: 3 });
    // Dana sees none of Sam's orders, by list or by id.
    const danas = (await get('/api/orders?locale=en-gb', buyers.dana)).json<OrderHistoryPage>();
    expect(danas.orders.map((o) => o.orderId)).not.toContain(first.orderId);
    expect((await get(`/api/orders/${first.orderId}`, buyers.dana)).statusCode).toBe(404);
    expect((await get(`/api/orders/${first.orderId}`, buyers.sam)).statusCode).toBe(200);
    expect((await get('/api/orders?locale=en-gb')).statusCode).toBe(401);
    // Bad input is a 400 in words, never a 500.
    const bad = await get('/api/orders?locale=en-gb&from=2026-13-45&page=-1', buyers.sam);
    expect(bad.statusCode).toBe(400);
  });

  it('finds an order for a visitor by number or by PO and organization, without names or addresses', async () => {
    const byNumber = await get(
      `/api/order-status?locale=en-gb&orderNumber=${first.webReference.toLowerCase()}`,
    );
    expect(byNumber.statusCode).toBe(200);
    const found = byNumber.json<{ orders: (OrderStatusView & { orderId: string | null })[] }>();
    expect(found.orders).toHaveLength(1);
    expect(found.orders[0]).toMatchObject({
      webReference: first.webReference,
      status: 'created',
      orderId: null,
    });
    for (const secret of [
      'Okafor',
      'Riverside Walk',
      'LS1 4AP',
      'PO-RIV',
      'accounts@riverside',
      '4821',
    ]) {
      expect(byNumber.body).not.toContain(secret);
    }
    const byPo = await get(
      '/api/order-status?locale=en-gb&poNumber=po-riv-0002&organizationNumber=4821',
    );
    expect(byPo.json<{ orders: OrderStatusView[] }>().orders.map((o) => o.webReference)).toEqual([
      second.webReference,
    ]);
    // The buyer's own order comes with its id, for the link to its details.
    const own = await get(
      `/api/order-status?locale=en-gb&orderNumber=${first.webReference}`,
      buyers.sam,
    );
    expect(own.json<{ orders: { orderId: string }[] }>().orders[0]?.orderId).toBe(first.orderId);
    const others = await get(
      `/api/order-status?locale=en-gb&orderNumber=${first.webReference}`,
      buyers.dana,
    );
    expect(others.json<{ orders: { orderId: string | null }[] }>().orders[0]?.orderId).toBeNull();
  });

  it('gives each order random numbers with a check digit, never one given before', async () => {
    for (const order of [first, second]) {
      expect(order.webReference).toMatch(/^W\d{10}$/);
      expect(couldBeOrderNumber(order.webReference)).toBe(true);
    }
    expect(
      Number(second.webReference.slice(1, 10)) - Number(first.webReference.slice(1, 10)),
    ).not.toBe(1);
    // A number drawn that an order already has is drawn again.
    const draws = [first.webReference, second.webReference, 'W4821007316'];
    expect(await nextWebReference(t.database.db, () => draws.shift() ?? '')).toBe('W4821007316');
    expect(draws).toEqual([]);
    const orderNumbers = ['50931726', '50931726', '40000002'];
    expect(await nextOrderNumber(t.database.db, () => orderNumbers.shift() ?? '')).toBe('50931726');
    expect(await nextOrderNumber(t.database.db, () => orderNumbers.shift() ?? '')).toBe('40000002');
    // Only taken numbers: it gives up rather than give one twice.
    await expect(nextWebReference(t.database.db, () => first.webReference)).rejects.toThrow(
      /No free order number/,
    );
  });

  it('answers a number whose check digit fails as not found, without looking for it', async () => {
    const dialect = new PgDialect();
    const execute = vi.spyOn(t.database.db, 'execute');
    const lookups = () =>
      execute.mock.calls
        .map(([query]) =>
          typeof query === 'string' ? query : dialect.sqlToQuery(query as SQL).sql,
        )
        .filter((statement) => statement.includes('read_models'));
    try {
      const digits = first.webReference.slice(1);
      const last = Number(digits.at(-1));
      const mistyped = `W${digits.slice(0, -1)}${String((last + 1) % 10)}`;
      const miss = await get(
        `/api/order-status?locale=en-gb&orderNumber=${mistyped}`,
        undefined,
        '203.0.113.9',
      );
      expect(miss.statusCode).toBe(404);
      expect(miss.json<{ error: { message: string } }>().error.message).toBe(
        'unable to locate this website order',
      );
      expect(lookups()).toEqual([]);
      // The number as given is looked for.
      const hit = await get(
        `/api/order-status?locale=en-gb&orderNumber=${first.webReference}`,
        undefined,
        '203.0.113.9',
      );
      expect(hit.statusCode).toBe(200);
      expect(lookups()).toHaveLength(1);
    } finally {
      execute.mockRestore();
    }
  });

  it('answers each miss in the spec’s words', async () => {
    const message = async (query: string) => {
      const response = await get(
        `/api/order-status?locale=en-gb&${query}`,
        undefined,
        '203.0.113.8',
      );
      return {
        status: response.statusCode,
        message: response.json<{ error: { message: string } }>().error.message,
      };
    };
    // A number whose check digit holds, that no order has.
    expect(await message('orderNumber=W9999999990')).toEqual({
      status: 404,
      message: 'unable to locate this website order',
    });
    expect(await message('poNumber=PO-NOBODY&organizationNumber=4821')).toEqual({
      status: 404,
      message: "can't find this Purchase Order",
    });
    expect(await message('poNumber=PO-RIV-0001&organizationNumber=1234')).toEqual({
      status: 404,
      message: "We didn't find any orders using the provided input",
    });
    // Sam's order is not found from another storefront.
    const elsewhere = await get(
      `/api/order-status?locale=en-us&orderNumber=${first.webReference}`,
      undefined,
      '203.0.113.8',
    );
    expect(elsewhere.statusCode).toBe(404);
    const short = await get(
      '/api/order-status?locale=en-gb&orderNumber=W12',
      undefined,
      '203.0.113.8',
    );
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Enter an order number of 7 to 14 characters.');
    const noOrg = await get(
      '/api/order-status?locale=en-gb&poNumber=PO-RIV-0001&organizationNumber=48',
      undefined,
      '203.0.113.8',
    );
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.body).toContain('Enter a valid 4-digit organization account number.');
  });

  it('counts lookups per client: the eleventh in a minute waits', async () => {
    // All eleven in one minute of the database's clock (RATE_LIMIT_ORDER_STATUS=10 here).
    await awaitFreshWindow(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await get(
            '/api/order-status?locale=en-gb&orderNumber=W9999999990',
            undefined,
            '198.51.100.20',
          )
        ).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    const limited = await get(
      '/api/order-status?locale=en-gb&orderNumber=W9999999990',
      undefined,
      '198.51.100.20',
    );
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<{ error: { message: string } }>().error.message).toBe(
      'Too many lookups from this device. Please wait a minute and try again.',
    );
    // Another client is not held back.
    expect(
      (
        await get(
          '/api/order-status?locale=en-gb&orderNumber=W9999999990',
          undefined,
          '198.51.100.21',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('moves an order on a step at a time, across a restart, without skipping or repeating one', async () => {
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-RIV-0003'));
    let clock = Date.parse(order.placedAt);
    // The fulfilment's process manager, as the store runs it, on a clock the test drives.
    const runner = (instanceId: string) =>
      new ProcessManagerRunner(t.database.db, app.eventStore, [fulfilment.process], {
        instanceId,
        leaseMs: 600_000,
        now: () => new Date(clock),
      });
    const current = async () =>
      (await get(`/api/orders/${order.orderId}`, buyers.sam)).json<{ order: Order }>().order;
    /**
     * Runs until the order has the status. On a PostgreSQL server shared with other tests, an
     * event is read only once every transaction older than it has ended (other tests' too),
     * so one run may not see it yet; the clock stays put, so no run can take a second step.
     */
    const stepTo = async (runner: ProcessManagerRunner, status: Order['status']) => {
      for (let round = 0; round < 200; round += 1) {
        await runner.runOnce();
        if ((await current()).status === status) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect((await current()).status).toBe(status);
    };

    const one = runner('instance-one');
    // Not before a step's time.
    await one.runOnce();
    expect((await current()).status).toBe('created');
    clock += STEP_MS;
    await stepTo(one, 'open');
    const orderNumber = (await current()).fulfilment.orderNumber ?? '';
    expect(orderNumber).toMatch(/^\d{8}$/);
    expect(couldBeOrderNumber(orderNumber)).toBe(true);
    // Two instances at once: the lease lets one work; one step, once.
    clock += STEP_MS;
    const other = runner('instance-two');
    await Promise.all([one.runOnce(), other.runOnce()]);
    await stepTo(one, 'processing');
    // A restart: the next instance takes the lease over and goes on from the checkpoint.
    await one.stop();
    await other.runOnce();
    expect((await current()).status).toBe('processing');
    clock += STEP_MS;
    await stepTo(other, 'awaitingShipping');
    clock += STEP_MS;
    await stepTo(other, 'completed');
    const done = await current();
    expect(done.status).toBe('completed');
    expect(done.fulfilment.history.map((h) => h.status)).toEqual([
      'created',
      'open',
      'processing',
      'awaitingShipping',
      'completed',
    ]);
    expect(done.fulfilment.shipment).toMatchObject({ carrier: 'Royal Mail' });
    expect(done.fulfilment.shipment?.trackingNumber).toMatch(/^[A-Z]{2}\d{9}PS$/);
    // The lookup follows: status, tracking, no names.
    const lookup = await get(
      `/api/order-status?locale=en-gb&orderNumber=${done.fulfilment.orderNumber ?? ''}`,
      undefined,
      '203.0.113.9',
    );
    expect(lookup.json<{ orders: OrderStatusView[] }>().orders[0]).toMatchObject({
      status: 'completed',
      shipment: { carrier: 'Royal Mail' },
    });
    // Each step is one event, by the store's fulfilment, caused by the event before it.
    const events = rowsOf<{ type: string; kind: string; actor: string; cause: string }>(
      await t.database.db.execute(sql`
        select type, metadata -> 'actor' ->> 'kind' as kind, metadata -> 'actor' ->> 'id' as actor,
               metadata ->> 'causationId' as cause
          from events where stream_id = ${`order:${order.orderId}`} order by version`),
    );
    expect(events.map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderStatusChanged',
      'OrderStatusChanged',
      'OrderStatusChanged',
      'OrderStatusChanged',
    ]);
    expect(events.slice(1).every((e) => e.kind === 'system' && e.actor === 'fulfilment')).toBe(
      true,
    );
    expect(events.slice(1).map((e) => e.cause)).toEqual(
      [1, 2, 3, 4].map((v) => `order:${order.orderId}@${String(v)}`),
    );
    await other.stop();
  });

  it('lets an operator cancel or return an order, as an event with the operator as actor', async () => {
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-RIV-0004'));
    const cancelled = await changeOrder(t.database.db, app.commands, {
      reference: order.webReference,
      action: { kind: 'cancel' },
      operator: 'alex',
      note: 'Customer phoned',
    });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.fulfilment.history.at(-1)).toMatchObject({
      reason: 'cancelled',
      note: 'Customer phoned',
    });
    await expect(
      changeOrder(t.database.db, app.commands, {
        reference: order.orderId,
        action: { kind: 'return' },
        operator: 'alex',
      }),
    ).rejects.toThrow(OperatorError);
    const [actor] = rowsOf<{ kind: string; id: string }>(
      await t.database.db.execute(sql`
        select metadata -> 'actor' ->> 'kind' as kind, metadata -> 'actor' ->> 'id' as id
          from events where stream_id = ${`order:${order.orderId}`} order by version desc limit 1`),
    );
    expect(actor).toEqual({ kind: 'operator', id: 'alex' });
  });
});
