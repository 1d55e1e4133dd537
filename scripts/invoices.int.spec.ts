/**
 * `npm run invoices` while the store runs (decisions 037, 053): on the embedded database the
 * tool sends each command through the store's operator channel; with DATABASE_URL it works on
 * the server beside the store. An operator issues the invoice of a shipped order as the
 * invoicing process manager would (the manager, coming to the order later, does nothing) and
 * credits it; each change is an event with the operator as its actor; bad input is said in
 * words, with a non-zero exit. With the store stopped, the tool opens the embedded database
 * itself and does the same.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../domain/order/order';
import { INVOICING } from '../server/src/invoices/invoice-process';
import { findInvoice } from '../server/src/invoices/operator';
import { findOrder } from '../server/src/orders/operator';
import { BuyerFlow, samsPurchaseOrder, signInDemoBuyers } from '../tests/support/checkout-flow';
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

describe.each(testStoreKinds())('npm run invoices while the store runs (%s)', (kind) => {
  let store: TestStore;
  /** Shipped, and invoiced by the operator. */
  let shipped: Order;
  /** Not shipped yet. */
  let waiting: Order;
  /** Cancelled. */
  let cancelled: Order;
  let number = '';

  const invoices = (...args: string[]) => runTool('invoices', args, store.env);
  const orders = (...args: string[]) => runTool('orders', args, store.env);
  const db = () => store.server.database.db;

  async function invoiceEvents(order: Order) {
    return rowsOf<{ type: string; actor: { kind: string; id: string } }>(
      await db().execute(sql`
        select type, metadata -> 'actor' as actor from events
         where stream_id = ${`invoice:${order.orderId}`} order by version`),
    );
  }

  /**
   * The invoicing manager's lease, taken as if another instance held it: the store's own
   * manager leaves the orders alone meanwhile, so an order ships with no invoice.
   */
  async function holdInvoicing(held: boolean) {
    await db().execute(
      held
        ? sql`
          insert into checkpoints (name, lease_owner, lease_until)
          values (${INVOICING}, 'elsewhere', now() + interval '1 hour')
          on conflict (name) do update
             set lease_owner = excluded.lease_owner, lease_until = excluded.lease_until`
        : sql`
          update checkpoints set lease_owner = null, lease_until = null
           where name = ${INVOICING} and lease_owner = 'elsewhere'`,
    );
  }

  /** Whether the store's invoicing manager has handled every event of the order. */
  async function invoicingPassed(order: Order): Promise<boolean> {
    const [row] = rowsOf<{ passed: boolean }>(
      await db().execute(sql`
        select (c.transaction_id::xid8, c.position) >= (e.transaction_id, e.position) as passed
          from checkpoints c, events e
         where c.name = ${INVOICING} and e.stream_id = ${`order:${order.orderId}`}
         order by e.version desc limit 1`),
    );
    return row?.passed === true;
  }

  async function shipByHand(order: Order) {
    for (const status of ['open', 'processing', 'awaitingShipping', 'completed']) {
      expect(printed(await orders('step', order.webReference, '--by', 'alex'))).toBe(
        `${order.webReference} is ${status} now.\n`,
      );
    }
  }

  beforeAll(async () => {
    store = await startTestStore(kind, STORE_SETTINGS);
    const { sam } = await signInDemoBuyers(db(), ['sam']);
    const flow = new BuyerFlow(store.server.app, sam, 'en-gb');
    shipped = await flow.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-INV-0001'));
    waiting = await flow.order([{ code: 'MCS5-KIT', quantity: 2 }], samsPurchaseOrder('PO-INV-2'));
    cancelled = await flow.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-INV-3'));
    await holdInvoicing(true);
    await shipByHand(shipped);
    expect(printed(await orders('cancel', cancelled.webReference))).toBe(
      `${cancelled.webReference} is cancelled now.\n`,
    );
  }, 300_000);

  afterAll(async () => {
    await store.dispose();
  });

  it(
    'issues the invoice of a shipped order as the operator, once',
    { timeout: 120_000 },
    async () => {
      expect(await invoiceEvents(shipped)).toEqual([]);
      const issued = printed(await invoices('issue', shipped.webReference, '--by', 'alex'));
      const match = /^Issued (INV\d{8}) \(order (W\d+)\) is open now; balance (\S+) GBP\.\n$/.exec(
        issued,
      );
      expect(match, issued).not.toBeNull();
      number = match?.[1] ?? '';
      expect(match?.[2]).toBe(shipped.webReference);
      expect(Math.round(Number(match?.[3]) * 100)).toBe(shipped.totals.totalMinor);
      expect(await invoiceEvents(shipped)).toEqual([
        { type: 'InvoiceIssued', actor: { kind: 'operator', id: 'alex' } },
      ]);
      const found = await findInvoice(db(), shipped.orderId);
      const order = (await findOrder(db(), shipped.orderId))?.order;
      const shippedOn = order?.fulfilment.history.at(-1)?.at.slice(0, 10);
      expect(found?.view.invoice).toMatchObject({
        invoiceId: shipped.orderId,
        number,
        poNumber: 'PO-INV-0001',
        terms: 'net-30',
        issuedOn: shippedOn,
      });

      // The manager, let go, comes to the order's shipping and finds it invoiced.
      await holdInvoicing(false);
      await expect.poll(() => invoicingPassed(shipped), { timeout: 60_000 }).toBe(true);
      expect(await invoiceEvents(shipped)).toEqual([
        { type: 'InvoiceIssued', actor: { kind: 'operator', id: 'alex' } },
      ]);
      expect((await findInvoice(db(), number))?.view.invoice?.number).toBe(number);

      // Issued already: by its Order # too.
      const orderNumber = order?.fulfilment.orderNumber ?? '';
      expect(refused(await invoices('issue', orderNumber))).toBe(
        `Order ${shipped.webReference} has its invoice already: ${number}.`,
      );
    },
  );

  it('lists the invoices and shows one, with its history', async () => {
    const list = printed(await invoices('list'));
    expect(list).toMatch(/^Invoice #\s+Order\s+PO\s+Account\s+Status\s+Total\s+Balance\s+Due\n/);
    expect(list).toMatch(
      new RegExp(
        `^${number}\\s+${shipped.webReference}\\s+PO-INV-0001\\s+4821\\s+open\\s.*\\d{4}-\\d{2}-\\d{2}$`,
        'm',
      ),
    );
    expect(printed(await invoices('list', '--status', 'open', '--limit', '1'))).toContain(number);
    expect(printed(await invoices('list', '--status', 'paid'))).toBe('No invoices.\n');
    const accountId = (await findInvoice(db(), number))?.view.invoice?.account.id ?? '';
    expect(printed(await invoices('list', '--account', accountId))).toContain(number);
    expect(printed(await invoices('list', '--account', 'no-such-account'))).toBe('No invoices.\n');

    const shown = printed(await invoices('show', number.toLowerCase()));
    expect(shown).toContain(`Invoice ${number}\n`);
    expect(shown).toContain(`  Id               ${shipped.orderId}\n`);
    expect(shown).toContain('  Status           open\n');
    expect(shown).toContain('  PO number        PO-INV-0001\n');
    expect(shown).toContain('  Terms            net-30\n');
    expect(shown).toMatch(/^ {2}1 × MCS5-KIT /m);
    expect(shown).toContain('Payments\n  none\n');
    expect(shown).toContain('Credit note\n  none\n');
    expect(shown).toMatch(
      /^History\n {2}\d{4}-\d{2}-\d{2} [\d:]{8} {4}1 {2}InvoiceIssued\s+operator alex$/m,
    );
    // By its id as well.
    expect(printed(await invoices('show', shipped.orderId))).toBe(shown);
  });

  it('credits the invoice with a credit note, as the operator, once', async () => {
    const credited = printed(
      await invoices(
        'credit',
        number,
        '--reason',
        'Damaged in transit',
        '--note',
        'Phoned',
        '--by',
        'alex',
      ),
    );
    const match =
      /^Credit note (CN\d{8}): (INV\d{8}) \(order \S+\) is credited now; balance 0\.00 GBP\.\n$/.exec(
        credited,
      );
    expect(match, credited).not.toBeNull();
    expect(match?.[2]).toBe(number);
    const creditNote = match?.[1] ?? '';
    expect((await invoiceEvents(shipped)).at(-1)).toEqual({
      type: 'InvoiceCredited',
      actor: { kind: 'operator', id: 'alex' },
    });
    const shown = printed(await invoices('show', number));
    expect(shown).toContain('  Status           credited\n');
    expect(shown).toMatch(
      new RegExp(
        `^Credit note\\n {2}${creditNote} .* operator: Damaged in transit \\(Phoned\\)$`,
        'm',
      ),
    );
    expect(shown).toMatch(/^ {2}\S+ \S+ {4}2 {2}InvoiceCredited\s+operator alex$/m);
    expect(printed(await invoices('list', '--status', 'credited'))).toContain(number);

    expect(refused(await invoices('credit', number, '--reason', 'Again'))).toBe(
      `Invoice ${number} was credited already: credit note ${creditNote}.`,
    );
    expect(await invoiceEvents(shipped)).toHaveLength(2);
  });

  it('says in words what it cannot do, and exits non-zero', { timeout: 120_000 }, async () => {
    // None of them changes anything: they run side by side.
    const [show, credit, noReason, notShipped, gone, noOrder, unknown, status, limit, noInvoice] =
      await Promise.all([
        invoices('show', 'INV00000000'),
        invoices('credit', 'INV00000000', '--reason', 'Wrong'),
        invoices('credit', number),
        invoices('issue', waiting.webReference),
        invoices('issue', cancelled.webReference),
        invoices('issue', 'W0000000000'),
        invoices('launch'),
        invoices('list', '--status', 'unpaid'),
        invoices('list', '--limit', '0'),
        invoices('show'),
      ]);
    expect(refused(show)).toBe('No invoice INV00000000.');
    expect(refused(credit)).toBe('No invoice INV00000000.');
    expect(refused(noReason)).toMatch(/^credit needs --reason <text> .*\n\nUsage:/);
    expect(refused(notShipped)).toBe(
      `Order ${waiting.webReference} has not shipped yet (it is created): its invoice is issued when it ships, or completes with nothing to ship.`,
    );
    expect(refused(gone)).toBe(
      `Order ${cancelled.webReference} is cancelled and never shipped: it has no invoice.`,
    );
    expect(refused(noOrder)).toBe('No order W0000000000.');
    expect(refused(unknown)).toMatch(/^Unknown command "launch"\.\n\nUsage:/);
    expect(refused(status)).toBe(
      '"unpaid" is not a status: open, partially-paid, paid, overdue, credited.',
    );
    expect(refused(limit)).toBe('--limit takes a whole number from 1 to 10000.');
    expect(refused(noInvoice)).toMatch(/^show needs an invoice\.\n\nUsage:/);
    expect(await invoiceEvents(waiting)).toEqual([]);
    expect(await invoiceEvents(cancelled)).toEqual([]);
  });

  if (kind === 'pglite') {
    it(
      'opens the embedded database itself once the store is stopped',
      { timeout: 180_000 },
      async () => {
        await store.stop();
        await shipByHand(waiting);
        const issued = printed(await invoices('issue', waiting.orderId, '--by', 'sam'));
        expect(issued).toMatch(
          new RegExp(`^Issued INV\\d{8} \\(order ${waiting.webReference}\\) is open now;`),
        );
        const shown = printed(await invoices('show', waiting.orderId));
        expect(shown).toContain('  PO number        PO-INV-2\n');
        expect(shown).toMatch(/ {2}InvoiceIssued\s+operator sam$/m);
        expect(refused(await invoices('show', 'INV00000000'))).toBe('No invoice INV00000000.');
      },
    );
  }
});
