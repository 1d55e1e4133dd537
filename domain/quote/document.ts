/**
 * A quote as a document (decision 051): everything its PDF and its mail show, in the quote's
 * language with money and dates formatted for its storefront, before either is drawn. Pure:
 * the words come from `translate`, the numbers from Intl.
 */
import { placedByFacts, type Translate } from '../mail/order-confirmation';
import { PLACED_BY_MESSAGES } from '../order/placed-by';
import { formatLongDate, mailFormatLocale, mailLanguageOf } from '../mail/mail-language';
import { formatMoney, money } from '../pricing/money';
import type { MessageDescriptor } from '../shared/message';
import { storeDetailsOf } from '../storefront/store-details';
import { isVatStore } from '../tax/vat-stores';
import { TAX_MESSAGES } from '../tax/messages';
import { EARLY_EXPIRATION_MESSAGES } from './expiration';
import type { Quote, QuoteState } from './quote';

export const QUOTE_DOCUMENT_MESSAGES = {
  title: /*i18n*/ { id: 'quote.pdf.title', message: 'Quote' },
  subject: /*i18n*/ { id: 'quote.pdf.subject', message: 'Your quote {number}' },
  number: /*i18n*/ { id: 'quote.pdf.number', message: 'Quote/proforma number' },
  created: /*i18n*/ { id: 'quote.pdf.created', message: 'Date created' },
  expires: /*i18n*/ { id: 'quote.pdf.expires', message: 'Valid until' },
  account: /*i18n*/ { id: 'quote.pdf.account', message: 'Customer account' },
  accountName: /*i18n*/ { id: 'quote.pdf.account-name', message: '{name} ({number})' },
  preparedFor: /*i18n*/ { id: 'quote.pdf.prepared-for', message: 'Prepared for' },
  seller: /*i18n*/ { id: 'quote.pdf.seller', message: 'From' },
  taxNumber: /*i18n*/ { id: 'quote.pdf.tax-number', message: 'Tax registration' },
  code: /*i18n*/ { id: 'quote.pdf.code', message: 'Item #' },
  item: /*i18n*/ { id: 'quote.pdf.item', message: 'Item' },
  quantity: /*i18n*/ { id: 'quote.pdf.quantity', message: 'Qty' },
  unitPrice: /*i18n*/ { id: 'quote.pdf.unit-price', message: 'Unit price' },
  discount: /*i18n*/ { id: 'quote.pdf.discount', message: 'Discount' },
  lineTotal: /*i18n*/ { id: 'quote.pdf.line-total', message: 'Total' },
  subtotal: /*i18n*/ { id: 'quote.pdf.subtotal', message: 'Subtotal' },
  discounts: /*i18n*/ { id: 'quote.pdf.discounts', message: 'Discounts' },
  promotion: /*i18n*/ { id: 'quote.pdf.promotion', message: 'Promotion {code}' },
  accountDiscount: /*i18n*/ {
    id: 'quote.pdf.account-discount',
    message: 'Account discount',
  },
  tax: /*i18n*/ { id: 'quote.pdf.tax', message: '{label} ({rate})' },
  taxExempt: /*i18n*/ { id: 'quote.pdf.tax-exempt', message: 'Tax exempt account' },
  taxAtCheckout: /*i18n*/ {
    id: 'quote.pdf.tax-at-checkout',
    message: 'Tax is calculated at checkout from the delivery address.',
  },
  total: /*i18n*/ { id: 'quote.pdf.total', message: 'Quote total' },
  shippingNote: /*i18n*/ {
    id: 'quote.pdf.shipping-note',
    message: 'Shipping, where it applies, is chosen and added at checkout.',
  },
  validity: /*i18n*/ {
    id: 'quote.pdf.validity',
    message:
      'The prices in this quote are held until {date}. Order it from Quotes in your account.',
  },
  greeting: /*i18n*/ { id: 'quote.pdf.greeting', message: 'Hello {name},' },
  mailIntro: /*i18n*/ {
    id: 'quote.pdf.mail-intro',
    message: 'Here is quote {number} from {store}. The PDF is attached.',
  },
  labelled: /*i18n*/ { id: 'quote.pdf.labelled', message: '{label}: {value}' },
} as const satisfies Record<string, MessageDescriptor>;

const M = QUOTE_DOCUMENT_MESSAGES;

export interface QuoteDocumentLine {
  readonly code: string;
  readonly name: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly discount: string;
  readonly total: string;
}

export interface QuoteDocumentRow {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}

/** A priced document's discounts, the account's then each promotion's, as amounts taken off. */
export function discountRows(
  priced: Pick<Quote, 'accountDiscount' | 'promotions'>,
  translate: Translate,
  amount: (minor: number) => string,
): QuoteDocumentRow[] {
  return [
    ...(priced.accountDiscount
      ? [
          {
            label: translate(M.accountDiscount),
            value: amount(-priced.accountDiscount.discountMinor),
          },
        ]
      : []),
    ...priced.promotions.map((promotion) => ({
      label: `${translate(M.promotion, { code: promotion.code })}: ${promotion.name}`,
      value: amount(-promotion.discountMinor),
    })),
  ];
}

/** A priced document's taxes, each with its rate, or that the account is tax exempt. */
export function taxRows(
  tax: Quote['tax'],
  translate: Translate,
  amount: (minor: number) => string,
): QuoteDocumentRow[] {
  return [
    ...tax.lines.map((line) => ({
      label: translate(M.tax, { label: translate(line.label), rate: line.rate }),
      value: amount(line.amountMinor),
    })),
    ...(tax.basis === 'exempt' ? [{ label: translate(M.taxExempt), value: amount(0) }] : []),
  ];
}

export interface QuoteDocument {
  readonly language: string;
  readonly title: string;
  readonly subject: string;
  readonly store: { readonly name: string; readonly lines: readonly string[] };
  readonly customer: { readonly label: string; readonly lines: readonly string[] };
  readonly facts: readonly QuoteDocumentRow[];
  readonly columns: QuoteDocumentLine;
  readonly lines: readonly QuoteDocumentLine[];
  readonly totals: readonly QuoteDocumentRow[];
  readonly notes: readonly string[];
  readonly number: string;
  readonly total: string;
  readonly expires: string;
  readonly buyerName: string;
}

/**
 * The quote's document. `exclVat`: the store's `vat` flag is on, so prices in a VAT store
 * read 'Excl. VAT' (SPEC 9).
 */
export function quoteDocument(
  state: Pick<QuoteState, 'quote'> & { readonly quote: Quote },
  translate: Translate,
  options: { readonly exclVat: boolean },
): QuoteDocument {
  const quote = state.quote;
  const locale = mailFormatLocale(quote.locale);
  const amount = (minor: number) => formatMoney(money(minor, quote.currency), locale);
  const store = storeDetailsOf(quote.storeId);
  const exclVat = options.exclVat && isVatStore(quote.storeId);
  const withVatNote = (label: string) =>
    exclVat ? `${label} (${translate(TAX_MESSAGES.exclVat)})` : label;
  const buyerName = `${quote.buyer.firstName} ${quote.buyer.lastName}`.trim();
  const accountName = translate(M.accountName, {
    name: quote.account.name,
    number: quote.account.number,
  });
  const totals: QuoteDocumentRow[] = [
    { label: withVatNote(translate(M.subtotal)), value: amount(quote.totals.subtotalMinor) },
  ];
  totals.push(...discountRows(quote, translate, amount), ...taxRows(quote.tax, translate, amount));
  const total = amount(quote.totals.totalMinor);
  totals.push({ label: translate(M.total), value: total, strong: true });
  const expires = formatLongDate(quote.expiresOn, locale);
  const notes = [translate(M.validity, { date: expires }), translate(M.shippingNote)];
  if (quote.tax.basis === 'unknown-address') notes.push(translate(M.taxAtCheckout));
  if (quote.earlyExpiration) {
    notes.push(
      translate(EARLY_EXPIRATION_MESSAGES[quote.earlyExpiration.reason], {
        date: formatLongDate(quote.earlyExpiration.on, locale),
      }),
    );
  }
  return {
    language: mailLanguageOf(quote.locale),
    title: translate(M.title),
    subject: translate(M.subject, { number: quote.number }),
    store: {
      name: store.name,
      lines: [
        ...store.address,
        store.email,
        ...(store.taxNumber ? [`${translate(M.taxNumber)}: ${store.taxNumber}`] : []),
      ],
    },
    customer: {
      label: translate(M.preparedFor),
      lines: [buyerName, quote.buyer.email, accountName].filter((l) => l !== ''),
    },
    facts: [
      { label: translate(M.number), value: quote.number, strong: true },
      { label: translate(M.created), value: formatLongDate(quote.createdAt, locale) },
      { label: translate(M.expires), value: expires },
      { label: translate(M.account), value: accountName },
      ...placedByFacts(quote.placedBy, translate, PLACED_BY_MESSAGES.quoteLabel),
    ],
    columns: {
      code: translate(M.code),
      name: translate(M.item),
      quantity: translate(M.quantity),
      unitPrice: withVatNote(translate(M.unitPrice)),
      discount: translate(M.discount),
      total: translate(M.lineTotal),
    },
    lines: quote.lines.map((line) => ({
      code: line.code,
      name: line.name,
      quantity: String(line.quantity),
      unitPrice: amount(line.unitPriceMinor),
      discount: line.discountMinor > 0 ? amount(-line.discountMinor) : '',
      total: amount(line.totalMinor),
    })),
    totals,
    notes,
    number: quote.number,
    total,
    expires,
    buyerName,
  };
}
