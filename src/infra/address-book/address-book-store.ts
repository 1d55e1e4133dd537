/**
 * A customer account's address book in the browser (decision 054): the registry's
 * address-book stream, opened in the cart store's sync engine, so a change made offline is
 * shown at once, kept in the local event log and outbox across reloads, and sent when the
 * browser is back online, exactly like the cart's. The address book pages and checkout's
 * address pickers read the same stream.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { BehaviorSubject, type Observable } from 'rxjs';
import {
  savedAddressesOf,
  type AddressBookCommand,
  type AddressBookEvent,
  type AddressBookState,
  type BookAddress,
} from '../../../domain/address-book/address-book';
import { addressBookStreamKind } from '../../../domain/address-book/stream';
import type { CheckoutAddress } from '../../../domain/checkout/state';
import type {
  AddressBookEntryInput,
  CustomerAccountSummary,
  SavedAddress,
} from '../../../domain/customer/address-book';
import { DomainError } from '../../../domain/shared/domain-error';
import type { Message } from '../../../domain/shared/message';
import type { DistributiveOmit } from '../../../domain/shared/types';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { apiJson } from '../api';
import { newId } from '../cart/cart-session';
import type { CartStore } from '../cart/cart-store';
import type { OpenStream } from '../sync/sync-engine';

/** What a page may ask of a book (the import is the store's alone). */
export type AddressBookRequest = DistributiveOmit<
  Exclude<AddressBookCommand, { readonly type: 'ImportAddresses' }>,
  'metadata'
>;

/** An address of the book as a page shows it: waiting to be sent, or confirmed. */
export type ShownBookAddress = SavedAddress & BookAddress & { readonly waiting: boolean };

export interface AddressBookView {
  readonly addresses: readonly ShownBookAddress[];
  /** Changes made here that the server has not confirmed yet. */
  readonly waiting: number;
}

export const addressBookStreamId = (accountId: string) =>
  streamIdOf(addressBookStreamKind, accountId);

type BookStream = OpenStream<AddressBookState, AddressBookCommand, AddressBookEvent>;

function viewOf(stream: BookStream): AddressBookView {
  const pending = stream.stream.pending;
  const waitingIds = new Set(
    pending.flatMap((p) => ('addressId' in p.command.data ? [p.command.data.addressId] : [])),
  );
  return {
    addresses: savedAddressesOf(stream.stream.state).map((a) => ({
      ...a,
      waiting: waitingIds.has(a.id),
    })),
    waiting: pending.length,
  };
}

/** An account's address book, open in this page. */
export class AddressBook {
  readonly view$: Observable<AddressBookView>;

  constructor(
    private readonly store: CartStore,
    private readonly stream: BookStream,
    private readonly userId: string,
  ) {
    const view = new BehaviorSubject<AddressBookView>(viewOf(stream));
    stream.state$.subscribe(() => {
      view.next(viewOf(stream));
    });
    this.view$ = view;
  }

  get ready(): Promise<void> {
    return this.stream.ready;
  }

  /** Open here, and refreshed from the server when it answers (settles either way). */
  loaded: Promise<void> = Promise.resolve();

  /**
   * Decided here at once, queued, and sent (now, or when back online). A change the book's
   * rules refuse here (a 101st address, one another member just removed) is not queued:
   * `refused` says why, in words.
   */
  send(request: AddressBookRequest): { saved: Promise<void>; refused: Message | null } {
    const locale = this.store.active$.getValue()?.storefront.locale ?? 'en-us';
    const command = {
      ...request,
      metadata: { commandId: newId(), now: new Date().toISOString() },
    } as AddressBookCommand;
    try {
      const { saved } = this.store.engine.dispatch(this.stream, command, {
        locale,
        userId: this.userId,
      });
      return { saved, refused: null };
    } catch (error) {
      if (error instanceof DomainError) return { saved: Promise.resolve(), refused: error.detail };
      throw error;
    }
  }

  /** What other members and devices have added since. */
  refresh(): Promise<void> {
    return this.store.engine.pull(this.stream.streamId, this.userId);
  }
}

/** The id a new address gets (made here, so an address added offline has one). */
export const newAddressId = newId;

/** Opens an account's address book in the cart store's engine, and fetches what is new. */
export function openAddressBook(store: CartStore, accountId: string, userId: string): AddressBook {
  const stream = store.engine.openStream(addressBookStreamId(accountId), {
    kind: addressBookStreamKind,
  });
  const book = new AddressBook(store, stream, userId);
  book.loaded = stream.ready
    .then(() => book.refresh())
    .catch(() => {
      // Offline, or the server is away: the book stays as this browser has it.
    });
  return book;
}

/**
 * A checkout address as an address book entry (the form's values, as `AddAddress` takes
 * them): the phone in its own country's national form.
 */
export function bookEntryOf(address: CheckoutAddress): AddressBookEntryInput {
  const phone = address.phone ? parsePhoneNumberFromString(address.phone) : undefined;
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    ...(address.organization ? { organization: address.organization } : {}),
    address: {
      country: address.country,
      ...(address.region ? { region: address.region } : {}),
      line1: address.line1,
      ...(address.line2 ? { line2: address.line2 } : {}),
      ...(address.line3 ? { line3: address.line3 } : {}),
      town: address.town,
      postalCode: address.postalCode,
    },
    phone: {
      country: phone?.country ?? address.country,
      number: phone ? phone.formatNational() : (address.phone ?? ''),
    },
    defaultShipping: false,
    defaultBilling: false,
  };
}

const ACCOUNTS_KEY = 'address-book-accounts:';

/**
 * The customer accounts whose address books the user may open: fetched, and kept in this
 * browser so the pages open offline with the accounts seen before.
 */
export async function loadBookAccounts(userId: string): Promise<CustomerAccountSummary[]> {
  try {
    const { items } = await apiJson<{ items: CustomerAccountSummary[] }>('/api/me/accounts');
    try {
      localStorage.setItem(ACCOUNTS_KEY + userId, JSON.stringify(items));
    } catch {
      // A full or blocked storage only loses the offline copy.
    }
    return items;
  } catch (error) {
    const kept = localStorage.getItem(ACCOUNTS_KEY + userId);
    if (kept) return JSON.parse(kept) as CustomerAccountSummary[];
    throw error;
  }
}
