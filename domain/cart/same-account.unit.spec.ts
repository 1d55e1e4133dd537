import { describe, expect, it } from 'vitest';
import { sameAccount } from './decide';
import type { CartAccount } from './state';

const account: CartAccount = {
  id: 'acc-1',
  number: '1234',
  name: 'Northside Clinic',
  type: 'ORGANIZATION',
  discounts: [{ programme: 'OLD', status: 'OLD_APPLIED', basisPoints: 500 }],
};

describe('comparing customer accounts', () => {
  it('is field by field: the order keys were written in does not matter', () => {
    const reordered = JSON.parse(
      '{"discounts":[{"basisPoints":500,"status":"OLD_APPLIED","programme":"OLD"}],"type":"ORGANIZATION","name":"Northside Clinic","number":"1234","id":"acc-1"}',
    ) as CartAccount;
    expect(sameAccount(account, reordered)).toBe(true);
  });

  it('tells a changed discount apart', () => {
    const changed: CartAccount = {
      ...account,
      discounts: [{ programme: 'OLD', status: 'OLD_APPLIED', basisPoints: 600 }],
    };
    expect(sameAccount(account, changed)).toBe(false);
    expect(sameAccount(account, { ...account, discounts: [] })).toBe(false);
  });
});
