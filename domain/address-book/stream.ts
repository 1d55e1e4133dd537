/**
 * A customer account's address book as a stream kind (decision 054): one stream per customer
 * account (its id is the account's), read and written by the account's members, at
 * /api/address-books/{accountId}. Its read model `address-books` is the book as a list of
 * saved addresses, written with the events; checkout's address pickers read the same stream.
 */
import { KIB } from '../sync/command-size';
import { defineStreamKind, type DocumentReadModel } from '../sync/stream-kind';
import {
  ADDRESS_BOOK_MESSAGES,
  addressBookCommandSchema,
  decideAddressBook,
  evolveAddressBook,
  initialAddressBook,
  savedAddressesOf,
  type AddressBookCommand,
  type AddressBookEvent,
  type AddressBookState,
} from './address-book';

export const ADDRESS_BOOKS_READ_MODEL = 'address-books';

const addressBooksReadModel: DocumentReadModel<AddressBookState> = {
  name: ADDRESS_BOOKS_READ_MODEL,
  shape: 1,
  project: (state) => ({ addresses: savedAddressesOf(state) }),
};

export const addressBookStreamKind = defineStreamKind<
  AddressBookState,
  AddressBookCommand,
  AddressBookEvent
>({
  name: 'address-book',
  address: { per: 'stream', path: '/api/address-books' },
  owners: 'accounts',
  perStore: false,
  initialState: initialAddressBook,
  decide: (command, state) => decideAddressBook(command, state),
  evolve: evolveAddressBook,
  upcast: (stored) => stored as AddressBookEvent,
  commandSchema: addressBookCommandSchema,
  // An entry is under 2 KiB (three street lines of 240 characters and the rest).
  limits: { commandBytes: 8 * KIB, pushBytes: 128 * KIB },
  refused: ADDRESS_BOOK_MESSAGES.notSaved,
  snapshotShape: 1,
  readModels: [addressBooksReadModel],
});
