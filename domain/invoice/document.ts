/**
 * An invoice as a document (decision 053): everything its PDF shows, in the language of the
 * storefront it is read in, with money and dates formatted for that storefront, before it is
 * drawn. Pure: the words come from `translate`, the numbers from Intl. The table's words are
 * the quote document's (decision 051), so a quote and its invoice read alike.
 */
import { addressLines, placedByFacts, type Translate } from '../mail/order-confirmation';
import {
  formatDateTime,
  formatLongDate,
  mailFormatLocale,
  mailLanguageOf,
} from '../mail/mail-language';
import { CARD_BRAND_NAMES } from '../payment/card';
import { formatMoney, money } from '../pricing/money';
import {
  discountRows,
  QUOTE_DOCUMENT_MESSAGES as Q,
  taxRows,
  type QuoteDocumentRow,
} from '../quote/document';
import type { MessageDescriptor } from '../shared/message';
import { storeDetailsOf } from '../storefront/store-details';
import type { InvoicePayment, InvoiceView } from './invoice';
import { INVOICE_STATUS_LABELS } from './messages';

export const INVOICE_DOCUMENT_MESSAGES = {
  title: /*i18n*/ { id: 'invoice.pdf.title', message: 'Invoice' },
  number: /*i18n*/ { id: 'invoice.pdf.number', message: 'Invoice number' },
  issued: /*i18n*/ { id: 'invoice.pdf.issued', message: 'Issue date' },
  due: /*i18n*/ { id: 'invoice.pdf.due', message: 'Due date' },
  status: /*i18n*/ { id: 'invoice.pdf.status', message: 'Status' },
  terms: /*i18n*/ { id: 'invoice.pdf.terms', message: 'Terms' },
  termsNet30: /*i18n*/ { id: 'invoice.pdf.terms-net-30', message: 'Net {days} days' },
  termsPaidAtIssue: /*i18n*/ {
    id: 'invoice.pdf.terms-paid-at-issue',
    message: 'Paid when ordered',
  },
  poNumber: /*i18n*/ { id: 'invoice.pdf.po-number', message: 'PO number' },
  webReference: /*i18n*/ {
    id: 'invoice.pdf.web-reference',
    message: 'Order web reference #',
  },
  orderNumber: /*i18n*/ { id: 'invoice.pdf.order-number', message: 'Order #' },
  billTo: /*i18n*/ { id: 'invoice.pdf.bill-to', message: 'Bill to' },
  orderedBy: /*i18n*/ { id: 'invoice.pdf.ordered-by', message: 'Ordered by' },
  invoiceContact: /*i18n*/ { id: 'invoice.pdf.invoice-contact', message: 'Invoice contact' },
  shipping: /*i18n*/ { id: 'invoice.pdf.shipping', message: 'Shipping' },
  total: /*i18n*/ { id: 'invoice.pdf.total', message: 'Invoice total' },
  payments: /*i18n*/ { id: 'invoice.pdf.payments', message: 'Payments' },
  noPayments: /*i18n*/ { id: 'invoice.pdf.no-payments', message: 'No payments yet.' },
  payment: /*i18n*/ {
    id: 'invoice.pdf.payment',
    message: '{date}: {method}, paid by {name}',
  },
  paid: /*i18n*/ { id: 'invoice.pdf.paid', message: 'Amount paid' },
  balance: /*i18n*/ { id: 'invoice.pdf.balance', message: 'Balance due' },
  cardEnding: /*i18n*/ {
    id: 'invoice.pdf.card-ending',
    message: '{brand} ending in {last4}',
  },
  unknownCardEnding: /*i18n*/ {
    id: 'invoice.pdf.unknown-card-ending',
    message: 'Card ending in {last4}',
  },
  bankTransfer: /*i18n*/ { id: 'invoice.pdf.bank-transfer', message: 'Bank transfer' },
  creditNote: /*i18n*/ { id: 'invoice.pdf.credit-note', message: 'Credit note' },
  creditNoteNumber: /*i18n*/ {
    id: 'invoice.pdf.credit-note-number',
    message: 'Credit note number',
  },
  creditNoteDate: /*i18n*/ { id: 'invoice.pdf.credit-note-date', message: 'Date credited' },
  creditNoteAmount: /*i18n*/ {
    id: 'invoice.pdf.credit-note-amount',
    message: 'Amount credited',
  },
  creditNoteReason: /*i18n*/ { id: 'invoice.pdf.credit-note-reason', message: 'Reason' },
  reasonReturned: /*i18n*/ {
    id: 'invoice.pdf.reason-returned',
    message: 'The order was returned',
  },
  reasonOperator: /*i18n*/ {
    id: 'invoice.pdf.reason-operator',
    message: 'Credited by the store',
  },
  dueNote: /*i18n*/ {
    id: 'invoice.pdf.due-note',
    message: 'Please pay the balance of {balance} by {date}, quoting invoice {number}.',
  },
  paidNote: /*i18n*/ {
    id: 'invoice.pdf.paid-note',
    message: 'This invoice is paid. Thank you.',
  },
  creditedNote: /*i18n*/ {
    id: 'invoice.pdf.credited-note',
    message: 'This invoice was settled by credit note {number}: nothing is left to pay.',
  },
} as const satisfies Record<string, MessageDescriptor>;

const M = INVOICE_DOCUMENT_MESSAGES;

export type InvoiceDocumentRow = QuoteDocumentRow;

export interface InvoiceDocumentLine {
  readonly code: string;
  readonly name: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly discount: string;
  readonly total: string;
}

/** A block of words with its heading: the bill-to address, the invoice contact. */
export interface InvoiceDocumentBlock {
  readonly label: string;
  readonly lines: readonly string[];
}

export interface InvoiceDocument {
  readonly language: string;
  readonly title: string;
  readonly number: string;
  readonly store: { readonly name: string; readonly lines: readonly string[] };
  readonly parties: readonly InvoiceDocumentBlock[];
  readonly facts: readonly InvoiceDocumentRow[];
  readonly columns: InvoiceDocumentLine;
  readonly lines: readonly InvoiceDocumentLine[];
  readonly totals: readonly InvoiceDocumentRow[];
  readonly payments: { readonly label: string; readonly rows: readonly InvoiceDocumentRow[] };
  readonly creditNote: {
    readonly label: string;
    readonly rows: readonly InvoiceDocumentRow[];
  } | null;
  readonly notes: readonly string[];
  /** The balance as written (the last of the payments' rows). */
  readonly balance: string;
}

/** How a payment was made: 'Visa ending in 4242', 'Card ending in 4242', 'Bank transfer'. */
export function paymentMethodText(
  payment: Pick<InvoicePayment, 'method' | 'card'>,
  translate: Translate,
): string {
  const card = payment.card;
  if (payment.method === 'bank-transfer' || !card) return translate(M.bankTransfer);
  return card.brand === 'unknown'
    ? translate(M.unknownCardEnding, { last4: card.last4 })
    : translate(M.cardEnding, { brand: CARD_BRAND_NAMES[card.brand], last4: card.last4 });
}

/**
 * The invoice's document, read in `locale` (a storefront locale: its language and its
 * country's way of writing money and dates); the amounts are in the invoice's currency.
 */
export function invoiceDocument(
  view: InvoiceView & { readonly invoice: NonNullable<InvoiceView['invoice']> },
  translate: Translate,
  locale: string,
): InvoiceDocument {
  const invoice = view.invoice;
  const tag = mailFormatLocale(locale);
  const amount = (minor: number) => formatMoney(money(minor, invoice.currency), tag);
  const date = (iso: string) => formatLongDate(iso, tag);
  const store = storeDetailsOf(invoice.storeId);
  const accountName = translate(Q.accountName, {
    name: invoice.account.name,
    number: invoice.account.number,
  });
  const buyer = invoice.buyer;
  const contact = invoice.invoiceContact;

  const facts: InvoiceDocumentRow[] = [
    { label: translate(M.number), value: invoice.number, strong: true },
    { label: translate(M.issued), value: date(invoice.issuedOn) },
    { label: translate(M.due), value: date(invoice.dueOn) },
    { label: translate(M.status), value: translate(INVOICE_STATUS_LABELS[view.status]) },
    {
      label: translate(M.terms),
      value:
        invoice.terms === 'net-30'
          ? translate(M.termsNet30, { days: 30 })
          : translate(M.termsPaidAtIssue),
    },
    ...(invoice.poNumber ? [{ label: translate(M.poNumber), value: invoice.poNumber }] : []),
    { label: translate(M.webReference), value: invoice.webReference },
    ...(invoice.orderNumber
      ? [{ label: translate(M.orderNumber), value: invoice.orderNumber }]
      : []),
    { label: translate(Q.account), value: accountName },
    ...placedByFacts(invoice.placedBy, translate),
  ];

  const totals: InvoiceDocumentRow[] = [
    { label: translate(Q.subtotal), value: amount(invoice.totals.subtotalMinor) },
  ];
  totals.push(
    ...discountRows(invoice, translate, amount),
    { label: translate(M.shipping), value: amount(invoice.totals.shippingMinor) },
    ...taxRows(invoice.tax, translate, amount),
  );
  totals.push({
    label: translate(M.total),
    value: amount(invoice.totals.totalMinor),
    strong: true,
  });

  const balance = amount(view.balanceMinor);
  const paymentRows: InvoiceDocumentRow[] = [
    ...(view.payments.length === 0 ? [{ label: translate(M.noPayments), value: '' }] : []),
    ...view.payments.map((payment) => ({
      label: translate(M.payment, {
        date: formatDateTime(payment.at, tag),
        method: paymentMethodText(payment, translate),
        name: payment.paidBy.name,
      }),
      value: amount(payment.amountMinor),
    })),
    { label: translate(M.paid), value: amount(view.paidMinor) },
    { label: translate(M.balance), value: balance, strong: true },
  ];

  const credit = view.creditNote;
  const creditNote = credit
    ? {
        label: translate(M.creditNote),
        rows: [
          { label: translate(M.creditNoteNumber), value: credit.number, strong: true },
          { label: translate(M.creditNoteDate), value: date(credit.at) },
          { label: translate(M.creditNoteAmount), value: amount(credit.amountMinor) },
          {
            label: translate(M.creditNoteReason),
            value: [
              translate(credit.reason === 'returned' ? M.reasonReturned : M.reasonOperator),
              credit.note,
            ]
              .filter((part) => part !== null && part.trim() !== '')
              .join(': '),
          },
        ],
      }
    : null;

  const notes = credit
    ? [translate(M.creditedNote, { number: credit.number })]
    : view.balanceMinor === 0
      ? [translate(M.paidNote)]
      : [
          translate(M.dueNote, {
            balance,
            date: date(invoice.dueOn),
            number: invoice.number,
          }),
        ];

  return {
    language: mailLanguageOf(locale),
    title: translate(M.title),
    number: invoice.number,
    store: {
      name: store.name,
      lines: [
        ...store.address,
        store.email,
        ...(store.taxNumber ? [`${translate(Q.taxNumber)}: ${store.taxNumber}`] : []),
      ],
    },
    parties: [
      { label: translate(M.billTo), lines: addressLines(invoice.billTo, tag) },
      {
        label: translate(M.orderedBy),
        lines: [`${buyer.firstName} ${buyer.lastName}`.trim(), buyer.email, accountName].filter(
          (line) => line !== '',
        ),
      },
      ...(contact
        ? [
            {
              label: translate(M.invoiceContact),
              lines: [
                `${contact.firstName} ${contact.lastName}`.trim(),
                contact.email,
                contact.phone.e164,
              ].filter((line) => line !== ''),
            },
          ]
        : []),
    ],
    facts,
    columns: {
      code: translate(Q.code),
      name: translate(Q.item),
      quantity: translate(Q.quantity),
      unitPrice: translate(Q.unitPrice),
      discount: translate(Q.discount),
      total: translate(Q.lineTotal),
    },
    lines: invoice.lines.map((line) => ({
      code: line.code,
      name: line.name,
      quantity: new Intl.NumberFormat(tag).format(line.quantity),
      unitPrice: amount(line.unitPriceMinor),
      discount: line.discountMinor > 0 ? amount(-line.discountMinor) : '',
      total: amount(line.totalMinor),
    })),
    totals,
    payments: { label: translate(M.payments), rows: paymentRows },
    creditNote,
    notes,
    balance,
  };
}
