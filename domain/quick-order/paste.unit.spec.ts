import { describe, expect, it } from 'vitest';
import { V } from '../validation/messages';
import { QUICK_ORDER_MAX_BYTES } from '../validation/quick-order';
import { isMultiValuePaste, sizeProblem, utf8Length } from './paste';
import { readQuickOrderLines } from './read-lines';

const read = (text: string) => {
  const result = readQuickOrderLines(text, 'paste');
  if (!result.ok) throw new Error(`refused: ${result.problem.id}`);
  return result.lines;
};

describe('pasted and imported quick order lines', () => {
  it('reads codes and quantities from CSV, a spreadsheet and plain lines', () => {
    expect(read('code,quantity\r\nwri3-kit,2\r\n"HMA2-RF25",10\r\n')).toEqual([
      { code: 'WRI3-KIT', quantity: '2' },
      { code: 'HMA2-RF25', quantity: '10' },
    ]);
    expect(read('WRI3-KIT\t3\nLAC-MAN 1\n\nBRS4-SB')).toEqual([
      { code: 'WRI3-KIT', quantity: '3' },
      { code: 'LAC-MAN', quantity: '1' },
      { code: 'BRS4-SB', quantity: '1' },
    ]);
  });

  it.each([
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
    ['pipe', '|'],
  ])('finds the %s between the cells by itself', (_name, separator) => {
    const text = ['WRI3-KIT', '2', 'x'].join(separator) + '\n' + ['LAC-MAN', '1'].join(separator);
    expect(read(text)).toEqual([
      { code: 'WRI3-KIT', quantity: '2' },
      { code: 'LAC-MAN', quantity: '1' },
    ]);
  });

  it('reads quoted cells holding the separator, quotes and line breaks', () => {
    const text = [
      'Code;Quantity;Note',
      '"WRI3-KIT";"2";"for the clinic; room 2"',
      'LAC-MAN;3;"the ""new"" edition"',
      '"HMA2-RF25";4;"first line',
      'second line"',
      'BRS4-SB;1;x',
    ].join('\r\n');
    expect(read(text)).toEqual([
      { code: 'WRI3-KIT', quantity: '2' },
      { code: 'LAC-MAN', quantity: '3' },
      { code: 'HMA2-RF25', quantity: '4' },
      { code: 'BRS4-SB', quantity: '1' },
    ]);
  });

  it('reads a quoted code with a comma in a comma-separated file as one cell', () => {
    expect(read('"A,B",2\nC-1,3')).toEqual([
      { code: 'A,B', quantity: '2' },
      { code: 'C-1', quantity: '3' },
    ]);
  });

  it('skips a byte-order mark, before a header or a first line of data', () => {
    expect(read('\uFEFFWRI3-KIT,2')).toEqual([{ code: 'WRI3-KIT', quantity: '2' }]);
    expect(read('\uFEFFcode,quantity\nWRI3-KIT,2')).toEqual([{ code: 'WRI3-KIT', quantity: '2' }]);
  });

  it('tells a header from a first line of data', () => {
    // Column names in the store's languages, with accents and spaces.
    for (const header of ['Product code,Qty', 'Código;Cantidad', 'Référence\tQuantité', 'SKU']) {
      expect(read(`${header}\nWRI3-KIT,2`), header).toEqual([{ code: 'WRI3-KIT', quantity: '2' }]);
    }
    // A first line with a number for its quantity is data, whatever its code.
    expect(read('CODE,2\nWRI3-KIT,3')).toEqual([
      { code: 'CODE', quantity: '2' },
      { code: 'WRI3-KIT', quantity: '3' },
    ]);
    // A first line whose quantity is wrong but whose code is a code is data: its row says what is wrong.
    expect(read('WRI3-KIT,two\nLAC-MAN,3')).toEqual([
      { code: 'WRI3-KIT', quantity: 'two' },
      { code: 'LAC-MAN', quantity: '3' },
    ]);
  });

  it('takes the code and quantity from the columns the header names', () => {
    expect(read('Description,Quantity,Product code\n"Kit, complete",2,WRI3-KIT')).toEqual([
      { code: 'WRI3-KIT', quantity: '2' },
    ]);
    expect(read('Qty;Item\n5;lac-man')).toEqual([{ code: 'LAC-MAN', quantity: '5' }]);
  });

  it('gives quantity 1 to a line with only a code, and keeps lines past the 25 rows', () => {
    expect(read('WRI3-KIT,\nLAC-MAN')).toEqual([
      { code: 'WRI3-KIT', quantity: '1' },
      { code: 'LAC-MAN', quantity: '1' },
    ]);
    const many = Array.from({ length: 30 }, (_, i) => `C-${String(i)},1`).join('\n');
    expect(read(many)).toHaveLength(30);
  });

  it('refuses more than 1 MB, a file and a paste each in their words', () => {
    const big = `${'WRI3-KIT,1\n'.repeat(Math.ceil(QUICK_ORDER_MAX_BYTES / 11))}`;
    expect(utf8Length(big)).toBeGreaterThan(QUICK_ORDER_MAX_BYTES);
    expect(readQuickOrderLines(big, 'paste')).toEqual({
      ok: false,
      problem: { ...V.quickOrderPasteTooLarge, values: { max: 1 } },
    });
    expect(readQuickOrderLines(big, 'file')).toEqual({
      ok: false,
      problem: { ...V.quickOrderFileTooLarge, values: { max: 1 } },
    });
    // Exactly 1 MB is read.
    const fits = 'A'.repeat(QUICK_ORDER_MAX_BYTES);
    expect(readQuickOrderLines(fits, 'file').ok).toBe(true);
    expect(sizeProblem(QUICK_ORDER_MAX_BYTES, 'file')).toBeNull();
    expect(sizeProblem(QUICK_ORDER_MAX_BYTES + 1, 'file')?.id).toBe(V.quickOrderFileTooLarge.id);
  });

  it('weighs a text as UTF-8', () => {
    expect(utf8Length('A-1')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\uFEFF')).toBe(3);
  });

  it('tells a multi-value paste from a single code', () => {
    expect(isMultiValuePaste('WRI3-KIT')).toBe(false);
    expect(isMultiValuePaste('WRI3-KIT\t2')).toBe(true);
    expect(isMultiValuePaste('WRI3-KIT|2')).toBe(true);
    expect(isMultiValuePaste('A\nB')).toBe(true);
  });
});
