/**
 * The address book checkout's address steps offer (decision 054): the book of the customer
 * account chosen at checkout, from the same stream the address book pages use, so an address
 * added there (offline too, not yet sent) is offered here; none before an account is chosen.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AddressBook, ShownBookAddress } from '../../../infra/address-book/address-book-store';
import type { CheckoutStore, CheckoutView } from '../../../infra/checkout/checkout-store';

export interface CheckoutAddressBook {
  readonly book: AddressBook | null;
  readonly addresses: readonly ShownBookAddress[];
  /** Still being opened or fetched (with nothing to show yet). */
  readonly loading: boolean;
}

export function useCheckoutAddressBook(
  store: CheckoutStore,
  view: CheckoutView,
): CheckoutAddressBook {
  const accountId = view.state.account?.id ?? null;
  const book = useMemo(
    () => (accountId ? store.addressBook(accountId, view.userId) : null),
    [store, accountId, view.userId],
  );
  const [shown, setShown] = useState<{
    readonly book: AddressBook;
    readonly addresses: readonly ShownBookAddress[];
  } | null>(null);
  const [loaded, setLoaded] = useState<AddressBook | null>(null);

  useEffect(() => {
    if (!book) return;
    let current = true;
    const subscription = book.view$.subscribe((next) => {
      setShown({ book, addresses: next.addresses });
    });
    void book.loaded.then(() => {
      if (current) setLoaded(book);
    });
    return () => {
      current = false;
      subscription.unsubscribe();
    };
  }, [book]);

  const addresses = shown && shown.book === book ? shown.addresses : [];
  return {
    book,
    addresses,
    loading: book !== null && loaded !== book && addresses.length === 0,
  };
}
