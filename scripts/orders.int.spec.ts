/**
 * `npm run orders` while the store runs (decisions 029, 037): on the embedded database the
 * tool sends each command through the store's operator channel (this process holds the
 * directory's lock, so the tool could not open it); with DATABASE_URL it works on the server
 * beside the store. Each change is an event with the operator as its actor; `step` takes the
 * fulfilment's next step now; bad input is said in words, with a non-zero exit. With the
 * store stopped, the tool opens the embedded database itself and does the same.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../domain/order/order';
import { findOrder } from '../server/src/orders/operator';
import { BuyerFlow, samsPurchaseOrder, signInDemoBuyers } from '../tests/support/checkout-flow';
import { stepOrder, TEST_OPERATOR } from '../tests/support/operator';
import {
  runTool,
  startTestStore,
  testStoreKinds,
  type TestStore,
  type ToolRun,
} from '../tests/support/running-store';

/** No automatic step runs during the test: every move is the operator's. */
const STORE_SETTINGS = { FULFILMENT_STEP_SECONDS: '604800' };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A run that succeeded; its output. */
function printed(run: ToolRun): string {
  expect(run.stderr, run.stdout).toBe('');
  expect(run.code).toBe(0);
  return run.stdout;
}

/** A run refused in words: exit 1, the message on stderr, no stack trace. */
function refused(run: ToolRun): string {
  expect(run.code, run.stdout).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toMatch(/^\s+at /m);
  return run.stderr.trim();
}

describe.each(testStoreKinds())('npm run orders while the store runs (%s)', (kind) => {
  let store: TestStore;
  let first: Order;
  let second: Order;

  const orders = (...args: string[]) => runTool('orders', args, store.env);

  async function lastEvent(order: Order) {
    const [event] = rowsOf<{ type: string; actor: { kind: string; id: string } }>(
      await store.server.database.db.execute(sql`
        select type, metadata -> 'actor' as actor from events
         where stream_id = ${`order:${order.orderId}`} order by version desc limit 1`),
    );
    return event;
  }

  async function eventCount(order: Order) {
    const [row] = rowsOf<{ n: number }>(
      await store.server.database.db.execute(
        sql`select count(*)::int as n from events where stream_id = ${`order:${order.orderId}`}`,
      ),
    );
    return row?.n;
  }

  async function statusOf(order: Order) {
    return (await findOrder(store.server.database.db, order.orderId))?.order.status;
  }

  beforeAll(async () => {
    store = await startTestStore(kind, STORE_SETTINGS);
    const { sam } = await signInDemoBuyers(store.server.database.db, ['sam']);
    const flow = new BuyerFlow(store.server.app, sam, 'en-gb');
    first = await flow.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-OPS-0001'));
    second = await flow.order([{ code: 'MCS5-KIT', quantity: 2 }], samsPurchaseOrder('PO-OPS-2'));
  }, 180_000);

  afterAll(async () => {
    await store.dispose();
  });

  it('lists the orders and shows one', async () => {
    const list = printed(await orders('list'));
    expect(list).toMatch(/^Web ref #\s+Order #\s+Placed \(UTC\)\s+Status\s+Total\s+Buyer\n/);
    expect(list).toMatch(new RegExp(`^${second.webReference}\\s.*created.*Sam Okafor$`, 'm'));
    expect(list).toMatch(new RegExp(`^${first.webReference}\\s.*created.*Sam Okafor$`, 'm'));
    expect(list.indexOf(second.webReference)).toBeLessThan(list.indexOf(first.webReference));
    const limited = printed(await orders('list', '--limit', '1', '--status', 'created'));
    expect(limited).toContain(second.webReference);
    expect(limited).not.toContain(first.webReference);

    const shown = printed(await orders('show', first.webReference.toLowerCase()));
    expect(shown).toContain(`Order ${first.orderId}\n`);
    expect(shown).toContain(`  Web reference #  ${first.webReference}\n`);
    expect(shown).toContain('  Status           created\n');
    expect(shown).toContain('  Items            1 × MCS5-KIT\n');
  });

  it('takes the next fulfilment step now, one at a time, as the operator', async () => {
    expect(printed(await orders('step', first.webReference, '--by', 'alex'))).toBe(
      `${first.webReference} is open now.\n`,
    );
    expect(await statusOf(first)).toBe('open');
    expect(await lastEvent(first)).toEqual({
      type: 'OrderStatusChanged',
      actor: { kind: 'operator', id: 'alex' },
    });
    const stepped = await findOrder(store.server.database.db, first.orderId);
    expect(stepped?.order.fulfilment.orderNumber).toMatch(/^\d{8}$/);
    expect(stepped?.order.fulfilment.history.at(-1)).toMatchObject({
      status: 'open',
      reason: 'accepted',
    });
    // By its Order # now, one step further.
    const orderNumber = stepped?.order.fulfilment.orderNumber ?? '';
    expect(printed(await orders('step', orderNumber, '--by', 'alex'))).toBe(
      `${first.webReference} is processing now.\n`,
    );
    expect(await statusOf(first)).toBe('processing');
  });

  it('cancels an order, as an event with the operator as actor, and then has no step to take', async () => {
    expect(
      printed(await orders('cancel', second.webReference, '--by', 'alex', '--note', 'Phoned')),
    ).toBe(`${second.webReference} is cancelled now.\n`);
    expect(await lastEvent(second)).toEqual({
      type: 'OrderStatusChanged',
      actor: { kind: 'operator', id: 'alex' },
    });
    const cancelled = await findOrder(store.server.database.db, second.orderId);
    expect(cancelled?.order.fulfilment.history.at(-1)).toMatchObject({
      status: 'cancelled',
      reason: 'cancelled',
      note: 'Phoned',
    });
    const events = await eventCount(second);
    expect(printed(await orders('step', second.orderId))).toBe(
      `No step to take now: ${second.webReference} is cancelled.\nThe fulfilment has no step for an order that is cancelled.\n`,
    );
    expect(await eventCount(second)).toBe(events);
  });

  it('says in words what it cannot do, and exits non-zero', { timeout: 120_000 }, async () => {
    // None of them changes anything: they run side by side.
    const [show, step, move, back, status, unknown, limit] = await Promise.all([
      orders('show', 'W0000000000'),
      orders('step', 'W0000000000'),
      orders('move', second.webReference, 'open'),
      orders('return', first.webReference),
      orders('move', first.webReference, 'shipped'),
      orders('launch'),
      orders('list', '--limit', '0'),
    ]);
    expect(refused(show)).toBe('No order W0000000000.');
    expect(refused(step)).toBe('No order W0000000000.');
    expect(refused(move)).toBe('An order that is cancelled cannot become open.');
    expect(refused(back)).toBe(
      'An order that is processing cannot be returned (only a completed one, then once it is back).',
    );
    expect(refused(status)).toMatch(/^"shipped" is not a status: cancelled, /);
    expect(refused(unknown)).toMatch(/^Unknown command "launch"\.\n\nUsage:/);
    expect(refused(limit)).toBe('--limit takes a whole number from 1 to 10000.');
    expect(await statusOf(first)).toBe('processing');
    expect(await statusOf(second)).toBe('cancelled');
  });

  if (kind === 'pglite') {
    it('moves an order on for the browser tests, through the channel', async () => {
      expect(await stepOrder(store.dataDir, first.webReference)).toBe('awaitingShipping');
      expect(await lastEvent(first)).toEqual({
        type: 'OrderStatusChanged',
        actor: { kind: 'operator', id: TEST_OPERATOR },
      });
      // Nothing to do: the status as it stands.
      expect(await stepOrder(store.dataDir, second.webReference)).toBe('cancelled');
      await expect(stepOrder(store.dataDir, 'W0000000000')).rejects.toThrow(
        'No order W0000000000.',
      );
    });

    it('opens the embedded database itself once the store is stopped', async () => {
      await store.stop();
      expect(printed(await orders('step', first.webReference, '--by', 'sam'))).toBe(
        `${first.webReference} is completed now.\n`,
      );
      const shown = printed(await orders('show', first.webReference));
      expect(shown).toContain('  Status           completed\n');
      expect(shown).toMatch(/^ {2}Shipment {9}Royal Mail \S+$/m);
      expect(refused(await orders('show', 'W0000000000'))).toBe('No order W0000000000.');
    });
  }
});
