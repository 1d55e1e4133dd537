/**
 * The order confirmation mail (SPEC 3 Order, 9; decision 027): the web reference number, when
 * the order was placed, what was bought with its totals, where it goes, where it is billed
 * and how it is paid, in the buyer's language. Pure: the words come from `translate` (the
 * server's catalogs), money and dates from Intl. It is rendered when it is sent, from the
 * order document kept in the outbox, so what may change shape (the payment, the status, the
 * delivery method) is read defensively: a mail written by another version still renders.
 */
import type { CheckoutAddress } from '../checkout/state';
import { SHIPPING_METHOD_DAYS, SHIPPING_METHOD_LABELS } from '../checkout/shipping-methods';
import type { Order, PlacedBy } from '../order/order';
import { PLACED_BY_MESSAGES, placedByAgent } from '../order/placed-by';
import { ORDER_STATUS_DELAY_BUSINESS_DAYS, ORDER_STATUS_LABELS } from '../order/status';
import { formatMoney, money } from '../pricing/money';
import type { MessageDescriptor, MessageValues } from '../shared/message';
import { escapeHtml } from './html';
import { formatDateTime, mailFormatLocale, mailLanguageOf } from './mail-language';

/** A message in the mail's language with its `{name}` placeholders filled in. */
export type Translate = (descriptor: MessageDescriptor, values?: MessageValues) => string;

export interface RenderedMail {
  readonly subject: string;
  /** The plain-text part. */
  readonly text: string;
  /** The HTML part: every value in it is escaped. */
  readonly html: string;
}

export const ORDER_CONFIRMATION_MESSAGES = {
  subject: /*i18n*/ {
    id: 'mail.order-confirmation.subject',
    message: 'Your order {webReference}',
  },
  heading: /*i18n*/ {
    id: 'mail.order-confirmation.heading',
    message: 'Thank you for your order',
  },
  greeting: /*i18n*/ { id: 'mail.order-confirmation.greeting', message: 'Hello {name},' },
  intro: /*i18n*/ {
    id: 'mail.order-confirmation.intro',
    message: 'We have received your order. Here are its details.',
  },
  /** A label and its value on one line of the plain-text part. */
  labelled: /*i18n*/ { id: 'mail.order-confirmation.labelled', message: '{label}: {value}' },
  webReference: /*i18n*/ {
    id: 'mail.order-confirmation.web-reference',
    message: 'Order web reference #',
  },
  datePlaced: /*i18n*/ { id: 'mail.order-confirmation.date-placed', message: 'Date placed' },
  status: /*i18n*/ { id: 'mail.order-confirmation.status', message: 'Order status' },
  account: /*i18n*/ { id: 'mail.order-confirmation.account', message: 'Customer account' },
  accountName: /*i18n*/ {
    id: 'mail.order-confirmation.account-name',
    message: '{name} ({number})',
  },
  items: /*i18n*/ { id: 'mail.order-confirmation.items', message: 'Your order' },
  item: /*i18n*/ { id: 'mail.order-confirmation.item', message: 'Item' },
  quantity: /*i18n*/ { id: 'mail.order-confirmation.quantity', message: 'Quantity' },
  lineTotal: /*i18n*/ { id: 'mail.order-confirmation.line-total', message: 'Total' },
  preOrder: /*i18n*/ {
    id: 'mail.order-confirmation.pre-order',
    message: 'Pre-order: ships when available',
  },
  subtotal: /*i18n*/ { id: 'mail.order-confirmation.subtotal', message: 'Subtotal' },
  discounts: /*i18n*/ { id: 'mail.order-confirmation.discounts', message: 'Discounts' },
  shipping: /*i18n*/ { id: 'mail.order-confirmation.shipping', message: 'Shipping' },
  tax: /*i18n*/ { id: 'mail.order-confirmation.tax', message: 'Tax' },
  total: /*i18n*/ { id: 'mail.order-confirmation.total', message: 'Order total' },
  deliveryAddress: /*i18n*/ {
    id: 'mail.order-confirmation.delivery-address',
    message: 'Delivery address',
  },
  deliveryMethod: /*i18n*/ {
    id: 'mail.order-confirmation.delivery-method',
    message: 'Delivery method',
  },
  deliveryMethodDays: /*i18n*/ {
    id: 'mail.order-confirmation.delivery-method-days',
    message: '{method} ({days})',
  },
  billingAddress: /*i18n*/ {
    id: 'mail.order-confirmation.billing-address',
    message: 'Billing address',
  },
  payment: /*i18n*/ { id: 'mail.order-confirmation.payment', message: 'Payment' },
  paymentCard: /*i18n*/ {
    id: 'mail.order-confirmation.payment-card',
    message: 'Credit card ending in {last4}',
  },
  paymentPurchaseOrder: /*i18n*/ {
    id: 'mail.order-confirmation.payment-purchase-order',
    message: 'Purchase order {poNumber}',
  },
  paymentBankTransfer: /*i18n*/ {
    id: 'mail.order-confirmation.payment-bank-transfer',
    message: 'Bank transfer against our invoice',
  },
  paymentThirdParty: /*i18n*/ {
    id: 'mail.order-confirmation.payment-third-party',
    message: 'Paid by {organization}, reference {reference}',
  },
  thirdPartyPayer: /*i18n*/ {
    id: 'mail.order-confirmation.third-party-payer',
    message: 'Third-party payer',
  },
  thirdPartyReference: /*i18n*/ {
    id: 'mail.order-confirmation.third-party-reference',
    message: 'Reference or authorisation number: {reference}',
  },
  paymentOther: /*i18n*/ {
    id: 'mail.order-confirmation.payment-other',
    message: 'As chosen at checkout',
  },
  /** SPEC 9: order status may be unavailable for up to 3 business days after placing. */
  statusDelay: /*i18n*/ {
    id: 'mail.order-confirmation.status-delay',
    message:
      'The status of your order may take up to {days} business days to appear in your account.',
  },
  closing: /*i18n*/ {
    id: 'mail.order-confirmation.closing',
    message: 'Please keep this email for your records.',
  },
} as const satisfies Record<string, MessageDescriptor>;

const M = ORDER_CONFIRMATION_MESSAGES;

/** One labelled fact of the mail: an order number, a date, a total. */
interface Fact {
  readonly label: string;
  readonly value: string;
  /** Shown stronger (the order total). */
  readonly strong?: boolean;
}

interface ItemRow {
  readonly name: string;
  readonly code: string;
  readonly quantity: string;
  readonly total: string;
  readonly note: string | null;
}

/** Everything the two parts show, in words and formatted numbers, before either is written. */
interface Content {
  readonly language: string;
  readonly subject: string;
  readonly heading: string;
  readonly greeting: string;
  readonly intro: string;
  readonly facts: readonly Fact[];
  readonly itemsHeading: string;
  readonly columns: { readonly item: string; readonly quantity: string; readonly total: string };
  readonly items: readonly ItemRow[];
  readonly totals: readonly Fact[];
  /** Addresses with their headings, each as its lines. */
  readonly addresses: readonly { readonly label: string; readonly lines: readonly string[] }[];
  readonly details: readonly Fact[];
  readonly notes: readonly string[];
}

type Fields = Readonly<Record<string, unknown>>;

function fieldsOf(value: unknown): Fields {
  return typeof value === 'object' && value !== null ? (value as Fields) : {};
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * How the order is paid, as far as the stored document says: a card by its last four digits,
 * a purchase order by its number, a bank transfer; anything else (a method this version
 * does not know) in general words.
 */
function paymentText(payment: unknown, translate: Translate): string {
  const fields = fieldsOf(payment);
  const card = fieldsOf(fields.card);
  const last4 = textOf(card.last4) ?? textOf(fields.last4);
  const poNumber = textOf(fields.poNumber);
  switch (fields.method) {
    case 'purchase-order':
      if (poNumber) return translate(M.paymentPurchaseOrder, { poNumber });
      break;
    case 'card':
    case 'credit-card':
      if (last4 && /^\d{4}$/.test(last4)) return translate(M.paymentCard, { last4 });
      break;
    case 'bank-transfer':
      return translate(M.paymentBankTransfer);
    case 'third-party': {
      const payer = fieldsOf(fields.payer);
      const organization = textOf(payer.organization);
      const reference = textOf(payer.reference);
      if (organization && reference) {
        return translate(M.paymentThirdParty, { organization, reference });
      }
      break;
    }
  }
  return translate(M.paymentOther);
}

/** The third party who pays, as lines of the mail (decision 061); none for other methods. */
function payerLines(payment: unknown, translate: Translate): string[] {
  const fields = fieldsOf(payment);
  if (fields.method !== 'third-party') return [];
  const payer = fieldsOf(fields.payer);
  const contact = fieldsOf(payer.contact);
  const phone = fieldsOf(contact.phone);
  const reference = textOf(payer.reference);
  return [
    textOf(payer.organization),
    [textOf(contact.firstName), textOf(contact.lastName)].filter(Boolean).join(' '),
    textOf(contact.email),
    textOf(phone.e164),
    reference ? translate(M.thirdPartyReference, { reference }) : null,
  ].flatMap((line) => (line ? [line] : []));
}

function countryName(country: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** An address as the lines of an envelope. */
export function addressLines(address: CheckoutAddress, locale: string): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const place = [
    address.town,
    [address.region, address.postalCode].filter((part) => textOf(part) !== null).join(' '),
  ]
    .filter((part) => textOf(part) !== null)
    .join(', ');
  return [
    name,
    address.organization,
    address.line1,
    address.line2,
    address.line3,
    place,
    countryName(address.country, locale),
    address.phone,
  ].flatMap((line) => (textOf(line) === null ? [] : [line as string]));
}

/**
 * 'Placed by: Customer service (Alex Morgan)' when customer service made it (decision 063),
 * as the order and quote mails and PDFs show it; nothing when the buyer did.
 */
export function placedByFacts(
  placedBy: PlacedBy | undefined,
  translate: Translate,
  label: MessageDescriptor = PLACED_BY_MESSAGES.label,
): { readonly label: string; readonly value: string }[] {
  const agent = placedByAgent(placedBy);
  return agent ? [{ label: translate(label), value: translate(agent, agent.values) }] : [];
}

function contentOf(order: Order, translate: Translate): Content {
  const locale = mailFormatLocale(order.locale);
  const format = (minor: number) => formatMoney(money(minor, order.currency), locale);
  const count = new Intl.NumberFormat(locale);
  const placedAt = formatDateTime(order.placedAt, locale);
  const status = ORDER_STATUS_LABELS[order.status] as MessageDescriptor | undefined;

  const facts: Fact[] = [
    { label: translate(M.webReference), value: order.webReference },
    { label: translate(M.datePlaced), value: placedAt },
    ...(status ? [{ label: translate(M.status), value: translate(status) }] : []),
    ...placedByFacts(order.placedBy, translate),
    {
      label: translate(M.account),
      value: translate(M.accountName, { name: order.account.name, number: order.account.number }),
    },
  ];

  const totals: Fact[] = [
    { label: translate(M.subtotal), value: format(order.totals.subtotalMinor) },
    ...(order.totals.discountsMinor !== 0
      ? [{ label: translate(M.discounts), value: format(-Math.abs(order.totals.discountsMinor)) }]
      : []),
    ...(order.shippingMethod
      ? [{ label: translate(M.shipping), value: format(order.totals.shippingMinor) }]
      : []),
    { label: translate(M.tax), value: format(order.totals.taxMinor) },
    { label: translate(M.total), value: format(order.totals.totalMinor), strong: true },
  ];

  const payer = payerLines(order.payment, translate);
  const method = order.shippingMethod;
  const methodLabel = method
    ? (SHIPPING_METHOD_LABELS[method.id] as MessageDescriptor | undefined)
    : undefined;
  const details: Fact[] = [
    ...(method && methodLabel
      ? [
          {
            label: translate(M.deliveryMethod),
            value: translate(M.deliveryMethodDays, {
              method: translate(methodLabel),
              days: translate(SHIPPING_METHOD_DAYS, {
                min: count.format(method.minDays),
                max: count.format(method.maxDays),
              }),
            }),
          },
        ]
      : []),
    { label: translate(M.payment), value: paymentText(order.payment, translate) },
  ];

  return {
    language: mailLanguageOf(order.locale),
    subject: translate(M.subject, { webReference: order.webReference }),
    heading: translate(M.heading),
    greeting: translate(M.greeting, { name: order.buyer.firstName }),
    intro: translate(M.intro),
    facts,
    itemsHeading: translate(M.items),
    columns: {
      item: translate(M.item),
      quantity: translate(M.quantity),
      total: translate(M.lineTotal),
    },
    items: order.lines.map((line) => ({
      name: line.name,
      code: line.code,
      quantity: count.format(line.quantity),
      total: format(line.totalMinor),
      note: line.preOrder ? translate(M.preOrder) : null,
    })),
    totals,
    addresses: [
      ...(order.shippingAddress
        ? [
            {
              label: translate(M.deliveryAddress),
              lines: addressLines(order.shippingAddress, locale),
            },
          ]
        : []),
      { label: translate(M.billingAddress), lines: addressLines(order.billingAddress, locale) },
      ...(payer.length > 0 ? [{ label: translate(M.thirdPartyPayer), lines: payer }] : []),
    ],
    details,
    notes: [
      translate(M.statusDelay, { days: count.format(ORDER_STATUS_DELAY_BUSINESS_DAYS) }),
      translate(M.closing),
    ],
  };
}

function textPart(content: Content, translate: Translate): string {
  const line = (fact: Fact) => translate(M.labelled, { label: fact.label, value: fact.value });
  const blocks: string[][] = [
    [content.heading],
    [content.greeting, content.intro],
    content.facts.map(line),
    [
      content.itemsHeading,
      ...content.items.flatMap((item) => [
        `- ${item.name} (${item.code})`,
        `  ${translate(M.labelled, { label: content.columns.quantity, value: item.quantity })}`,
        `  ${translate(M.labelled, { label: content.columns.total, value: item.total })}`,
        ...(item.note ? [`  ${item.note}`] : []),
      ]),
    ],
    content.totals.map(line),
    ...content.addresses.map((address) => [address.label, ...address.lines]),
    content.details.map(line),
    [...content.notes],
  ];
  return `${blocks.map((block) => block.join('\n')).join('\n\n')}\n`;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;';
const CELL = 'padding:6px 8px;border-bottom:1px solid #dddddd;vertical-align:top;';
const HEAD = `${CELL}text-align:left;background:#f3f3f3;font-weight:bold;`;
const H2 = 'font-size:18px;margin:24px 0 8px;';

function factRows(facts: readonly Fact[]): string {
  return facts
    .map((fact) => {
      const weight = fact.strong ? 'font-weight:bold;' : '';
      return (
        `<tr><th scope="row" style="${CELL}text-align:left;font-weight:normal;${weight}">` +
        `${escapeHtml(fact.label)}</th>` +
        `<td style="${CELL}text-align:right;${weight}">${escapeHtml(fact.value)}</td></tr>`
      );
    })
    .join('');
}

function htmlPart(content: Content): string {
  const table = (rows: string) =>
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;max-width:600px;">${rows}</table>`;
  const items =
    `<table cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;max-width:600px;">` +
    `<thead><tr><th scope="col" style="${HEAD}">${escapeHtml(content.columns.item)}</th>` +
    `<th scope="col" style="${HEAD}text-align:right;">${escapeHtml(content.columns.quantity)}</th>` +
    `<th scope="col" style="${HEAD}text-align:right;">${escapeHtml(content.columns.total)}</th>` +
    `</tr></thead><tbody>` +
    content.items
      .map(
        (item) =>
          `<tr><td style="${CELL}">${escapeHtml(item.name)}<br>` +
          `<span style="color:#555555;font-size:13px;">${escapeHtml(item.code)}</span>` +
          (item.note
            ? `<br><span style="color:#555555;font-size:13px;">${escapeHtml(item.note)}</span>`
            : '') +
          `</td><td style="${CELL}text-align:right;">${escapeHtml(item.quantity)}</td>` +
          `<td style="${CELL}text-align:right;">${escapeHtml(item.total)}</td></tr>`,
      )
      .join('') +
    `</tbody></table>`;
  const addresses = content.addresses
    .map(
      (address) =>
        `<h2 style="${H2}">${escapeHtml(address.label)}</h2>` +
        `<p style="margin:0;line-height:1.5;">${address.lines.map(escapeHtml).join('<br>')}</p>`,
    )
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(content.language)}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:16px;${FONT}font-size:15px;line-height:1.4;">`,
    `<p style="margin:0 0 16px;">${escapeHtml(content.greeting)}</p>`,
    `<h1 style="font-size:22px;margin:0 0 8px;">${escapeHtml(content.heading)}</h1>`,
    `<p style="margin:0 0 16px;">${escapeHtml(content.intro)}</p>`,
    table(factRows(content.facts)),
    `<h2 style="${H2}">${escapeHtml(content.itemsHeading)}</h2>`,
    items,
    table(factRows(content.totals)),
    addresses,
    table(factRows(content.details)),
    ...content.notes.map(
      (note) => `<p style="margin:16px 0 0;color:#333333;">${escapeHtml(note)}</p>`,
    ),
    '</body></html>',
    '',
  ].join('\n');
}

export function renderOrderConfirmation(order: Order, translate: Translate): RenderedMail {
  const content = contentOf(order, translate);
  return { subject: content.subject, text: textPart(content, translate), html: htmlPart(content) };
}
