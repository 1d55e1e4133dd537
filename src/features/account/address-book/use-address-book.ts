/**
 * What the address book pages share: the signed-in user's customer accounts (the one named by
 * `uuid`, else the personal one), its address book from the sync engine, and the refusals the
 * server sent for it.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CustomerAccountSummary } from '../../../../domain/customer/address-book';
import {
  addressBookStreamId,
  loadBookAccounts,
  openAddressBook,
  type AddressBook,
  type AddressBookView,
} from '../../../infra/address-book/address-book-store';
import { currentUser$ } from '../../../infra/session';
import { useObservableValue } from '../../../infra/use-observable';
import { useCartStore } from '../../../shell/use-cart-store';

export interface AddressBookPageState {
  readonly accounts: readonly CustomerAccountSummary[] | null;
  readonly account: CustomerAccountSummary | null;
  readonly book: AddressBook | null;
  readonly view: AddressBookView | null;
  /** The last refusal of the server for this book, in words. */
  readonly refusal: string | null;
  readonly failed: boolean;
}

export function useAddressBook(): AddressBookPageState {
  const { i18n } = useLingui();
  const store = useCartStore();
  const userId = useObservableValue(currentUser$)?.id ?? null;
  const [params] = useSearchParams();
  const wanted = params.get('uuid');
  const [accounts, setAccounts] = useState<CustomerAccountSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<AddressBookView | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    loadBookAccounts(userId)
      .then((items) => {
        if (current) setAccounts(items);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [userId]);

  const account = useMemo(() => {
    if (!accounts) return null;
    return (
      accounts.find((a) => a.id === wanted) ??
      accounts.find((a) => a.accountType === 'PERSONAL') ??
      accounts[0] ??
      null
    );
  }, [accounts, wanted]);

  const book = useMemo(
    () => (store && account && userId ? openAddressBook(store, account.id, userId) : null),
    [store, account, userId],
  );

  useEffect(() => {
    if (!book) return;
    const subscription = book.view$.subscribe(setView);
    return () => {
      subscription.unsubscribe();
    };
  }, [book]);

  useEffect(() => {
    if (!store || !account) return;
    const streamId = addressBookStreamId(account.id);
    const subscription = store.notices$.subscribe((notice) => {
      if (notice.streamId === streamId) setRefusal(i18n._(notice.message));
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [store, account, i18n]);

  return { accounts, account, book, view, refusal, failed };
}
