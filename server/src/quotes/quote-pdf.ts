/**
 * A quote as a PDF (SPEC 9 `quote-pdf-download-upgrade`; decision 051), drawn with pdfkit
 * from the quote's document (domain/quote/document.ts). The flag on (its default): the full
 * layout, over as many A4 pages as the lines need, with the store and the customer, every
 * line with its discount, the totals with tax and the validity notes. Off: the older
 * single-page layout (number, dates, lines and total), lines past the page summed up.
 *
 * The PDF's standard fonts write Latin text (Windows-1252): a character outside it is shown
 * as '?' rather than as a wrong glyph (decision 051).
 */
import PDFDocument from 'pdfkit';
import type { QuoteDocument, QuoteDocumentRow } from '../../../domain/quote/document';

export type QuotePdfLayout = 'upgraded' | 'classic';

/** Characters Windows-1252 has beyond Latin-1 (the euro sign, quotes, dashes). */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as the standard fonts can write it. */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    const fits = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    // Narrow no-break spaces (French number formatting) read as spaces.
    if (char === '\u202f' || char === '\u00a0') out += ' ';
    else out += fits || CP1252_EXTRA.has(char) ? char : '?';
  }
  return out;
}

const MARGIN = 48;
const A4 = { width: 595.28, height: 841.89 };
const INK = '#1a1a1a';
const MUTED = '#555555';
const RULE = '#bbbbbb';

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
}

function newDocument(content: QuoteDocument): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: content.language,
    info: {
      Title: pdfText(`${content.title} ${content.number}`),
      Author: pdfText(content.store.name),
    },
  });
}

/** The quote as a PDF, in the layout the flag chooses. */
export async function quotePdf(content: QuoteDocument, layout: QuotePdfLayout): Promise<Buffer> {
  const doc = newDocument(content);
  const done = collect(doc);
  if (layout === 'upgraded') drawUpgraded(doc, content);
  else drawClassic(doc, content);
  doc.end();
  return done;
}

function rows(
  doc: PDFKit.PDFDocument,
  list: readonly QuoteDocumentRow[],
  x: number,
  width: number,
) {
  for (const row of list) {
    const y = doc.y;
    doc
      .font(row.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(row.strong ? 11 : 9.5)
      .fillColor(INK)
      .text(pdfText(row.label), x, y, { width: width * 0.62 });
    const after = doc.y;
    doc.text(pdfText(row.value), x + width * 0.62, y, { width: width * 0.38, align: 'right' });
    doc.y = Math.max(after, doc.y) + 3;
  }
}

interface Column {
  readonly key: keyof QuoteDocument['columns'];
  readonly width: number;
  readonly align: 'left' | 'right';
}

const COLUMNS: readonly Column[] = [
  { key: 'code', width: 0.15, align: 'left' },
  { key: 'name', width: 0.37, align: 'left' },
  { key: 'quantity', width: 0.07, align: 'right' },
  { key: 'unitPrice', width: 0.14, align: 'right' },
  { key: 'discount', width: 0.13, align: 'right' },
  { key: 'total', width: 0.14, align: 'right' },
];

function tableRow(doc: PDFKit.PDFDocument, cells: QuoteDocument['columns'], bold: boolean): void {
  const width = A4.width - 2 * MARGIN;
  const top = doc.y;
  let x = MARGIN;
  let bottom = top;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(bold ? 8.5 : 9)
    .fillColor(INK);
  for (const column of COLUMNS) {
    const w = column.width * width;
    doc.text(pdfText(cells[column.key]), x + 2, top, { width: w - 4, align: column.align });
    bottom = Math.max(bottom, doc.y);
    x += w;
  }
  doc.y = bottom + 4;
  doc
    .moveTo(MARGIN, doc.y - 2)
    .lineTo(A4.width - MARGIN, doc.y - 2)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

function drawUpgraded(doc: PDFKit.PDFDocument, content: QuoteDocument): void {
  const width = A4.width - 2 * MARGIN;
  // The seller, and the title with the number.
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(pdfText(content.store.name), MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of content.store.lines) doc.text(pdfText(line));
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(INK)
    .text(pdfText(content.title), MARGIN, MARGIN, { width, align: 'right' });
  doc.font('Helvetica').fontSize(11).text(pdfText(content.number), { width, align: 'right' });
  doc.y = Math.max(doc.y, MARGIN + 100);
  doc.moveDown(1);
  // The customer beside the quote's facts.
  const top = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(pdfText(content.customer.label), MARGIN, top);
  doc.font('Helvetica').fontSize(9.5);
  for (const line of content.customer.lines) doc.text(pdfText(line), { width: width * 0.45 });
  const left = doc.y;
  doc.y = top;
  rows(doc, content.facts, MARGIN + width * 0.5, width * 0.5);
  doc.y = Math.max(left, doc.y) + 18;
  // Every line.
  tableRow(doc, content.columns, true);
  for (const line of content.lines) {
    if (doc.y > A4.height - MARGIN - 40) {
      doc.addPage();
      tableRow(doc, content.columns, true);
    }
    tableRow(doc, line, false);
  }
  doc.moveDown(0.8);
  if (doc.y > A4.height - MARGIN - 160) doc.addPage();
  rows(doc, content.totals, MARGIN + width * 0.4, width * 0.6);
  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const note of content.notes) {
    doc.text(pdfText(note), MARGIN, doc.y, { width });
    doc.moveDown(0.4);
  }
}

/** Lines the single page holds before the rest is summed up. */
const CLASSIC_MAX_LINES = 22;

function drawClassic(doc: PDFKit.PDFDocument, content: QuoteDocument): void {
  const width = A4.width - 2 * MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(pdfText(`${content.title} ${content.number}`));
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(pdfText(content.store.name));
  doc.moveDown(0.8);
  rows(doc, content.facts.slice(1), MARGIN, width * 0.7);
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
  if (total) rows(doc, [total], MARGIN, width);
  doc.moveDown(0.6);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(pdfText(content.notes[0] ?? ''), { width });
}
