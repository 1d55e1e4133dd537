/**
 * A customer account's address book (SPEC 2.7, 5; decision 054): its members add, edit and
 * remove addresses and choose the default shipping and billing address. One stream per
 * customer account; every change is a command decided in the browser at once, queued while
 * offline and sent later, like the cart's. Address ids are made where the address is added,
 * so an address added offline can be edited, removed or made a default before it is sent.
 */
import * as z from 'zod';
import { addressBookEntrySchemaWith, type SavedAddress } from '../customer/address-book';
import { DomainError } from '../shared/domain-error';
import type { CommandMetadata } from '../shared/decider';
import { withValues, type MessageDescriptor } from '../shared/message';
import { idSchema } from '../sync/schemas';

/** Addresses one customer account keeps at most (a design value; the spec gives none). */
export const ADDRESS_BOOK_MAX = 100;

export const ADDRESS_BOOK_MESSAGES = {
  missing: /*i18n*/ {
    id: 'address-book.missing',
    message: 'This address is no longer in the address book.',
  },
  exists: /*i18n*/ {
    id: 'address-book.exists',
    message: 'This address is already in the address book.',
  },
  tooMany: /*i18n*/ {
    id: 'address-book.too-many',
    message: 'An address book keeps up to {max} addresses. Delete one to add another.',
  },
  /** A change the server refused for good (the page shows the book as the server has it). */
  notSaved: /*i18n*/ {
    id: 'address-book.not-saved',
    message: 'A change to the address book could not be saved.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/**
 * How an address was checked (SPEC 5): `verified` by the verification service (or one of its
 * suggestions taken), `as-entered` kept as typed after the service suggested otherwise
 * ("use as is"), `unverified` saved while the service could not be reached (offline).
 */
export const VERIFICATIONS = ['verified', 'as-entered', 'unverified'] as const;
export type Verification = (typeof VERIFICATIONS)[number];

/** An address of the book, as its stream keeps it. */
export interface BookAddress extends Omit<SavedAddress, 'defaultShipping' | 'defaultBilling'> {
  /** The phone's country (ISO alpha-2), so the form can show the number again. */
  readonly phoneCountry: string;
  readonly verification: Verification;
}

export interface AddressBookState {
  readonly addresses: readonly BookAddress[];
  readonly defaultShippingId: string | null;
  readonly defaultBillingId: string | null;
}

/** What the form sends: the entry as typed (the schema's input), checked again in `decide`. */
export interface AddressBookChange {
  readonly addressId: string;
  readonly entry: unknown;
  readonly verification: Verification;
}

/**
 * An address the store brings into a book from elsewhere (the saved addresses of the
 * `addresses` table, decision 054): kept as it was saved, not checked against today's rules,
 * so none is lost; its id is the one it had.
 */
export interface ImportedAddress {
  readonly address: BookAddress;
  readonly defaultShipping: boolean;
  readonly defaultBilling: boolean;
}

export type AddressBookCommand = (
  | { readonly type: 'AddAddress'; readonly data: AddressBookChange }
  /** Issued by the store only (no browser sends it: the command schema does not take it). */
  | {
      readonly type: 'ImportAddresses';
      readonly data: { readonly addresses: readonly ImportedAddress[] };
    }
  | { readonly type: 'EditAddress'; readonly data: AddressBookChange }
  | { readonly type: 'RemoveAddress'; readonly data: { readonly addressId: string } }
  | { readonly type: 'SetDefaultShipping'; readonly data: { readonly addressId: string } }
  | { readonly type: 'SetDefaultBilling'; readonly data: { readonly addressId: string } }
) & { readonly metadata: CommandMetadata };

export type AddressBookEvent =
  | {
      readonly type: 'AddressAdded';
      readonly v: 1;
      readonly data: {
        readonly address: BookAddress;
        readonly defaultShipping: boolean;
        readonly defaultBilling: boolean;
      };
    }
  | {
      readonly type: 'AddressEdited';
      readonly v: 1;
      readonly data: {
        readonly address: BookAddress;
        readonly defaultShipping: boolean;
        readonly defaultBilling: boolean;
      };
    }
  | {
      readonly type: 'AddressRemoved';
      readonly v: 1;
      readonly data: { readonly addressId: string };
    }
  | {
      readonly type: 'DefaultShippingSet';
      readonly v: 1;
      readonly data: { readonly addressId: string };
    }
  | {
      readonly type: 'DefaultBillingSet';
      readonly v: 1;
      readonly data: { readonly addressId: string };
    };

export const initialAddressBook = (): AddressBookState => ({
  addresses: [],
  defaultShippingId: null,
  defaultBillingId: null,
});

/** The entry schema commands are checked with: the third line is taken (see the flag above). */
export const addressBookEntryCommandSchema = addressBookEntrySchemaWith({ line3Enabled: true });

/** The entry, normalised, as the book keeps it (throws the schema's error when it is wrong). */
export function bookAddressOf(
  addressId: string,
  entry: unknown,
  verification: Verification,
): { address: BookAddress; defaultShipping: boolean; defaultBilling: boolean } {
  const parsed = addressBookEntryCommandSchema.parse(entry);
  return {
    address: {
      id: addressId,
      firstName: parsed.firstName,
      lastName: parsed.lastName,
      organization: parsed.organization ?? null,
      line1: parsed.address.line1,
      line2: parsed.address.line2 ?? null,
      line3: parsed.address.line3 ?? null,
      town: parsed.address.town,
      region: parsed.address.region ?? null,
      postalCode: parsed.address.postalCode,
      country: parsed.address.country,
      phone: parsed.phone.e164,
      phoneCountry: parsed.phone.countryIso,
      verification,
    },
    defaultShipping: parsed.defaultShipping,
    defaultBilling: parsed.defaultBilling,
  };
}

function refuse(code: keyof typeof ADDRESS_BOOK_MESSAGES, values?: Record<string, number>): never {
  const descriptor = ADDRESS_BOOK_MESSAGES[code];
  throw new DomainError(code, values ? withValues(descriptor, values) : descriptor);
}

function has(state: AddressBookState, addressId: string): boolean {
  return state.addresses.some((a) => a.id === addressId);
}

/**
 * Each imported address not in the book yet (by its id, so importing again adds nothing), up
 * to the book's limit. A default keeps its mark; a book that would have no default gets its
 * first address as both, as a book's first address does.
 */
function importAddresses(
  imported: readonly ImportedAddress[],
  state: AddressBookState,
): AddressBookEvent[] {
  const room = Math.max(0, ADDRESS_BOOK_MAX - state.addresses.length);
  const fresh = imported.filter((i) => !has(state, i.address.id)).slice(0, room);
  const first = fresh[0]?.address.id;
  const shipping =
    state.defaultShippingId ?? fresh.find((i) => i.defaultShipping)?.address.id ?? first;
  const billing =
    state.defaultBillingId ?? fresh.find((i) => i.defaultBilling)?.address.id ?? first;
  return fresh.map(({ address }) => ({
    type: 'AddressAdded',
    v: 1,
    data: {
      address,
      defaultShipping: address.id === shipping && shipping !== state.defaultShippingId,
      defaultBilling: address.id === billing && billing !== state.defaultBillingId,
    },
  }));
}

export function decideAddressBook(
  command: AddressBookCommand,
  state: AddressBookState,
): AddressBookEvent[] {
  switch (command.type) {
    case 'AddAddress': {
      const { addressId, entry, verification } = command.data;
      if (has(state, addressId)) refuse('exists');
      if (state.addresses.length >= ADDRESS_BOOK_MAX) refuse('tooMany', { max: ADDRESS_BOOK_MAX });
      const added = bookAddressOf(addressId, entry, verification);
      // The first address of a book is its default for both until another is chosen.
      const first = state.addresses.length === 0;
      return [
        {
          type: 'AddressAdded',
          v: 1,
          data: {
            ...added,
            defaultShipping: added.defaultShipping || first,
            defaultBilling: added.defaultBilling || first,
          },
        },
      ];
    }
    case 'ImportAddresses':
      return importAddresses(command.data.addresses, state);
    case 'EditAddress': {
      const { addressId, entry, verification } = command.data;
      if (!has(state, addressId)) refuse('missing');
      return [{ type: 'AddressEdited', v: 1, data: bookAddressOf(addressId, entry, verification) }];
    }
    case 'RemoveAddress':
      if (!has(state, command.data.addressId)) refuse('missing');
      return [{ type: 'AddressRemoved', v: 1, data: { addressId: command.data.addressId } }];
    case 'SetDefaultShipping':
      if (!has(state, command.data.addressId)) refuse('missing');
      if (state.defaultShippingId === command.data.addressId) return [];
      return [{ type: 'DefaultShippingSet', v: 1, data: { addressId: command.data.addressId } }];
    case 'SetDefaultBilling':
      if (!has(state, command.data.addressId)) refuse('missing');
      if (state.defaultBillingId === command.data.addressId) return [];
      return [{ type: 'DefaultBillingSet', v: 1, data: { addressId: command.data.addressId } }];
  }
}

export function evolveAddressBook(
  state: AddressBookState,
  event: AddressBookEvent,
): AddressBookState {
  switch (event.type) {
    case 'AddressAdded':
    case 'AddressEdited': {
      const { address } = event.data;
      const exists = has(state, address.id);
      // An edit that unticks a default leaves the default where it is (another must be chosen).
      return {
        addresses: exists
          ? state.addresses.map((a) => (a.id === address.id ? address : a))
          : [...state.addresses, address],
        defaultShippingId: event.data.defaultShipping ? address.id : state.defaultShippingId,
        defaultBillingId: event.data.defaultBilling ? address.id : state.defaultBillingId,
      };
    }
    case 'AddressRemoved': {
      const id = event.data.addressId;
      const addresses = state.addresses.filter((a) => a.id !== id);
      // A removed default passes to the first address left, so a book always has one.
      const next = addresses[0]?.id ?? null;
      return {
        addresses,
        defaultShippingId: state.defaultShippingId === id ? next : state.defaultShippingId,
        defaultBillingId: state.defaultBillingId === id ? next : state.defaultBillingId,
      };
    }
    case 'DefaultShippingSet':
      return { ...state, defaultShippingId: event.data.addressId };
    case 'DefaultBillingSet':
      return { ...state, defaultBillingId: event.data.addressId };
  }
}

/** The book as a list of saved addresses (the defaults first, then in the order added). */
export function savedAddressesOf(state: AddressBookState): (SavedAddress & BookAddress)[] {
  const rank = (a: BookAddress) =>
    (a.id === state.defaultShippingId ? 0 : 2) + (a.id === state.defaultBillingId ? 0 : 1);
  return state.addresses
    .map((a, index) => ({ a, index }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.index - y.index)
    .map(({ a }) => ({
      ...a,
      defaultShipping: a.id === state.defaultShippingId,
      defaultBilling: a.id === state.defaultBillingId,
    }));
}

const change = z.object({
  addressId: idSchema,
  // Checked with the entry schema (the spec's messages per field) but kept as sent: `decide`
  // normalises it, in the browser and on the server alike.
  entry: z.unknown().superRefine((entry, ctx) => {
    const result = addressBookEntryCommandSchema.safeParse(entry);
    if (result.success) return;
    for (const issue of result.error.issues) {
      // With its values (a postal code's example), as the form shows it.
      ctx.addIssue({ ...issue, path: issue.path });
    }
  }),
  verification: z.enum(VERIFICATIONS),
});
const metadata = z.object({ commandId: idSchema, now: z.iso.datetime({ offset: true }) });
const target = z.object({ addressId: idSchema });

export const addressBookCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('AddAddress'), data: change, metadata }),
  z.object({ type: z.literal('EditAddress'), data: change, metadata }),
  z.object({ type: z.literal('RemoveAddress'), data: target, metadata }),
  z.object({ type: z.literal('SetDefaultShipping'), data: target, metadata }),
  z.object({ type: z.literal('SetDefaultBilling'), data: target, metadata }),
]);
