import { describe, expect, it } from 'vitest';
import { orderNumberSearchSchema, poSearchSchema } from './order-search';
import { errorsOf } from './test-helpers';

describe('order search (SPEC 2.6, 5)', () => {
  it('takes an order number of 7 to 14 characters', () => {
    expect(errorsOf(orderNumberSearchSchema, { orderNumber: '1234567' })).toEqual([]);
    expect(errorsOf(orderNumberSearchSchema, { orderNumber: 'W123456789ABCD' })).toEqual([]);
    for (const n of ['123456', 'W123456789ABCDE']) {
      expect(errorsOf(orderNumberSearchSchema, { orderNumber: n }), n).toEqual([
        'orderNumber: Enter an order number of 7 to 14 characters.',
      ]);
    }
    expect(errorsOf(orderNumberSearchSchema, { orderNumber: '' })).toEqual([
      'orderNumber: This field is required.',
    ]);
  });

  it('needs a PO number and a valid organization number', () => {
    expect(errorsOf(poSearchSchema, { poNumber: '', organizationNumber: '12' })).toEqual([
      'poNumber: Please enter purchase order number',
      'organizationNumber: Enter a valid 4-digit organization account number.',
    ]);
    expect(errorsOf(poSearchSchema, { poNumber: 'PO-77', organizationNumber: '4821' })).toEqual([]);
  });
});
