/**
 * 'Placed by' customer service (SPEC 3; decision 063), on PGlite and PostgreSQL: an order
 * placed with an agent acting for Sam records the agent by name, and the buyer reads 'Placed
 * by: Customer service (Alex Morgan)' in its confirmation mail and its invoice's PDF; a quote
 * the agent requests for Sam records the agent in its creation event and its PDF says so.
 * What Sam places himself says nothing of customer service.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../../../domain/mail/templates';
import type { Order } from '../../../domain/order/order';
import type { QuoteView } from '../../../domain/quote/quote';
import { quoteStreamKind } from '../../../domain/quote/stream';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { REPO_FLAGS_FILE } from '../../../tests/support/app';
import {
  BuyerFlow,
  samsPurchaseOrder,
  signInDemoBuyers,
  type SignedIn,
} from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { invoicingApp, type InvoicingApp } from '../../../tests/support/invoice-flow';
import { pdfTextOf } from '../../../tests/support/pdf-text';
import { acting, type AgentActing } from '../acting/acting';
import { findUserById } from '../auth/users';
import { SandboxChallenge } from '../challenge/sandbox/sandbox-challenge';
import { startFlagService, type FlagService } from '../flags/flag-service';
import { mailOutbox } from '../mail/outbox-table';
import { loadMailTranslations } from '../mail/translations';
import { SandboxGateway } from '../payments/sandbox/sandbox-gateway';
import { PlaceOrder } from './place-order';

const SAYS = 'Placed by: Customer service (Alex Morgan)';

/** Words as a reader reads them: the PDF's spaces plain, lines wrapped anywhere. */
const plain = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, ' ');

describe.each(testDatabaseTargets())("'Placed by' customer service on $kind", (target) => {
  let t: TestDatabase;
  let flow: InvoicingApp;
  let flags: FlagService;
  let sam: SignedIn;
  let buyer: BuyerFlow;
  let agent: AgentActing;
  let placeOrder: PlaceOrder;

  beforeAll(async () => {
    t = await target.open();
    flow = await invoicingApp(t);
    ({ sam } = await signInDemoBuyers(t.database.db, ['sam']));
    buyer = new BuyerFlow(flow.app, sam, 'en-gb');
    const samUser = await findUserById(t.database.db, sam.userId);
    if (!samUser) throw new Error('Sam was not seeded');
    agent = acting.agent('agent-alex-morgan', samUser, null, { agentName: 'Alex Morgan' });
    flags = await startFlagService({ sdkKey: undefined, flagsFile: REPO_FLAGS_FILE });
    placeOrder = new PlaceOrder({
      db: t.database.db,
      store: flow.app.eventStore,
      commands: flow.app.commands,
      flags,
      payments: new SandboxGateway(t.database.db),
      challenge: new SandboxChallenge(t.database.db),
    });
  }, 180_000);

  afterAll(async () => {
    flags.close();
    await flow.close();
    await t.dispose();
  });

  /** The order's confirmation mail, rendered as the mail worker renders it. */
  async function confirmationOf(order: Order) {
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, `order-confirmation:${order.orderId}`));
    if (!row) throw new Error('no confirmation mail');
    return renderMail(row.template, row.data, loadMailTranslations().translate(row.locale));
  }

  async function invoicePdfText(order: Order): Promise<string> {
    await flow.shipAndInvoice(order, sam);
    const response = await flow.app.inject({
      url: `/api/invoices/${order.orderId}/pdf?locale=en-gb`,
      headers: { cookie: sam.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return plain(await pdfTextOf(response.rawPayload));
  }

  it('shows the agent in the confirmation mail and the invoice PDF of an order they placed', async () => {
    const { checkoutId, version } = await buyer.checkout(
      [{ code: 'MCS5-KIT' }],
      samsPurchaseOrder('PO-AGENT-0001'),
    );
    const outcome = await placeOrder.place(agent, {
      checkoutId,
      locale: 'en-gb',
      termsAccepted: true,
      checkoutVersion: version,
      attempt: `${sam.userId}:${randomUUID()}`,
    });
    if (outcome.kind !== 'placed') throw new Error(`not placed: ${JSON.stringify(outcome)}`);
    const order = outcome.order;
    expect(order.placedBy).toEqual({
      kind: 'agent',
      id: 'agent-alex-morgan',
      name: 'Alex Morgan',
    });

    // The buyer's order details say who placed it.
    const details = await flow.app.inject({
      url: `/api/orders/${order.orderId}?locale=en-gb`,
      headers: { cookie: sam.cookie },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.body).toContain('"name":"Alex Morgan"');

    const mail = await confirmationOf(order);
    expect(mail.text).toContain(SAYS);
    expect(mail.html).toContain('Customer service (Alex Morgan)');

    expect(await invoicePdfText(order)).toContain('Placed by Customer service (Alex Morgan)');
  }, 180_000);

  it('says nothing of customer service for an order the buyer placed', async () => {
    const order = await buyer.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-OWN-0001'));
    expect(order.placedBy).toMatchObject({ kind: 'user', id: sam.userId });
    const mail = await confirmationOf(order);
    expect(mail.text).not.toContain('Placed by');
    expect(await invoicePdfText(order)).not.toContain('Customer service');
  }, 180_000);

  it('records the agent on a quote they request for the buyer, and its PDF says so', async () => {
    const cart = await buyer.cartWith([{ code: 'MCS5-KIT' }]);
    const quoteId = randomUUID();
    const executed = await flow.app.commands.execute(
      'quote',
      streamIdOf(quoteStreamKind, quoteId),
      { type: 'RequestQuote', data: { quoteId, cartId: cart.cartId, accountId: null } },
      agent,
      { commandId: randomUUID(), locale: 'en-gb', expectedVersion: 0 },
    );
    const created = executed.events.find((e) => e.event.type === 'QuoteCreated')?.event;
    expect(created?.type === 'QuoteCreated' ? created.data.quote.placedBy : null).toEqual({
      kind: 'agent',
      id: 'agent-alex-morgan',
      name: 'Alex Morgan',
    });

    const view = await flow.app.inject({
      url: `/api/quotes/${quoteId}?locale=en-gb`,
      headers: { cookie: sam.cookie },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<{ quote: QuoteView }>().quote.quote?.placedBy?.name).toBe('Alex Morgan');

    const pdf = await flow.app.inject({
      url: `/api/quotes/${quoteId}/pdf?locale=en-gb`,
      headers: { cookie: sam.cookie },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(plain(await pdfTextOf(pdf.rawPayload))).toContain(
      'Placed by Customer service (Alex Morgan)',
    );
  }, 180_000);
});
