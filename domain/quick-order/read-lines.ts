/**
 * Codes and quantities pasted from a spreadsheet or read from a CSV file, read with
 * papaparse (decision 066): one product per line, the cells separated by a comma,
 * semicolon, tab or pipe (whichever the text uses), quoted cells with the separator, quotes
 * or line breaks inside them, a UTF-8 byte-order mark, and a header line or none. A first
 * line is a header when its quantity is not a number and it reads like column names
 * ("Code", "Product code", "Référence" …); the header then also tells which columns hold
 * the code and the quantity. A line with only a code gets quantity 1; a line
 * of one cell "CODE 2" is a code and a quantity. Empty lines are skipped.
 *
 * This module holds papaparse: the quick order page loads it only when it reads a paste or
 * a file, never with the page.
 */
import Papa from 'papaparse';
import type { Message } from '../shared/message';
import { sizeProblem, utf8Length, type PastedLine } from './paste';

export type QuickOrderLines =
  | { readonly ok: true; readonly lines: readonly PastedLine[] }
  | { readonly ok: false; readonly problem: Message };

const DELIMITERS = [',', ';', '\t', '|'];

/** Column names for the product code (most telling first), in the store's languages. */
const CODE_NAMES = [
  /\b(code|codes|sku|isbn|ref|reference|referencia|referentie|codigo|productcode|artikelcode|artikelnummer|itemcode)\b/,
  /\b(item|product|produit|producto|article|artikel|articulo|part)\b/,
];
const QUANTITY_NAMES = [
  /\b(qty|quantity|quantities|quantite|qte|aantal|cantidad|cant|amount|count|units?)\b/,
];

/** Lower case, accents and punctuation gone: "Código de producto" → "codigo de producto". */
function normalized(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function columnNamed(header: readonly string[], names: readonly RegExp[], not = -1): number {
  for (const name of names) {
    const index = header.findIndex((cell, i) => i !== not && name.test(normalized(cell)));
    if (index >= 0) return index;
  }
  return -1;
}

const isNumber = (cell: string | undefined) => /^[+-]?\d+([.,]\d+)?$/.test((cell ?? '').trim());

/**
 * Whether a first line is a header: its quantity is not a number, and its first cell reads
 * like a column name, or its cells name both a code and a quantity column.
 */
function isHeader(row: readonly string[]): boolean {
  if (isNumber(row[1])) return false;
  const first = normalized(row[0] ?? '');
  if ([...CODE_NAMES, ...QUANTITY_NAMES].some((name) => name.test(first))) return true;
  const code = columnNamed(row, CODE_NAMES);
  return code >= 0 && columnNamed(row, QUANTITY_NAMES, code) >= 0;
}

/** A line of one cell may still be "CODE 2" (a code and a quantity apart by spaces). */
function cellsOf(row: readonly string[]): string[] {
  const cells = row.map((cell) => cell.trim());
  const [only] = cells;
  if (cells.length === 1 && only !== undefined) {
    const spaced = /^(\S+)\s+(\S+)$/.exec(only);
    if (spaced?.[1] && spaced[2]) return [spaced[1], spaced[2]];
  }
  return cells;
}

/**
 * The lines of a paste or a file's text; more than QUICK_ORDER_MAX_BYTES (as UTF-8) is
 * refused whole, with a message naming what was too large. Every line is returned: the
 * page fills the rows it has and says when there are more lines than rows.
 */
export function readQuickOrderLines(text: string, source: 'file' | 'paste'): QuickOrderLines {
  const problem = sizeProblem(utf8Length(text), source);
  if (problem) return { ok: false, problem };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: '',
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: 'greedy',
  });
  const rows = parsed.data.map(cellsOf).filter((cells) => cells.some((cell) => cell !== ''));
  let codeColumn = 0;
  let quantityColumn = 1;
  const [first] = rows;
  if (first && isHeader(first)) {
    rows.shift();
    const code = columnNamed(first, CODE_NAMES);
    if (code >= 0) codeColumn = code;
    const quantity = columnNamed(first, QUANTITY_NAMES, codeColumn);
    quantityColumn = quantity >= 0 ? quantity : codeColumn === 0 ? 1 : 0;
  }
  const lines = rows.map((cells) => {
    const quantity = cells[quantityColumn] ?? '';
    return {
      code: (cells[codeColumn] ?? '').toUpperCase(),
      quantity: quantity === '' ? '1' : quantity,
    };
  });
  return { ok: true, lines };
}
