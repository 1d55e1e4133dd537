/**
 * The receipt of an invoice payment (decision 053): written with a payment made after issue,
 * once per payment, to the payer; none for the payment an invoice is issued with; it says the
 * invoice and order numbers, the amount, the card, the date, the balance left and who paid,
 * links to the invoice's page, and escapes every value in its HTML part.
 */
import { describe, expect, it } from 'vitest';
import { invoiceDecider, type InvoiceEvent, type InvoicePayment } from '../invoice/invoice';
import {
  INVOICE_RECEIPT_TEMPLATE,
  invoiceStreamKind,
  type InvoiceReceipt,
} from '../invoice/stream';
import { events, issued, payment } from '../invoice/test-fixtures';
import { replay } from '../shared/decider';
import { formatMessage, type MessageDescriptor, type MessageValues } from '../shared/message';
import { outboxMessagesOf, type StreamHeader } from '../sync/stream-kind';
import { INVOICE_RECEIPT_MESSAGES, invoicePageUrl, renderInvoiceReceipt } from './invoice-receipt';
import { renderMail } from './templates';

const english = (descriptor: MessageDescriptor, values?: MessageValues) =>
  formatMessage({ ...descriptor, ...(values ? { values } : {}) });

const { invoice } = issued();
const TOTAL = invoice.totals.totalMinor;
const PART = 5_000;
const STREAM: StreamHeader = {
  streamId: `invoice:${invoice.invoiceId}`,
  ownerKind: 'system',
  ownerId: 'invoicing',
  storeId: invoice.storeId,
};
const ORIGIN = 'https://store.example.com';
const paid = (id: string, amountMinor: number): InvoicePayment => ({
  ...payment(id, amountMinor),
  origin: ORIGIN,
});

/** The outbox messages of `next`, after `history`. */
function mailsOf(history: readonly InvoiceEvent[], next: readonly InvoiceEvent[]) {
  return outboxMessagesOf(
    invoiceStreamKind,
    replay(invoiceDecider, history),
    next.map((event, i) => ({ version: history.length + i + 1, event })),
    STREAM,
  ).map((m) => m.message);
}

function receiptOf(history: readonly InvoiceEvent[], next: InvoiceEvent): InvoiceReceipt {
  const [mail] = mailsOf(history, [next]);
  if (!mail) throw new Error('no receipt');
  return mail.data as InvoiceReceipt;
}

describe('the invoice receipt in the outbox', () => {
  it('is written once per payment made after issue, to the payer, in the invoice’s locale', () => {
    const part = paid('invoice:pay-1', PART);
    const mails = mailsOf([events.issued()], [events.paid(part)]);
    expect(mails).toEqual([
      {
        id: `${INVOICE_RECEIPT_TEMPLATE}:invoice:pay-1`,
        template: INVOICE_RECEIPT_TEMPLATE,
        to: 'priya.shah@demo.example',
        locale: invoice.locale,
        data: expect.objectContaining({ balanceMinor: TOTAL - PART, payment: part }) as unknown,
        // A receipt of the member's own payment: never held back by a preference.
        preference: null,
      },
    ]);
    // The rest, paid by another payment: its own receipt, with nothing left.
    const rest = paid('invoice:pay-2', TOTAL - PART);
    const second = mailsOf([events.issued(), events.paid(part)], [events.paid(rest)]);
    expect(second.map((m) => [m.id, (m.data as InvoiceReceipt).balanceMinor])).toEqual([
      [`${INVOICE_RECEIPT_TEMPLATE}:invoice:pay-2`, 0],
    ]);
  });

  it('is not written for the payment an invoice is issued with, nor for other events', () => {
    const byCard = issued({
      payment: {
        method: 'card',
        card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
        holderName: 'Dana Reyes',
        chargeId: 'ch_1',
      },
    });
    const atIssue = byCard.paidAtIssue;
    expect(atIssue?.source).toBe('checkout');
    if (!atIssue) return;
    expect(mailsOf([], [events.issued(byCard.invoice), events.paid(atIssue)])).toEqual([]);
    const byTransfer = issued({ payment: { method: 'bank-transfer' } });
    expect(byTransfer.paidAtIssue?.source).toBe('operator');
    if (!byTransfer.paidAtIssue) return;
    expect(
      mailsOf([], [events.issued(byTransfer.invoice), events.paid(byTransfer.paidAtIssue)]),
    ).toEqual([]);
    expect(
      mailsOf([events.issued()], [{ type: 'InvoiceOverdue', v: 1, data: { on: '2027-01-01' } }]),
    ).toEqual([]);
  });
});

describe('the invoice receipt mail', () => {
  const receipt = receiptOf([events.issued()], events.paid(paid('invoice:pay-1', PART)));

  it('says what was paid for which invoice, with the card, the date, the balance and the payer', () => {
    const mail = renderInvoiceReceipt(receipt, english);
    expect(mail.subject).toBe(`Payment received for invoice ${invoice.number}`);
    const { text } = mail;
    expect(text).toContain('Hello Priya Shah,');
    expect(text).toContain(
      `We have received your payment of $50.00 for invoice ${invoice.number}.`,
    );
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain(`Order web reference #: ${invoice.webReference}`);
    expect(text).toContain(`PO number: ${invoice.poNumber ?? ''}`);
    expect(text).toContain('Amount paid: $50.00');
    expect(text).toContain('Paid with: Visa ending in 4242');
    expect(text).toContain('Date: November 23, 2026 at 10:00 AM UTC');
    expect(text).toContain('Paid by: Priya Shah');
    const balance = `$${((TOTAL - PART) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`Balance remaining: ${balance}`);
    expect(text).toContain(
      `View the invoice: ${ORIGIN}/${invoice.locale}/invoices/${invoice.invoiceId}`,
    );
    expect(text).not.toContain('paid in full');
    expect(text).not.toContain('<');
  });

  it('has the same facts and the link in its HTML part', () => {
    const { html } = renderInvoiceReceipt(receipt, english);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    for (const value of [invoice.number, '$50.00', 'Visa ending in 4242', 'Priya Shah']) {
      expect(html).toContain(value);
    }
    expect(html).toContain(`<a href="${ORIGIN}/${invoice.locale}/invoices/${invoice.invoiceId}"`);
  });

  it('says the invoice is paid in full when nothing is left', () => {
    const full = receiptOf([events.issued()], events.paid(paid('invoice:all', TOTAL)));
    const { text } = renderInvoiceReceipt(full, english);
    expect(text).toContain('Balance remaining: $0.00');
    expect(text).toContain('This invoice is now paid in full.');
  });

  it('names the account’s invoices page instead of a link when the payment came with no address', () => {
    const { origin: _origin, ...withoutOrigin } = paid('invoice:op', PART);
    const operator = receiptOf(
      [events.issued()],
      events.paid({ ...withoutOrigin, method: 'bank-transfer', card: null, source: 'operator' }),
    );
    expect(invoicePageUrl(operator)).toBeNull();
    const { text, html } = renderInvoiceReceipt(operator, english);
    expect(text).toContain('Paid with: Bank transfer');
    expect(text).toContain('You can see the invoice under Invoices in your account.');
    expect(html).not.toContain('<a ');
    // An address that is not an origin is never linked to.
    const odd = { ...receipt, payment: { ...receipt.payment, origin: 'javascript:alert(1)' } };
    expect(invoicePageUrl(odd)).toBeNull();
  });

  it('escapes every value in the HTML part', () => {
    const sly = {
      ...receipt,
      payment: {
        ...receipt.payment,
        paidBy: { ...receipt.payment.paidBy, name: '<script>alert("x")</script>' },
      },
      invoice: { ...receipt.invoice, poNumber: `PO "1" & <b>2</b>` },
    };
    const { html } = renderInvoiceReceipt(sly, english);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>2');
    expect(html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(html).toContain('PO &quot;1&quot; &amp; &lt;b&gt;2&lt;/b&gt;');
  });

  it('is the mail of its template, in the language it is given', () => {
    const french: Record<string, string> = {
      [INVOICE_RECEIPT_MESSAGES.subject.id]: 'Paiement reçu pour la facture {number}',
    };
    const translate = (descriptor: MessageDescriptor, values?: MessageValues) =>
      formatMessage({
        ...descriptor,
        message: french[descriptor.id] ?? descriptor.message,
        ...(values ? { values } : {}),
      });
    const fr = { ...receipt, invoice: { ...receipt.invoice, locale: 'fr-ca', currency: 'CAD' } };
    const mail = renderMail(INVOICE_RECEIPT_TEMPLATE, fr, translate);
    expect(mail.subject).toBe(`Paiement reçu pour la facture ${invoice.number}`);
    // Money in the storefront's way of writing it.
    expect(mail.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('50,00 $');
    expect(mail.html).toMatch(/<html lang="fr">/);
  });
});
