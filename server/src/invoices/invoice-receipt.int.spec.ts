/**
 * Invoice receipts in the mail outbox on PGlite and PostgreSQL (decisions 027, 053): a part
 * payment through `POST /api/invoices/{id}/payments` writes one receipt to its payer, with the
 * amount and the balance left, however often the same Idempotency-Key is sent; the rest paid
 * by a colleague writes theirs; a card order's invoice, paid at issue, writes none.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceReceipt } from '../../../domain/invoice/stream';
import { renderMail } from '../../../domain/mail/templates';
import { TEST_PUBLIC_URL } from '../../../tests/support/app';
import {
  BuyerFlow,
  DEMO_EMAILS,
  samsPurchaseOrder,
  signInDemoBuyers,
  type SignedIn,
} from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import {
  invoicingApp,
  samsCardOrder,
  type InvoicingApp,
} from '../../../tests/support/invoice-flow';
import { loadMailTranslations } from '../mail/translations';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface ReceiptRow {
  readonly id: string;
  readonly recipient: string;
  readonly locale: string;
  readonly data: InvoiceReceipt;
}

describe.each(testDatabaseTargets())('invoice receipts on $kind', (target) => {
  let t: TestDatabase;
  let flow: InvoicingApp;
  let buyers: Record<'sam' | 'priya', SignedIn>;
  let sam: BuyerFlow;

  beforeAll(async () => {
    t = await target.open();
    flow = await invoicingApp(t);
    buyers = await signInDemoBuyers(t.database.db, ['sam', 'priya']);
    sam = new BuyerFlow(flow.app, buyers.sam, 'en-gb');
  }, 180_000);

  afterAll(async () => {
    await flow.close();
    await t.dispose();
  });

  /** The receipts in the outbox for an invoice, oldest first. */
  async function receiptsOf(invoiceId: string): Promise<ReceiptRow[]> {
    return rowsOf<ReceiptRow>(
      await t.database.db.execute(sql`
        select id, recipient, locale, data from mail_outbox
         where template = 'invoice-receipt' and stream_id = ${`invoice:${invoiceId}`}
         order by event_version`),
    );
  }

  it('queues one receipt for a part payment, with the amount and the balance, whatever the same key sends again', async () => {
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-RCPT-0001'));
    const issued = await flow.shipAndInvoice(order, buyers.sam);
    const invoice = issued.invoice;
    if (!invoice) throw new Error('no invoice');
    expect(await receiptsOf(order.orderId)).toEqual([]);
    const total = order.totals.totalMinor;
    const part = 5_000;

    // Priya, a member of Riverside, pays part; a double click sends it twice, then a retry.
    const body = { amountMinor: part, card: await flow.newCard('4242424242424242') };
    const key = 'receipt-key-0001';
    const [first, second] = await Promise.all([
      flow.pay(order.orderId, buyers.priya, body, key),
      flow.pay(order.orderId, buyers.priya, body, key),
    ]);
    expect([first.statusCode, second.statusCode].sort()[0], first.body + second.body).toBe(201);
    const again = await flow.pay(order.orderId, buyers.priya, body, key);
    expect(again.statusCode, again.body).toBe(201);

    const [receipt, ...more] = await receiptsOf(order.orderId);
    expect(more).toEqual([]);
    expect(receipt?.recipient).toBe(DEMO_EMAILS.priya);
    expect(receipt?.locale).toBe('en-gb');
    expect(receipt?.data.payment).toMatchObject({
      amountMinor: part,
      source: 'invoice',
      card: { brand: 'visa', last4: '4242' },
      paidBy: { name: 'Priya Shah', email: DEMO_EMAILS.priya },
      origin: TEST_PUBLIC_URL,
    });
    expect(receipt?.data.balanceMinor).toBe(total - part);
    expect(receipt?.data.invoice).toMatchObject({
      invoiceId: order.orderId,
      number: invoice.number,
      poNumber: 'PO-RCPT-0001',
      currency: 'GBP',
    });
    expect(receipt?.id).toBe(`invoice-receipt:${receipt?.data.payment.paymentId ?? ''}`);

    // As it is sent: in English from the store's catalogs, with the link to the invoice.
    const translate = loadMailTranslations().translate('en-gb');
    const mail = renderMail('invoice-receipt', receipt?.data, translate);
    expect(mail.subject).toBe(`Payment received for invoice ${invoice.number}`);
    expect(mail.text).toContain('Amount paid: £50.00');
    expect(mail.text).toContain('Paid with: Visa ending in 4242');
    expect(mail.text).toContain(
      `Balance remaining: £${((total - part) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
    );
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/en-gb/invoices/${order.orderId}`);

    // Sam pays the rest: his own receipt, with nothing left.
    const rest = await flow.pay(order.orderId, buyers.sam, {
      amountMinor: total - part,
      card: await flow.newCard('4242424242424242', 'Sam Okafor'),
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const receipts = await receiptsOf(order.orderId);
    expect(
      receipts.map((r) => [r.recipient, r.data.payment.amountMinor, r.data.balanceMinor]),
    ).toEqual([
      [DEMO_EMAILS.priya, part, total - part],
      [DEMO_EMAILS.sam, total - part, 0],
    ]);
  });

  it('queues none for a card order’s invoice, paid at issue', async () => {
    const card = (
      await flow.app.inject({
        method: 'POST',
        url: '/payment-sandbox/tokens',
        payload: {
          number: '4242424242424242',
          expMonth: '12',
          expYear: '2030',
          securityCode: '737',
        },
      })
    ).json<{ token: string; last4: string }>();
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsCardOrder(card));
    const invoice = await flow.shipAndInvoice(order, buyers.sam);
    expect(invoice.status).toBe('paid');
    expect(invoice.payments.map((p) => p.source)).toEqual(['checkout']);
    expect(await receiptsOf(order.orderId)).toEqual([]);
  });
});
