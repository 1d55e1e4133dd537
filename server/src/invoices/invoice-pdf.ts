/**
 * An invoice as a PDF (decision 053), drawn with pdfkit from the invoice's document
 * (domain/invoice/document.ts) in the layout of the quote's (pdf/pdf-layout.ts): the store,
 * the title and number; the bill-to, the buyer and the invoice contact beside the invoice's
 * facts; every line; the discounts, shipping, tax and totals; the payments and the balance;
 * the credit note when there is one; and what is left to do.
 */
import type { InvoiceView } from '../../../domain/invoice/invoice';
import { invoiceDocument, type InvoiceDocument } from '../../../domain/invoice/document';
import type { Locale } from '../../../domain/storefront/storefronts';
import type { MailTranslations } from '../mail/translations';
import {
  CONTENT_WIDTH,
  drawBlock,
  drawHeading,
  drawNotes,
  drawRows,
  drawTable,
  INK,
  keepTogether,
  MARGIN,
  newPdf,
  pdfText,
  renderPdf,
  type PdfColumn,
} from '../pdf/pdf-layout';

const COLUMNS: readonly PdfColumn<keyof InvoiceDocument['columns']>[] = [
  { key: 'code', width: 0.15, align: 'left' },
  { key: 'name', width: 0.37, align: 'left' },
  { key: 'quantity', width: 0.07, align: 'right' },
  { key: 'unitPrice', width: 0.14, align: 'right' },
  { key: 'discount', width: 0.13, align: 'right' },
  { key: 'total', width: 0.14, align: 'right' },
];

/** The file name an invoice's PDF is saved under: its number. */
export const invoicePdfName = (invoice: { readonly number: string }): string =>
  `${invoice.number}.pdf`;

function section(doc: PDFKit.PDFDocument, heading: string): void {
  doc.moveDown(1);
  keepTogether(doc, 90);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(pdfText(heading), MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
}

export function invoicePdf(content: InvoiceDocument): Promise<Buffer> {
  const doc = newPdf({
    language: content.language,
    title: `${content.title} ${content.number}`,
    author: content.store.name,
  });
  return renderPdf(doc, (d) => {
    const width = CONTENT_WIDTH;
    drawHeading(d, content);
    // Who it is for beside the invoice's facts.
    const top = d.y;
    for (const party of content.parties) {
      drawBlock(d, party, MARGIN, width * 0.45);
      d.moveDown(0.6);
    }
    const left = d.y;
    d.y = top;
    drawRows(d, content.facts, MARGIN + width * 0.5, width * 0.5);
    d.y = Math.max(left, d.y) + 12;
    drawTable(d, COLUMNS, content.columns, content.lines);
    d.moveDown(0.8);
    keepTogether(d, 160);
    drawRows(d, content.totals, MARGIN + width * 0.4, width * 0.6);
    section(d, content.payments.label);
    drawRows(d, content.payments.rows, MARGIN, width);
    if (content.creditNote) {
      section(d, content.creditNote.label);
      drawRows(d, content.creditNote.rows, MARGIN, width);
    }
    d.moveDown(1.2);
    drawNotes(d, content.notes);
  });
}

/** An issued invoice's PDF in the language of `locale`, the storefront it is read in. */
export function invoicePdfOf(
  deps: { readonly translations: () => MailTranslations },
  view: InvoiceView & { readonly invoice: NonNullable<InvoiceView['invoice']> },
  locale: Locale,
): Promise<Buffer> {
  const content = invoiceDocument(view, deps.translations().translate(locale), locale);
  return invoicePdf(content);
}
