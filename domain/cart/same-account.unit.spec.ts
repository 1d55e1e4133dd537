import { describe, expect, it } from 'vitest';
import { sameAccount } from './decide';
import type { CartAccount } from './state';

const account: CartAccount = {
  id: 'acc-1',
  number: '1234',
  name: 'Northside Clinic',
  type: 'ORGANIZATION',
  discounts: [
    { programme: 'OLD', status: 'ACTIVE', basisPoints: 500 } as CartAccount['discounts'][number],
  ],
};

describe('comparing customer accounts', () => {
  it('is field by field: the order keys were written in does not matter', () => {
    const reordered = JSON.parse(
      '{"discounts":[{"basisPoints":500,"status":"ACTIVE","programme":"OLD"}],"type":"ORGANIZATION","name":"Northside Clinic","number":"1234","id":"acc-1"}',
    ) as CartAccount;
    expect(sameAccount(account, reordered)).toBe(true);
  });

  it('tells a changed discount apart', () => {
    const changed: CartAccount = {
      ...account,
      discounts: [
        { ...account.discounts[0], basisPoints: 600 } as CartAccount['discounts'][number],
      ],
    };
    expect(sameAccount(account, changed)).toBe(false);
    expect(sameAccount(account, { ...account, discounts: [] })).toBe(false);
  });
});
