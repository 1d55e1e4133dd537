/**
 * Invoices on PGlite and PostgreSQL (decision 053): a purchase order's order that ships
 * issues one invoice, due in 30 days, exactly once across two instances at once and a
 * restart that lost its checkpoint; a card order's invoice is paid at issue; every member of
 * the account reads it (Priya, a member of Riverside, reads Sam's), anyone else gets 404; the
 * list filters by status and account, finds by invoice, order and PO number, and sums each
 * account's balance by age; a returned order's invoice is credited.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceAccountSummary } from '../../../../../domain/invoice/list';
import type { InvoiceView } from '../../../../../domain/invoice/invoice';
import { addDays } from '../../../../../domain/shared/calendar';
import type { Order } from '../../../../../domain/order/order';
import { buildTestApp } from '../../../../../tests/support/app';
import {
  BuyerFlow,
  LEEDS_ADDRESS,
  samsPurchaseOrder,
  signInDemoBuyers,
  type CheckoutChoices,
  type SignedIn,
} from '../../../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../../../tests/support/databases';
import { ProcessManagerRunner } from '../../../event-store/process-managers';
import { invoicing } from '../../../invoices/invoice-process';
import { orderFulfilment, type OrderFulfilment } from '../../../orders/fulfilment-process';
import { changeOrder } from '../../../orders/operator';
import { SandboxGateway } from '../../../payments/sandbox/sandbox-gateway';
import { SANDBOX_DENIED_PARTIES } from '../../../screening/denied-parties';

const STEP_MS = 60_000;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.each(testDatabaseTargets())('invoices on $kind', (target) => {
  let t: TestDatabase;
  let app: FastifyInstance;
  let buyers: Record<'sam' | 'dana' | 'priya', SignedIn>;
  let sam: BuyerFlow;
  let fulfilment: OrderFulfilment;
  let clock = Date.now();

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
      contexts: { order: fulfilment.context },
    });
    buyers = await signInDemoBuyers(t.database.db, ['sam', 'dana', 'priya']);
    sam = new BuyerFlow(app, buyers.sam, 'en-gb');
  }, 180_000);

  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  const get = (url: string, who: SignedIn) => app.inject({ url, headers: { cookie: who.cookie } });

  /** The fulfilment and invoicing as the store runs them, on a clock the test moves. */
  const runner = (instanceId: string) =>
    new ProcessManagerRunner(
      t.database.db,
      app.eventStore,
      [fulfilment.process, invoicing({ db: t.database.db, store: () => app.eventStore })],
      { instanceId, leaseMs: 600_000, now: () => new Date(clock) },
    );

  const invoiceOf = async (order: Order, who = buyers.sam) =>
    get(`/api/invoices/${order.orderId}`, who);

  /**
   * Steps the order until it has shipped or completed and its invoice is issued. On a shared
   * PostgreSQL an event is read once older transactions end, so a run may not see it yet.
   */
  async function shipAndInvoice(order: Order, runners = [runner('instance-one')]) {
    for (let round = 0; round < 400; round += 1) {
      clock += STEP_MS;
      await Promise.all(runners.map((r) => r.runOnce()));
      if ((await invoiceOf(order)).statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const response = await invoiceOf(order);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ invoice: InvoiceView }>().invoice;
  }

  async function invoiceEvents(order: Order) {
    return rowsOf<{ type: string; actor: { kind: string; id: string } }>(
      await t.database.db.execute(sql`
        select type, metadata -> 'actor' as actor from events
         where stream_id = ${`invoice:${order.orderId}`} order by version`),
    );
  }

  let poOrder: Order;
  let poInvoice: InvoiceView;

  it('issues one invoice when a purchase order’s order ships, due in 30 days, whatever runs twice', async () => {
    poOrder = await sam.order(
      [{ code: 'MCS5-KIT', quantity: 2 }],
      samsPurchaseOrder('PO-INV-0001'),
    );
    // Two instances at once, then a restart that lost the invoicing checkpoint.
    const one = runner('instance-one');
    const two = runner('instance-two');
    poInvoice = await shipAndInvoice(poOrder, [one, two]);
    await one.stop();
    await two.stop();
    await t.database.db.execute(
      sql`update checkpoints set position = 0, transaction_id = '0' where name = 'invoicing'`,
    );
    const restarted = runner('instance-three');
    for (let i = 0; i < 5; i += 1) await restarted.runOnce();
    await restarted.stop();

    expect(await invoiceEvents(poOrder)).toEqual([
      { type: 'InvoiceIssued', actor: { kind: 'system', id: 'invoicing' } },
    ]);
    const invoice = poInvoice.invoice;
    expect(poInvoice.status).toBe('open');
    expect(invoice?.number).toMatch(/^INV\d{8}$/);
    expect(invoice?.terms).toBe('net-30');
    expect(invoice?.poNumber).toBe('PO-INV-0001');
    expect(invoice?.dueOn).toBe(addDays(invoice?.issuedOn ?? '', 30));
    expect(invoice?.totals).toEqual(poOrder.totals);
    expect(invoice?.lines.map((l) => [l.code, l.quantity])).toEqual([['MCS5-KIT', 2]]);
    expect(invoice?.billTo.line1).toBe(LEEDS_ADDRESS.line1);
    expect(poInvoice.balanceMinor).toBe(poOrder.totals.totalMinor);
  });

  it('shows the invoice to every member of the account, and to nobody else', async () => {
    // Priya is a member of Riverside: she reads what Sam ordered.
    expect((await invoiceOf(poOrder, buyers.priya)).statusCode).toBe(200);
    // Dana is not: not found, and not in her list.
    const dana = await invoiceOf(poOrder, buyers.dana);
    expect(dana.statusCode).toBe(404);
    expect(dana.body).not.toContain('PO-INV-0001');
    const list = await get('/api/invoices?locale=en-gb', buyers.dana);
    expect(list.json<{ invoices: InvoiceView[] }>().invoices).toEqual([]);
    expect((await app.inject({ url: `/api/invoices/${poOrder.orderId}` })).statusCode).toBe(401);
  });

  it('lists, filters and finds invoices, with each account’s balance by age', async () => {
    const list = async (query: string, who = buyers.priya) =>
      (await get(`/api/invoices?locale=en-gb${query}`, who)).json<{
        invoices: InvoiceView[];
        accounts: InvoiceAccountSummary[];
      }>();
    const all = await list('');
    expect(all.invoices.map((i) => i.invoice?.number)).toContain(poInvoice.invoice?.number);
    const riverside = all.accounts.find((a) => a.number === '4821');
    expect(riverside?.balanceMinor).toBe(poOrder.totals.totalMinor);
    expect(riverside?.buckets.current).toBe(poOrder.totals.totalMinor);
    for (const q of [
      poInvoice.invoice?.number ?? '',
      poOrder.webReference.toLowerCase(),
      'po-inv-0001',
    ]) {
      expect((await list(`&q=${encodeURIComponent(q)}`)).invoices).toHaveLength(1);
    }
    expect((await list('&q=PO-NOBODY')).invoices).toEqual([]);
    expect((await list('&status=paid')).invoices).toEqual([]);
    expect((await list('&status=open')).invoices).toHaveLength(1);
    expect((await list(`&account=${riverside?.accountId ?? ''}`)).invoices).toHaveLength(1);
    // Bad input: a clear 400, never a 500.
    expect((await get('/api/invoices?locale=en-gb&status=lost', buyers.sam)).statusCode).toBe(400);
    expect((await get('/api/invoices/not%20an%20id', buyers.sam)).statusCode).toBe(400);
  });

  /** A card typed into the sandbox's fields: its one-time token and summary. */
  const sandboxCard = async (number: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/payment-sandbox/tokens',
        payload: { number, expMonth: '12', expYear: '2030', securityCode: '737' },
      })
    ).json<{ token: string; last4: string }>();

  async function approvedCharges(): Promise<number> {
    const [row] = rowsOf<{ n: string | number }>(
      await t.database.db.execute(
        sql`select count(*) as n from payment_sandbox_charges where status = 'approved'`,
      ),
    );
    return Number(row?.n ?? 0);
  }

  const pay = (
    invoiceId: string,
    who: SignedIn,
    payload: Record<string, unknown>,
    key: string = randomUUID(),
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/invoices/${invoiceId}/payments?locale=en-gb`,
      headers: { cookie: who.cookie, 'idempotency-key': key },
      payload,
    });

  const newCard = async (number: string, holderName = 'Priya Shah') => {
    const card = await sandboxCard(number);
    return {
      source: 'new',
      token: card.token,
      card: { brand: 'visa', last4: card.last4, expMonth: 12, expYear: 2030 },
      holderName,
    };
  };

  it('issues a card order’s invoice paid at issue', async () => {
    const token = await sandboxCard('4242424242424242');
    const byCard: CheckoutChoices = (facts) =>
      samsPurchaseOrder('unused')(facts).map((command) =>
        command.type === 'ChoosePayment'
          ? {
              type: 'ChoosePayment',
              data: {
                method: 'card',
                source: 'new',
                token: token.token,
                card: { brand: 'visa', last4: token.last4, expMonth: 12, expYear: 2030 },
                firstName: 'Sam',
                lastName: 'Okafor',
                saveCard: true,
              },
            }
          : command,
      );
    const order = await sam.order([{ code: 'MCS5-KIT' }], byCard);
    const invoice = await shipAndInvoice(order);
    expect(invoice.status).toBe('paid');
    expect(invoice.balanceMinor).toBe(0);
    expect(invoice.invoice?.terms).toBe('paid-at-issue');
    expect(invoice.payments).toEqual([
      expect.objectContaining({
        amountMinor: order.totals.totalMinor,
        method: 'card',
        source: 'checkout',
        card: expect.objectContaining({ last4: '4242' }) as unknown,
      }),
    ]);
    expect(JSON.stringify(invoice)).not.toContain(token.token);
  });

  it('takes part payments by a new card and a saved one; the same key twice charges once', async () => {
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-INV-PAY'));
    await shipAndInvoice(order);
    const total = order.totals.totalMinor;
    const part = 5_000;
    const before = await approvedCharges();
    // Priya, a member of Riverside, pays part by a new card; a double click sends it twice.
    const body = { amountMinor: part, card: await newCard('4242424242424242') };
    const key = randomUUID();
    const [first, second] = await Promise.all([
      pay(order.orderId, buyers.priya, body, key),
      pay(order.orderId, buyers.priya, body, key),
    ]);
    const answers = [first, second].map((r) => r.statusCode).sort();
    // One ran; the other got its answer, or was told the first still runs.
    expect(answers[0], first.body + second.body).toBe(201);
    expect([201, 409]).toContain(answers[1]);
    const again = await pay(order.orderId, buyers.priya, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(await approvedCharges()).toBe(before + 1);
    const partly = again.json<{ invoice: InvoiceView }>().invoice;
    expect(partly.status).toBe('partially-paid');
    expect(partly.balanceMinor).toBe(total - part);
    expect(partly.payments[0]?.paidBy).toMatchObject({ name: 'Priya Shah' });
    expect(JSON.stringify(partly)).not.toContain(body.card.token);

    // Sam pays the rest with his saved card.
    const saved = (await get('/api/me/payment-methods', buyers.sam)).json<{
      items: { id: string; last4: string }[];
    }>().items;
    const card = saved.find((c) => c.last4 === '4242');
    expect(card).toBeDefined();
    const rest = await pay(order.orderId, buyers.sam, {
      amountMinor: total - part,
      card: { source: 'saved', paymentMethodId: card?.id ?? '' },
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const paid = rest.json<{ invoice: InvoiceView }>().invoice;
    expect(paid.status).toBe('paid');
    expect(paid.balanceMinor).toBe(0);
    expect(await approvedCharges()).toBe(before + 2);
    const events = await invoiceEvents(order);
    expect(events.map((e) => e.type)).toEqual([
      'InvoiceIssued',
      'InvoicePaymentRecorded',
      'InvoicePaymentRecorded',
    ]);
    expect(events[1]?.actor).toEqual({ kind: 'system', id: 'invoice-payments' });
  });

  it('takes a card saved on the payer’s profile as the profile describes it', async () => {
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-INV-PRO'));
    await shipAndInvoice(order);
    // Sam's Mastercard of the demo data: on his profile, its token one the gateway approves.
    const saved = (await get('/api/me/payment-methods', buyers.sam)).json<{
      items: { id: string; last4: string }[];
    }>().items;
    const mastercard = saved.find((c) => c.last4 === '4444');
    const paid = await pay(order.orderId, buyers.sam, {
      amountMinor: order.totals.totalMinor,
      card: { source: 'saved', paymentMethodId: mastercard?.id ?? '' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const { invoice } = paid.json<{ invoice: InvoiceView }>();
    expect(invoice.status).toBe('paid');
    expect(invoice.payments[0]?.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    // Someone else's saved card is no card of theirs.
    const other = await pay(order.orderId, buyers.priya, {
      amountMinor: 100,
      card: { source: 'saved', paymentMethodId: mastercard?.id ?? '' },
    });
    expect(other.statusCode).toBe(422);
  });

  it('refuses a payment above the balance or under 1.00 in words, and a declined card; nothing is charged', async () => {
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-INV-REF'));
    await shipAndInvoice(order);
    const total = order.totals.totalMinor;
    const before = await approvedCharges();
    const above = await pay(order.orderId, buyers.sam, {
      amountMinor: total + 1,
      card: await newCard('4242424242424242', 'Sam Okafor'),
    });
    expect(above.statusCode).toBe(422);
    expect(above.json<{ error: { code: string } }>().error.code).toBe(
      'invoice.amount-above-balance',
    );
    expect(above.body).toContain('Enter an amount no larger than the balance of');
    const under = await pay(order.orderId, buyers.sam, {
      amountMinor: 99,
      card: await newCard('4242424242424242', 'Sam Okafor'),
    });
    expect(under.statusCode).toBe(422);
    expect(under.body).toContain('Enter an amount of at least £1.00.');
    const declined = await pay(order.orderId, buyers.sam, {
      amountMinor: 1_000,
      card: await newCard('4000000000000002', 'Sam Okafor'),
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.body).toContain(
      'Please check your payment details are correct or provide a different payment method.',
    );
    expect(await approvedCharges()).toBe(before);
    const after = (await invoiceOf(order)).json<{ invoice: InvoiceView }>().invoice;
    expect(after.balanceMinor).toBe(total);
    expect(after.status).toBe('open');
    // Another organisation's member: not found, nothing charged; bad input: 400.
    expect(
      (
        await pay(order.orderId, buyers.dana, {
          amountMinor: 1_000,
          card: await newCard('4242424242424242', 'Dana Reyes'),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await pay(order.orderId, buyers.sam, { amountMinor: 'all', card: {} })).statusCode,
    ).toBe(400);
    expect(await approvedCharges()).toBe(before);
  });

  it('credits the invoice of a returned order, once', async () => {
    for (const step of ['return', 'return'] as const) {
      await changeOrder(t.database.db, app.commands, {
        reference: poOrder.orderId,
        action: { kind: step },
        operator: 'alex',
      });
    }
    const one = runner('instance-one');
    for (let round = 0; round < 200; round += 1) {
      await one.runOnce();
      if ((await invoiceOf(poOrder)).json<{ invoice: InvoiceView }>().invoice.creditNote) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await one.stop();
    const credited = (await invoiceOf(poOrder)).json<{ invoice: InvoiceView }>().invoice;
    expect(credited.status).toBe('credited');
    expect(credited.balanceMinor).toBe(0);
    expect(credited.creditNote).toMatchObject({
      reason: 'returned',
      amountMinor: poOrder.totals.totalMinor,
    });
    expect(credited.creditNote?.number).toMatch(/^CN\d{8}$/);
    expect((await invoiceEvents(poOrder)).map((e) => e.type)).toEqual([
      'InvoiceIssued',
      'InvoiceCredited',
    ]);
  });
});
