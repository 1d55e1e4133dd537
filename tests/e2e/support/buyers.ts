/**
 * Buyers of a test's own (decision 067): the demo buyers again (Dana, Sam, Priya, Tomás,
 * Grace: the same names, passwords, accounts and roles, addresses, qualifications, cards and
 * terms) with emails and account numbers no other test has, made by the running store
 * (`buyers-new` on its operator channel). A test that changes a buyer's data (a cart, an
 * order, an address, a profile) uses its own, so no other test sees the change; the `buyers`
 * fixture (fixtures.ts) makes a set on the worker's store for each test that asks for it.
 */
import { operatorCall } from '../../support/operator';
import type { OperatorResult } from '../../../server/src/ops/contract';

type Made = OperatorResult<'buyers-new'>;
export type Buyer = Made['buyers']['dana'];
/** `buyers.dana`, `buyers.sam`, …, and their accounts' numbers: `buyers.accounts.riverside`. */
export type BuyerSet = Made['buyers'] & { readonly accounts: Made['accounts'] };

/** A new set of buyers in the store running on `dataDir`. */
export async function newBuyers(dataDir: string): Promise<BuyerSet> {
  const { buyers, accounts } = await operatorCall(dataDir, 'buyers-new', {});
  return { ...buyers, accounts };
}
