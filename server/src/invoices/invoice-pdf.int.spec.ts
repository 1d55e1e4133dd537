/**
 * The invoice's PDF (decision 053), read back with pdf.js as a person opening it would: its
 * numbers, dates, status, PO and order numbers, bill-to, lines, discounts, shipping, tax,
 * totals, payments and balance, and a credit note's number and reason; in the language of
 * the storefront it is asked for. `GET /api/invoices/{id}/pdf` on PGlite and PostgreSQL gives
 * it to every member of the invoice's account as an attachment named by its number, 404 to
 * anyone else, 401 to a visitor and 400 for bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDocument } from '../../../domain/invoice/document';
import {
  invoiceDecider,
  invoiceView,
  type InvoiceEvent,
  type InvoiceView,
} from '../../../domain/invoice/invoice';
import {
  CREDIT_NOTE_NUMBER,
  events,
  INVOICE_NUMBER,
  issued,
  payment,
} from '../../../domain/invoice/test-fixtures';
import type { Translate } from '../../../domain/mail/order-confirmation';
import { replay } from '../../../domain/shared/decider';
import { formatMessage } from '../../../domain/shared/message';
import {
  BuyerFlow,
  samsPurchaseOrder,
  signInDemoBuyers,
  type SignedIn,
} from '../../../tests/support/checkout-flow';
import { testDatabaseTargets, type TestDatabase } from '../../../tests/support/databases';
import { invoicingApp, type InvoicingApp } from '../../../tests/support/invoice-flow';
import { pdfTextOf } from '../../../tests/support/pdf-text';
import { invoicePdf } from './invoice-pdf';

const english: Translate = (descriptor, values) =>
  formatMessage({ ...descriptor, values: values ?? {} });

/** Words as a reader reads them: Intl's spaces plain (the PDF's fonts write them so), lines wrapped anywhere. */
const plain = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, ' ');

type IssuedView = InvoiceView & { readonly invoice: NonNullable<InvoiceView['invoice']> };

function viewAfter(history: readonly InvoiceEvent[]): IssuedView {
  const view = invoiceView(replay(invoiceDecider, history), history.length);
  if (!view.invoice) throw new Error('not issued');
  return { ...view, invoice: view.invoice };
}

const { invoice } = issued();
const PART = 5_000;

describe("an invoice's PDF", () => {
  it('has every fact of the invoice: numbers, dates, status, parties, lines, totals, payments and balance', async () => {
    const view = viewAfter([events.issued(), events.paid(payment('invoice:pay-1', PART))]);
    const content = invoiceDocument(view, english, 'en-us');
    const text = plain(await pdfTextOf(await invoicePdf(content)));
    for (const expected of [
      'Invoice',
      INVOICE_NUMBER,
      'Issue date',
      'November 23, 2026',
      'Due date',
      'December 23, 2026',
      'Partially paid',
      'Net 30 days',
      'PO number',
      invoice.poNumber ?? '',
      invoice.webReference,
      invoice.account.name,
      'Bill to',
      invoice.billTo.line1,
      'Ordered by',
      invoice.buyer.email,
      'Invoice contact',
      'Assessments Store, Inc.',
      'Item #',
      'Unit price',
      ...invoice.lines.flatMap((line) => [line.code, line.name]),
      'Subtotal',
      'Shipping',
      'Invoice total',
      content.totals[content.totals.length - 1]?.value ?? '',
      'Payments',
      'Visa ending in 4242, paid by Priya Shah',
      '$50.00',
      'Amount paid',
      'Balance due',
      content.balance,
      `Please pay the balance of ${content.balance} by December 23, 2026, quoting invoice ${INVOICE_NUMBER}.`,
    ]) {
      expect(text).toContain(plain(expected));
    }
    expect(content.totals.map((row) => row.label)).toEqual(
      expect.arrayContaining(['Subtotal', 'Shipping', 'Invoice total']),
    );
    for (const discount of invoice.promotions) expect(text).toContain(discount.code);
    for (const tax of invoice.tax.lines) expect(text).toContain(tax.rate);
    expect(text).not.toContain('Credit note');
  });

  it('shows the credit note’s number, date, amount and reason once credited', async () => {
    const view = viewAfter([
      events.issued(),
      events.paid(payment('invoice:pay-1', PART)),
      {
        type: 'InvoiceCredited',
        v: 1,
        data: {
          creditNote: {
            number: CREDIT_NOTE_NUMBER,
            amountMinor: invoice.totals.totalMinor,
            reason: 'returned',
            note: 'Damaged in transit',
            at: '2026-12-01T09:00:00.000Z',
          },
        },
      },
    ]);
    const text = plain(await pdfTextOf(await invoicePdf(invoiceDocument(view, english, 'en-us'))));
    expect(text).toContain('Credited');
    expect(text).toContain('Credit note number');
    expect(text).toContain(CREDIT_NOTE_NUMBER);
    expect(text).toContain('December 1, 2026');
    expect(text).toContain('The order was returned: Damaged in transit');
    expect(text).toContain(
      `This invoice was settled by credit note ${CREDIT_NOTE_NUMBER}: nothing is left to pay.`,
    );
  });

  it('is written in the storefront’s language and way of writing money and dates', async () => {
    const french: Record<string, string> = {
      'invoice.pdf.title': 'Facture',
      'invoice.pdf.balance': 'Solde dû',
    };
    const translate: Translate = (descriptor, values) =>
      formatMessage({
        ...descriptor,
        message: french[descriptor.id] ?? descriptor.message,
        values: values ?? {},
      });
    const view = viewAfter([events.issued()]);
    const content = invoiceDocument(view, translate, 'fr-ca');
    expect(content.language).toBe('fr');
    const text = plain(await pdfTextOf(await invoicePdf(content)));
    expect(text).toContain('Facture');
    expect(text).toContain('Solde dû');
    expect(text).toContain('23 novembre 2026');
    // Amounts in the invoice's currency, written as Quebec writes them.
    expect(text).toMatch(/\d+,\d{2} \$ US/);
  });

  it('runs over as many pages as its lines need', async () => {
    const [first] = invoice.lines;
    if (!first) throw new Error('no line');
    const many = {
      ...invoice,
      lines: Array.from({ length: 80 }, (_, i) => ({ ...first, code: `LINE-${String(i)}` })),
    };
    const view = viewAfter([events.issued(many)]);
    const text = await pdfTextOf(await invoicePdf(invoiceDocument(view, english, 'en-us')));
    expect(text).toContain('LINE-0');
    expect(text).toContain('LINE-79');
    expect(text.split('\n').length).toBeGreaterThan(1);
  });
});

describe.each(testDatabaseTargets())('GET /api/invoices/{id}/pdf on $kind', (target) => {
  let t: TestDatabase;
  let flow: InvoicingApp;
  let buyers: Record<'sam' | 'dana' | 'priya', SignedIn>;
  let view: InvoiceView;
  let orderId: string;

  beforeAll(async () => {
    t = await target.open();
    flow = await invoicingApp(t);
    buyers = await signInDemoBuyers(t.database.db, ['sam', 'dana', 'priya']);
    const sam = new BuyerFlow(flow.app, buyers.sam, 'en-gb');
    const order = await sam.order([{ code: 'MCS5-KIT' }], samsPurchaseOrder('PO-PDF-0001'));
    orderId = order.orderId;
    view = await flow.shipAndInvoice(order, buyers.sam);
  }, 180_000);

  afterAll(async () => {
    await flow.close();
    await t.dispose();
  });

  const pdf = (query: string, who?: SignedIn, id = orderId) =>
    flow.app.inject({
      url: `/api/invoices/${id}/pdf${query}`,
      headers: who ? { cookie: who.cookie } : {},
    });

  it('gives every member of the account the PDF, as an attachment named by its number', async () => {
    const number = view.invoice?.number ?? '';
    for (const who of [buyers.sam, buyers.priya]) {
      const response = await pdf('?locale=en-gb', who);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
      expect(response.headers['cache-control']).toBe('no-store');
      const text = await pdfTextOf(response.rawPayload);
      expect(text).toContain(number);
      expect(text).toContain('PO-PDF-0001');
      expect(text).toContain('MCS5-KIT');
      expect(text).toContain('Open');
    }
  });

  it('is not found for anyone else, asks a visitor to sign in, and answers bad input with 400', async () => {
    const dana = await pdf('?locale=en-gb', buyers.dana);
    expect(dana.statusCode).toBe(404);
    expect(dana.body).not.toContain('PO-PDF-0001');
    expect((await pdf('?locale=en-gb', buyers.sam, 'no-such-invoice')).statusCode).toBe(404);
    expect((await pdf('?locale=en-gb')).statusCode).toBe(401);
    expect((await pdf('', buyers.sam)).statusCode).toBe(400);
    expect((await pdf('?locale=xx-yy', buyers.sam)).statusCode).toBe(400);
    expect((await pdf('?locale=en-gb', buyers.sam, 'not%20an%20id')).statusCode).toBe(400);
  });
});
