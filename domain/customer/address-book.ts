/**
 * An entry of a user's address book: who receives at the address, the address itself
 * (SPEC 5 address rules, the street checked against the names given here) and a phone.
 */
import * as z from 'zod';
import { addressSchema, type Address } from '../validation/address';
import { phoneSchema } from '../validation/contact';
import { optionalText, personName } from '../validation/fields';

const entryFields = z.object({
  firstName: personName(),
  lastName: personName(),
  organization: optionalText(100),
  address: z.unknown(),
  phone: phoneSchema,
  defaultShipping: z.boolean().default(false),
  defaultBilling: z.boolean().default(false),
});

function streetNames(entry: { firstName?: unknown; lastName?: unknown; organization?: unknown }) {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    firstName: text(entry.firstName),
    lastName: text(entry.lastName),
    organization: text(entry.organization),
  };
}

/**
 * An entry's schema; `line3Enabled` takes a third street line (the `line3-address` flag). The
 * address book's commands take one (a flag may change while a change waits to be sent).
 */
export function addressBookEntrySchemaWith(options: { readonly line3Enabled?: boolean } = {}) {
  return entryFields
    .superRefine(
      (entry, ctx) => {
        // The address is checked even when a name or the phone failed, so a form shows all.
        const address = addressSchema({ ...options, names: streetNames(entry) }).safeParse(
          entry.address ?? {},
        );
        if (address.success) return;
        for (const issue of address.error.issues) {
          ctx.addIssue({ ...issue, path: ['address', ...issue.path] });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .transform((entry) => ({
      ...entry,
      address: addressSchema({ ...options, names: streetNames(entry) }).parse(
        entry.address,
      ) satisfies Address,
    }));
}

export const addressBookEntrySchema = addressBookEntrySchemaWith();

export type AddressBookEntryInput = z.input<typeof addressBookEntrySchema>;
export type AddressBookEntry = z.output<typeof addressBookEntrySchema>;

/** An address book entry as the API returns it. */
export interface SavedAddress {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly organization: string | null;
  readonly line1: string;
  readonly line2: string | null;
  readonly line3: string | null;
  readonly town: string;
  readonly region: string | null;
  readonly postalCode: string;
  readonly country: string;
  readonly phone: string | null;
  readonly defaultShipping: boolean;
  readonly defaultBilling: boolean;
}

/** A saved card: what the gateway's token stands for, never the number itself. */
export interface SavedPaymentMethod {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly holderName: string;
  readonly billingAddressId: string | null;
  /** The buyer's default card, offered first at checkout (at most one). */
  readonly isDefault: boolean;
}

export type AccountType = 'PERSONAL' | 'ORGANIZATION';
export type MemberRole = 'owner' | 'administrator' | 'member';

export interface CustomerAccountSummary {
  readonly id: string;
  readonly accountNumber: string;
  readonly name: string;
  readonly accountType: AccountType;
  readonly role: MemberRole;
  readonly taxExempt: boolean;
  readonly hasOrdered: boolean;
  readonly discounts: readonly { readonly programme: 'UAP' | 'OLD'; readonly status: string }[];
  readonly platformAccounts: readonly {
    readonly platform: 'q-global' | 'aimswebplus';
    readonly accountNumber: string;
  }[];
  /** Duplicate account numbers merged into this account (SPEC 6), oldest merge first. */
  readonly mergedAccounts: readonly {
    readonly accountNumber: string;
    /** YYYY-MM-DD. */
    readonly mergedOn: string;
  }[];
}

export interface AccountMember {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: MemberRole;
  readonly qualificationLevel: 'A' | 'B' | 'C' | null;
}
