import { describe, expect, it } from 'vitest';
import { formatMessage, type MessageDescriptor, type MessageValues } from '../shared/message';
import { escapeHtml } from './html';
import { mailFormatLocale, mailLanguageOf } from './mail-language';
import { ORDER_CONFIRMATION_MESSAGES, renderOrderConfirmation } from './order-confirmation';
import { sampleOrder } from './sample-order';
import { renderMail } from './templates';

/** English: the descriptors' own text. */
const english = (descriptor: MessageDescriptor, values?: MessageValues) =>
  formatMessage({ ...descriptor, ...(values ? { values } : {}) });

/** Intl's spaces (narrow no-break before a French currency sign) read as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the order confirmation mail', () => {
  it('has the web reference number in its subject and both parts', () => {
    const mail = renderOrderConfirmation(sampleOrder(), english);
    expect(mail.subject).toBe('Your order W0000042177');
    expect(mail.text).toContain('Order web reference #: W0000042177');
    expect(mail.html).toContain('W0000042177');
  });

  it('lists the items, the totals, the addresses and the payment in the text part', () => {
    const { text } = renderOrderConfirmation(sampleOrder(), english);
    expect(text).toContain('Hello Dana,');
    expect(text).toContain('Date placed: November 23, 2026 at 10:00 AM UTC');
    expect(text).toContain('Order status: Open');
    expect(text).toContain('Customer account: Riverside Child Development Clinic (4821)');
    expect(text).toContain('- Westbrook Reading Inventory, Third Edition, Complete Kit (WRI3-KIT)');
    expect(text).toContain('  Quantity: 2\n  Total: $899.98');
    expect(text).toContain('Pre-order: ships when available');
    expect(text).toContain('Subtotal: $2,499.98');
    expect(text).toContain('Discounts: -$100.00');
    expect(text).toContain('Shipping: $10.00');
    expect(text).toContain('Tax: $0.00');
    expect(text).toContain('Order total: $2,409.98');
    expect(text).toContain(
      'Delivery address\nSam Okafor\nRiverside Child Development Clinic\n1200 Riverside Drive\nSuite 300\nSpringfield, IL 62704\nUnited States\n+12175550143',
    );
    expect(text).toContain('Billing address\nPriya Natarajan');
    expect(text).toContain('Delivery method: Regular ground (10-15 business days)');
    expect(text).toContain('Payment: Purchase order PO-2026-0457');
    expect(text).toContain(
      'The status of your order may take up to 3 business days to appear in your account.',
    );
    expect(text).not.toContain('<');
  });

  it('names the third party who pays, its contact and its reference (decision 061)', () => {
    const order = {
      ...sampleOrder(),
      payment: {
        method: 'third-party' as const,
        payer: {
          organization: 'Dane County School District',
          contact: {
            firstName: 'Maria',
            lastName: 'Lopez',
            email: 'payables@danecounty.example',
            phone: { countryIso: 'US', phoneCode: '1', e164: '+16085550142' },
          },
          reference: 'AUTH-2026-3391',
        },
      },
    };
    const { text, html } = renderOrderConfirmation(order, english);
    expect(text).toContain(
      'Payment: Paid by Dane County School District, reference AUTH-2026-3391',
    );
    expect(text).toContain(
      'Third-party payer\nDane County School District\nMaria Lopez\npayables@danecounty.example\n+16085550142\nReference or authorisation number: AUTH-2026-3391',
    );
    expect(html).toContain('Third-party payer');
    expect(html).toContain('payables@danecounty.example');
    // Another way to pay names no payer.
    expect(renderOrderConfirmation(sampleOrder(), english).text).not.toContain('Third-party payer');
  });

  it('has the same facts in the HTML part, in tables', () => {
    const { html } = renderOrderConfirmation(sampleOrder(), english);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<table');
    for (const value of ['$899.98', '$2,499.98', '-$100.00', '$2,409.98', 'PO-2026-0457']) {
      expect(html).toContain(value);
    }
    expect(html).toContain('Springfield, IL 62704');
  });

  it('escapes every value in the HTML part', () => {
    const order = sampleOrder({
      buyer: { ...sampleOrder().buyer, firstName: '<script>alert("x")</script>' },
      lines: [{ ...sampleOrder().lines[0]!, name: 'Kit & <b>forms</b>', code: `A"B'C` }],
      shippingAddress: { ...sampleOrder().shippingAddress!, line1: '<img src=x onerror=alert(1)>' },
    });
    const { html, text } = renderOrderConfirmation(order, english);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>forms');
    expect(html).not.toContain('<img');
    expect(html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(html).toContain('Kit &amp; &lt;b&gt;forms&lt;/b&gt;');
    expect(html).toContain('A&quot;B&#39;C');
    // The plain-text part is text: nothing to escape.
    expect(text).toContain('Kit & <b>forms</b>');
  });

  it('speaks the buyer’s language through the translation it is given', () => {
    const french: Record<string, string> = {
      [ORDER_CONFIRMATION_MESSAGES.subject.id]: 'Votre commande {webReference}',
      [ORDER_CONFIRMATION_MESSAGES.total.id]: 'Total de la commande',
      [ORDER_CONFIRMATION_MESSAGES.labelled.id]: '{label} : {value}',
    };
    const asked: string[] = [];
    const translate = (descriptor: MessageDescriptor, values?: MessageValues) => {
      asked.push(descriptor.id);
      return formatMessage({
        id: descriptor.id,
        message: french[descriptor.id] ?? descriptor.message,
        ...(values ? { values } : {}),
      });
    };
    const order = sampleOrder({ locale: 'fr-ca', storeId: 'caassessments', currency: 'CAD' });
    const mail = renderOrderConfirmation(order, translate);
    expect(mail.subject).toBe('Votre commande W0000042177');
    expect(plain(mail.text)).toContain('Total de la commande : 2 409,98 $');
    expect(plain(mail.text)).toContain('23 novembre 2026');
    expect(mail.html).toContain('<html lang="fr">');
    for (const id of Object.keys(french)) expect(asked).toContain(id);
  });

  it('names a card by its last four digits, and a payment it does not know in general words', () => {
    const card = sampleOrder({
      payment: {
        method: 'card',
        source: 'saved',
        card: { brand: 'visa', last4: '4242', expMonth: 1, expYear: 2030 },
      } as unknown as ReturnType<typeof sampleOrder>['payment'],
    });
    expect(renderOrderConfirmation(card, english).text).toContain(
      'Payment: Credit card ending in 4242',
    );
    const other = sampleOrder({
      payment: { method: 'voucher' } as unknown as ReturnType<typeof sampleOrder>['payment'],
    });
    expect(renderOrderConfirmation(other, english).text).toContain(
      'Payment: As chosen at checkout',
    );
  });

  it('leaves out shipping and the delivery address for an order with nothing to ship', () => {
    const { text } = renderOrderConfirmation(
      sampleOrder({ shippingAddress: null, shippingMethod: null }),
      english,
    );
    expect(text).not.toContain('Shipping:');
    expect(text).not.toContain('Delivery address');
    expect(text).toContain('Billing address');
  });

  it('is the order-confirmation template', () => {
    const mail = renderMail('order-confirmation', sampleOrder(), english);
    expect(mail.subject).toBe('Your order W0000042177');
    expect(() => renderMail('no-such-mail', {}, english)).toThrow(/No mail template/);
    expect(() => renderMail('toString', {}, english)).toThrow(/No mail template/);
  });
});

describe('a mail’s language', () => {
  it('is the storefront’s content language, English otherwise', () => {
    expect(mailLanguageOf('fr-ca')).toBe('fr');
    expect(mailLanguageOf('nl-nl')).toBe('nl');
    expect(mailLanguageOf('es-es')).toBe('es');
    expect(mailLanguageOf('en-ca')).toBe('en');
    expect(mailLanguageOf('ja-jp')).toBe('en');
    expect(mailLanguageOf('xx-yy')).toBe('en');
    expect(mailFormatLocale('fr-ca')).toBe('fr-CA');
    expect(mailFormatLocale('ja-jp')).toBe('en-JP');
    expect(mailFormatLocale('unknown')).toBe('en');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
