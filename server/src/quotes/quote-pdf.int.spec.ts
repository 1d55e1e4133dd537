/**
 * The quote's PDF in both layouts of `quote-pdf-download-upgrade` (decision 051), read back
 * with pdf.js as a person opening it would: the number, a product code and the total; the
 * upgraded layout with the store, the account, 'Excl. VAT' where the flag says, and the
 * validity; the quote mail's attachment is that PDF.
 */
import { describe, expect, it } from 'vitest';
import { quoteDocument } from '../../../domain/quote/document';
import { QUOTE } from '../../../domain/quote/test-fixtures';
import type { Translate } from '../../../domain/mail/order-confirmation';
import { formatMessage } from '../../../domain/shared/message';
import { pdfTextOf } from '../../../tests/support/pdf-text';
import { pdfText } from '../pdf/pdf-layout';
import { quotePdf } from './quote-pdf';

const english: Translate = (descriptor, values) =>
  formatMessage({ ...descriptor, values: values ?? {} });

const UK_QUOTE = { ...QUOTE, storeId: 'ukassessments', locale: 'en-gb', currency: 'GBP' };

describe("a quote's PDF", () => {
  it('has the store, the customer, every line, the totals and the validity (upgraded layout)', async () => {
    const content = quoteDocument({ quote: UK_QUOTE }, english, { exclVat: true });
    const text = await pdfTextOf(await quotePdf(content, 'upgraded'));
    expect(text).toContain(QUOTE.number);
    expect(text).toContain('WRI3-KIT');
    expect(text).toContain('Assessments Store UK Ltd');
    expect(text).toContain(QUOTE.account.name);
    expect(text).toContain('Excl. VAT');
    expect(text).toContain(content.total);
    expect(text).toContain('The prices in this quote are held until');
  });

  it('has the number, the lines and the total on one page (older layout)', async () => {
    const content = quoteDocument({ quote: QUOTE }, english, { exclVat: false });
    const pdf = await quotePdf(content, 'classic');
    const text = await pdfTextOf(pdf);
    expect(text).toContain(QUOTE.number);
    expect(text).toContain('WRI3-KIT');
    expect(text).toContain(content.total);
    expect(text).not.toContain('Excl. VAT');
  });

  it('writes a character its fonts lack as ?, never as another glyph', () => {
    expect(pdfText('Café 12 € – 山田')).toBe('Café 12 € – ??');
    expect(pdfText('1\u202f234,00')).toBe('1 234,00');
  });
});
