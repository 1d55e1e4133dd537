/**
 * What the store's PDFs share (quotes, decision 051; invoices, decision 053), drawn with
 * pdfkit on A4: the text as the standard fonts can write it, the seller's heading with the
 * title and number, labelled rows, a table of lines over as many pages as they need, notes.
 *
 * The PDF's standard fonts write Latin text (Windows-1252): a character outside it is shown
 * as '?' rather than as a wrong glyph (decision 051).
 */
import PDFDocument from 'pdfkit';

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

export const MARGIN = 48;
export const A4 = { width: 595.28, height: 841.89 };
/** The width between the margins. */
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
export const INK = '#1a1a1a';
export const MUTED = '#555555';
const RULE = '#bbbbbb';

/** A label and its value, on one row (a fact, a total). */
export interface PdfRow {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}

/** A table column: the key of its cell in each row, its share of the width, its alignment. */
export interface PdfColumn<K extends string> {
  readonly key: K;
  readonly width: number;
  readonly align: 'left' | 'right';
}

/** A new A4 document in `language`, with its title and author in its properties. */
export function newPdf(info: {
  readonly language: string;
  readonly title: string;
  readonly author: string;
}): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: info.language,
    info: { Title: pdfText(info.title), Author: pdfText(info.author) },
  });
}

/** Draws the document with `draw` and gives its bytes once written. */
export function renderPdf(
  doc: PDFKit.PDFDocument,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** Labelled rows, the labels left and the values right, from `x` over `width`. */
export function drawRows(
  doc: PDFKit.PDFDocument,
  list: readonly PdfRow[],
  x: number,
  width: number,
): void {
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

/** One row of a table (bold: its heading), ruled beneath. */
export function drawTableRow<K extends string>(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn<K>[],
  cells: Readonly<Record<K, string>>,
  bold: boolean,
): void {
  const top = doc.y;
  let x = MARGIN;
  let bottom = top;
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(bold ? 8.5 : 9)
    .fillColor(INK);
  for (const column of columns) {
    const w = column.width * CONTENT_WIDTH;
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

/** A table: its heading, then every row, the heading again on each new page. */
export function drawTable<K extends string>(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn<K>[],
  heading: Readonly<Record<K, string>>,
  rows: readonly Readonly<Record<K, string>>[],
): void {
  drawTableRow(doc, columns, heading, true);
  for (const row of rows) {
    if (doc.y > A4.height - MARGIN - 40) {
      doc.addPage();
      drawTableRow(doc, columns, heading, true);
    }
    drawTableRow(doc, columns, row, false);
  }
}

/** The seller's name and address on the left, the title and number on the right. */
export function drawHeading(
  doc: PDFKit.PDFDocument,
  content: {
    readonly store: { readonly name: string; readonly lines: readonly string[] };
    readonly title: string;
    readonly number: string;
  },
): void {
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
    .text(pdfText(content.title), MARGIN, MARGIN, { width: CONTENT_WIDTH, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(pdfText(content.number), { width: CONTENT_WIDTH, align: 'right' });
  doc.y = Math.max(doc.y, MARGIN + 100);
  doc.moveDown(1);
}

/** A block of lines under a bold label (a customer, an address), `width` wide from `x`. */
export function drawBlock(
  doc: PDFKit.PDFDocument,
  block: { readonly label: string; readonly lines: readonly string[] },
  x: number,
  width: number,
): void {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(pdfText(block.label), x, doc.y, {
    width,
  });
  doc.font('Helvetica').fontSize(9.5);
  for (const line of block.lines) doc.text(pdfText(line), x, doc.y, { width });
}

/** Starts a new page when less than `height` is left on this one. */
export function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y > A4.height - MARGIN - height) doc.addPage();
}

/** Small muted paragraphs across the page. */
export function drawNotes(doc: PDFKit.PDFDocument, notes: readonly string[]): void {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const note of notes) {
    doc.text(pdfText(note), MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.4);
  }
}
