import { describe, expect, it } from 'vitest';
import { formatMessage } from '../shared/message';
import {
  QUICK_ORDER_MAX_ROWS,
  validateQuickOrder,
  type QuickOrderProduct,
  type QuickOrderRowInput,
} from './quick-order';

const catalog: Record<string, QuickOrderProduct> = {
  'WISC-KIT': {
    code: 'WISC-KIT',
    soldOnline: true,
    orderableOnline: true,
    minOrderQuantity: null,
    maxOrderQuantity: null,
  },
  'BASC-FORMS': {
    code: 'BASC-FORMS',
    soldOnline: true,
    orderableOnline: true,
    minOrderQuantity: 25,
    maxOrderQuantity: 500,
  },
  'ARCHIVE-1': {
    code: 'ARCHIVE-1',
    soldOnline: false,
    orderableOnline: false,
    minOrderQuantity: null,
    maxOrderQuantity: null,
  },
  'PHONE-ONLY': {
    code: 'PHONE-ONLY',
    soldOnline: true,
    orderableOnline: false,
    minOrderQuantity: null,
    maxOrderQuantity: null,
  },
};
const lookup = (code: string) => catalog[code];

function problems(rows: QuickOrderRowInput[]) {
  const result = validateQuickOrder(rows, lookup);
  return result.rows.map((r) =>
    r.ok ? `${r.row}: ok` : `${r.row} ${r.field}: ${formatMessage(r.message)}`,
  );
}

describe('quick order (SPEC 5, 9)', () => {
  it('accepts known, orderable codes and normalises them', () => {
    const result = validateQuickOrder(
      [
        { code: ' wisc-kit ', quantity: '2' },
        { code: 'BASC-FORMS', quantity: 25 },
      ],
      lookup,
    );
    expect(result.valid).toEqual([
      { code: 'WISC-KIT', quantity: 2 },
      { code: 'BASC-FORMS', quantity: 25 },
    ]);
    expect(result.listProblem).toBeNull();
  });

  it('skips empty rows (rows default to empty)', () => {
    expect(
      validateQuickOrder(
        [
          { code: '', quantity: '' },
          { code: 'WISC-KIT', quantity: '1' },
          { code: ' ', quantity: ' ' },
        ],
        lookup,
      ).rows,
    ).toEqual([{ row: 1, ok: true, code: 'WISC-KIT', quantity: 1 }]);
  });

  it('rejects an unknown code, a duplicate, a product not sold online and one not orderable online', () => {
    expect(
      problems([
        { code: 'NOPE-1', quantity: '1' },
        { code: 'WISC-KIT', quantity: '1' },
        { code: 'wisc-kit', quantity: '2' },
        { code: 'ARCHIVE-1', quantity: '1' },
        { code: 'PHONE-ONLY', quantity: '1' },
      ]),
    ).toEqual([
      '0 code: Product code NOPE-1 was not found.',
      '1: ok',
      '2 code: Product WISC-KIT is already in the list.',
      '3 code: Product ARCHIVE-1 is not sold online.',
      '4 code: Product PHONE-ONLY cannot be ordered via the website.',
    ]);
  });

  it('checks the quantity with the cart messages and the product minimum and maximum', () => {
    expect(
      problems([
        { code: 'WISC-KIT', quantity: '' },
        { code: 'BASC-FORMS', quantity: '10' },
      ]),
    ).toEqual([
      '0 quantity: Quantity field cannot be empty.',
      '1 quantity: The minimum order quantity for this product is 25.',
    ]);
    expect(problems([{ code: 'BASC-FORMS', quantity: '501' }])).toEqual([
      '0 quantity: The maximum order quantity for this product is 500.',
    ]);
    expect(problems([{ code: 'WISC-KIT', quantity: '-2' }])).toEqual([
      '0 quantity: Please provide a positive number to update the quantity of an item.',
    ]);
  });

  it('asks for a code when only a quantity was typed', () => {
    expect(problems([{ code: '', quantity: '3' }])).toEqual(['0 code: This field is required.']);
  });

  it('takes up to 25 products and refuses the 26th', () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        code: i === 0 ? 'WISC-KIT' : `X-${i}`,
        quantity: '1',
      }));
    expect(validateQuickOrder(rows(QUICK_ORDER_MAX_ROWS), lookup).listProblem).toBeNull();
    const tooMany = validateQuickOrder(rows(26), lookup);
    expect(tooMany.listProblem && formatMessage(tooMany.listProblem)).toBe(
      'You can order up to 25 products at a time.',
    );
    expect(tooMany.valid).toEqual([]);
  });
});
