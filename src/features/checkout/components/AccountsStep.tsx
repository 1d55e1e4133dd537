/**
 * 'Accounts for checkout' (SPEC 2.5, 2.6): the step's route module, loaded while a first
 * visit hydrates, so it holds no more than its place in the page. Its sections (customer
 * account, qualified user, Q-global and aimswebPlus accounts: AccountsContents.tsx) come with
 * the data: the checkout loader loads them once the checkout is open, and a step opened from
 * another one before that loads them itself. The layout shows the loading, empty-cart and
 * unavailable states meanwhile.
 */
import { lazy, Suspense } from 'react';
import { accountsContents, loadAccountsCode } from '../checkout-screens';
import '../accounts.css';

const LazyAccountsContents = lazy(() =>
  loadAccountsCode().then(({ AccountsContents }) => ({ default: AccountsContents })),
);

export function AccountsStep() {
  const contents = accountsContents();
  if (contents) return contents;
  return (
    <Suspense fallback={null}>
      <LazyAccountsContents />
    </Suspense>
  );
}
