/**
 * The receipt of an invoice payment (decision 053): to the member who paid, in the invoice's
 * language, with the invoice and order numbers, the amount, the card, when, the balance left
 * and a link to the invoice's page. Pure: the words come from `translate`, money and dates
 * from Intl. It is rendered when it is sent, from the receipt kept in the outbox.
 */
import { paymentMethodText } from '../invoice/document';
import type { InvoiceReceipt } from '../invoice/stream';
import { formatMoney, money } from '../pricing/money';
import type { MessageDescriptor } from '../shared/message';
import { escapeHtml } from './html';
import { formatDateTime, mailFormatLocale, mailLanguageOf } from './mail-language';
import type { RenderedMail, Translate } from './order-confirmation';

export const INVOICE_RECEIPT_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.invoice-receipt.subject',
    message: 'Payment received for invoice {number}',
  },
  heading: /*i18n*/ { id: 'mail.invoice-receipt.heading', message: 'Thank you for your payment' },
  greeting: /*i18n*/ { id: 'mail.invoice-receipt.greeting', message: 'Hello {name},' },
  intro: /*i18n*/ {
    id: 'mail.invoice-receipt.intro',
    message: 'We have received your payment of {amount} for invoice {number}.',
  },
  labelled: /*i18n*/ { id: 'mail.invoice-receipt.labelled', message: '{label}: {value}' },
  invoiceNumber: /*i18n*/ { id: 'mail.invoice-receipt.invoice-number', message: 'Invoice number' },
  webReference: /*i18n*/ {
    id: 'mail.invoice-receipt.web-reference',
    message: 'Order web reference #',
  },
  orderNumber: /*i18n*/ { id: 'mail.invoice-receipt.order-number', message: 'Order #' },
  poNumber: /*i18n*/ { id: 'mail.invoice-receipt.po-number', message: 'PO number' },
  amount: /*i18n*/ { id: 'mail.invoice-receipt.amount', message: 'Amount paid' },
  method: /*i18n*/ { id: 'mail.invoice-receipt.method', message: 'Paid with' },
  date: /*i18n*/ { id: 'mail.invoice-receipt.date', message: 'Date' },
  paidBy: /*i18n*/ { id: 'mail.invoice-receipt.paid-by', message: 'Paid by' },
  balance: /*i18n*/ { id: 'mail.invoice-receipt.balance', message: 'Balance remaining' },
  paidInFull: /*i18n*/ {
    id: 'mail.invoice-receipt.paid-in-full',
    message: 'This invoice is now paid in full.',
  },
  view: /*i18n*/ { id: 'mail.invoice-receipt.view', message: 'View the invoice' },
  viewInAccount: /*i18n*/ {
    id: 'mail.invoice-receipt.view-in-account',
    message: 'You can see the invoice under Invoices in your account.',
  },
  closing: /*i18n*/ {
    id: 'mail.invoice-receipt.closing',
    message: 'Please keep this email for your records.',
  },
} as const satisfies Record<string, MessageDescriptor>;

const M = INVOICE_RECEIPT_MESSAGES;

interface Fact {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}

/** `scheme://host[:port]`: no path, query, fragment, user or space. */
const ORIGIN = /^https?:\/\/[^\s/?#@]+$/;

/**
 * The invoice's page on the store's address the payer used (`/{locale}/invoices/{id}`); null
 * when the payment came with no address (an operator's) or with one that is not an origin.
 */
export function invoicePageUrl(receipt: InvoiceReceipt): string | null {
  const origin = receipt.payment.origin;
  if (!origin || !ORIGIN.test(origin)) return null;
  const { locale, invoiceId } = receipt.invoice;
  return `${origin}/${encodeURIComponent(locale)}/invoices/${encodeURIComponent(invoiceId)}`;
}

export function renderInvoiceReceipt(receipt: InvoiceReceipt, translate: Translate): RenderedMail {
  const { invoice, payment } = receipt;
  const tag = mailFormatLocale(invoice.locale);
  const format = (minor: number) => formatMoney(money(minor, invoice.currency), tag);
  const amount = format(payment.amountMinor);
  const subject = translate(M.subject, { number: invoice.number });
  const heading = translate(M.heading);
  const greeting = translate(M.greeting, { name: payment.paidBy.name });
  const intro = translate(M.intro, { amount, number: invoice.number });
  const facts: Fact[] = [
    { label: translate(M.invoiceNumber), value: invoice.number },
    { label: translate(M.webReference), value: invoice.webReference },
    ...(invoice.orderNumber
      ? [{ label: translate(M.orderNumber), value: invoice.orderNumber }]
      : []),
    ...(invoice.poNumber ? [{ label: translate(M.poNumber), value: invoice.poNumber }] : []),
    { label: translate(M.amount), value: amount, strong: true },
    { label: translate(M.method), value: paymentMethodText(payment, translate) },
    { label: translate(M.date), value: formatDateTime(payment.at, tag) },
    { label: translate(M.paidBy), value: payment.paidBy.name },
    { label: translate(M.balance), value: format(receipt.balanceMinor), strong: true },
  ];
  const url = invoicePageUrl(receipt);
  const notes = [
    ...(receipt.balanceMinor === 0 ? [translate(M.paidInFull)] : []),
    ...(url ? [] : [translate(M.viewInAccount)]),
    translate(M.closing),
  ];

  const text = [
    [heading],
    [greeting, intro],
    facts.map((fact) => translate(M.labelled, { label: fact.label, value: fact.value })),
    ...(url ? [[translate(M.labelled, { label: translate(M.view), value: url })]] : []),
    notes,
  ]
    .map((block) => block.join('\n'))
    .join('\n\n');

  const CELL = 'padding:6px 8px;border-bottom:1px solid #dddddd;vertical-align:top;';
  const rows = facts
    .map((fact) => {
      const weight = fact.strong ? 'font-weight:bold;' : '';
      return (
        `<tr><th scope="row" style="${CELL}text-align:left;font-weight:normal;${weight}">` +
        `${escapeHtml(fact.label)}</th>` +
        `<td style="${CELL}text-align:right;${weight}">${escapeHtml(fact.value)}</td></tr>`
      );
    })
    .join('');
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(mailLanguageOf(invoice.locale))}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;font-size:15px;line-height:1.4;">',
    `<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>`,
    `<h1 style="font-size:22px;margin:0 0 8px;">${escapeHtml(heading)}</h1>`,
    `<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;max-width:600px;">${rows}</table>`,
    ...(url
      ? [
          `<p style="margin:16px 0 0;"><a href="${escapeHtml(url)}" style="color:#0b5cad;">${escapeHtml(translate(M.view))}</a></p>`,
        ]
      : []),
    ...notes.map((note) => `<p style="margin:16px 0 0;color:#333333;">${escapeHtml(note)}</p>`),
    '</body></html>',
    '',
  ].join('\n');
  return { subject, text: `${text}\n`, html };
}
