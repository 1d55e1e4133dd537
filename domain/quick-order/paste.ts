/**
 * Codes and quantities pasted from a spreadsheet or read from a CSV file (code, quantity):
 * one product per line, separated by a comma, semicolon, tab or spaces, quotes allowed, a
 * header line skipped. A line with only a code gets quantity 1.
 */
export interface PastedLine {
  readonly code: string;
  readonly quantity: string;
}

function cells(line: string): string[] {
  return line
    .split(/[,;\t]|\s{1,}/)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((cell) => cell !== '');
}

export function parseQuickOrderLines(text: string): PastedLine[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map(cells)
    .filter((row) => row.length > 0);
  const first = rows[0];
  // A header such as "code,quantity": no cell of it is a number.
  if (first && first.length > 1 && !first.some((cell) => /^\d+$/.test(cell))) rows.shift();
  return rows.map(([code = '', quantity]) => ({
    code: code.toUpperCase(),
    quantity: quantity ?? '1',
  }));
}

/** Whether a paste holds more than one value (so it fills rows, not one field). */
export function isMultiValuePaste(text: string): boolean {
  return /[\n\r\t,;]/.test(text.trim());
}
