import { describe, expect, it } from 'vitest';
import { isMultiValuePaste, parseQuickOrderLines } from './paste';

describe('pasted and imported quick order lines', () => {
  it('reads codes and quantities from CSV, a spreadsheet and plain lines', () => {
    expect(parseQuickOrderLines('code,quantity\r\nwri3-kit,2\r\n"HMA2-RF25";10\r\n')).toEqual([
      { code: 'WRI3-KIT', quantity: '2' },
      { code: 'HMA2-RF25', quantity: '10' },
    ]);
    expect(parseQuickOrderLines('WRI3-KIT\t3\nLAC-MAN 1\n\nBRS4-SB')).toEqual([
      { code: 'WRI3-KIT', quantity: '3' },
      { code: 'LAC-MAN', quantity: '1' },
      { code: 'BRS4-SB', quantity: '1' },
    ]);
  });

  it('keeps a first line that holds a quantity, and a byte-order mark does no harm', () => {
    expect(parseQuickOrderLines('\uFEFFWRI3-KIT,2')).toEqual([{ code: 'WRI3-KIT', quantity: '2' }]);
  });

  it('tells a multi-value paste from a single code', () => {
    expect(isMultiValuePaste('WRI3-KIT')).toBe(false);
    expect(isMultiValuePaste('WRI3-KIT\t2')).toBe(true);
    expect(isMultiValuePaste('A\nB')).toBe(true);
  });
});
