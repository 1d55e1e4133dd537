/**
 * A quote as a PDF (SPEC 9 `quote-pdf-download-upgrade`; decision 051), drawn with pdfkit
 * from the quote's document (domain/quote/document.ts). The flag on (its default): the full
 * layout, over as many A4 pages as the lines need, with the store and the customer, every
 * line with its discount, the totals with tax and the validity notes. Off: the older
 * single-page layout (number, dates, lines and total), lines past the page summed up. What
 * it shares with the invoice's PDF is in pdf/pdf-layout.ts.
 */
import type { QuoteDocument } from '../../../domain/quote/document';
import {
  CONTENT_WIDTH,
  drawBlock,
  drawHeading,
  drawNotes,
  drawRows,
  drawTable,
  keepTogether,
  MARGIN,
  MUTED,
  INK,
  newPdf,
  pdfText,
  renderPdf,
  type PdfColumn,
} from '../pdf/pdf-layout';

export type QuotePdfLayout = 'upgraded' | 'classic';

/** The quote as a PDF, in the layout the flag chooses. */
export function quotePdf(content: QuoteDocument, layout: QuotePdfLayout): Promise<Buffer> {
  const doc = newPdf({
    language: content.language,
    title: `${content.title} ${content.number}`,
    author: content.store.name,
  });
  return renderPdf(doc, (d) => {
    if (layout === 'upgraded') drawUpgraded(d, content);
    else drawClassic(d, content);
  });
}

const COLUMNS: readonly PdfColumn<keyof QuoteDocument['columns']>[] = [
  { key: 'code', width: 0.15, align: 'left' },
  { key: 'name', width: 0.37, align: 'left' },
  { key: 'quantity', width: 0.07, align: 'right' },
  { key: 'unitPrice', width: 0.14, align: 'right' },
  { key: 'discount', width: 0.13, align: 'right' },
  { key: 'total', width: 0.14, align: 'right' },
];

function drawUpgraded(doc: PDFKit.PDFDocument, content: QuoteDocument): void {
  const width = CONTENT_WIDTH;
  // The seller, and the title with the number.
  drawHeading(doc, content);
  // The customer beside the quote's facts.
  const top = doc.y;
  drawBlock(doc, content.customer, MARGIN, width * 0.45);
  const left = doc.y;
  doc.y = top;
  drawRows(doc, content.facts, MARGIN + width * 0.5, width * 0.5);
  doc.y = Math.max(left, doc.y) + 18;
  // Every line.
  drawTable(doc, COLUMNS, content.columns, content.lines);
  doc.moveDown(0.8);
  keepTogether(doc, 160);
  drawRows(doc, content.totals, MARGIN + width * 0.4, width * 0.6);
  doc.moveDown(1.2);
  drawNotes(doc, content.notes);
}

/** Lines the single page holds before the rest is summed up. */
const CLASSIC_MAX_LINES = 22;

function drawClassic(doc: PDFKit.PDFDocument, content: QuoteDocument): void {
  const width = CONTENT_WIDTH;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(pdfText(`${content.title} ${content.number}`));
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(pdfText(content.store.name));
  doc.moveDown(0.8);
  drawRows(doc, content.facts.slice(1), MARGIN, width * 0.7);
  doc.moveDown(0.6);
  const shown = content.lines.slice(0, CLASSIC_MAX_LINES);
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  for (const line of shown) {
    const y = doc.y;
    doc.text(pdfText(`${line.quantity} x ${line.code}  ${line.name}`), MARGIN, y, {
      width: width * 0.78,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(pdfText(line.total), MARGIN + width * 0.78, y, {
      width: width * 0.22,
      align: 'right',
    });
    doc.y = y + 13;
  }
  if (content.lines.length > shown.length) {
    doc.text(pdfText(`+ ${String(content.lines.length - shown.length)}`), MARGIN);
  }
  doc.moveDown(0.6);
  const total = content.totals[content.totals.length - 1];
  if (total) drawRows(doc, [total], MARGIN, width);
  doc.moveDown(0.6);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(pdfText(content.notes[0] ?? ''), { width });
}
