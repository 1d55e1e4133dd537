/**
 * The saved addresses of the `addresses` table brought into the address books (decision
 * 054): a personal account's book starts with its user's saved addresses. The store issues
 * one `ImportAddresses` per account through `execute`, with a command id of its own
 * (`address-book-import:{accountId}`), so issuing it again, from another instance starting
 * at the same moment or a later start, is answered and never applied twice. Accounts whose
 * import is recorded are not read again; nothing writes the table any more.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ImportedAddress } from '../../../domain/address-book/address-book';
import { addressBookStreamKind } from '../../../domain/address-book/stream';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { acting } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { addresses, customerAccounts, customerMembers, events } from '../db/schema';

export const ADDRESS_IMPORT_PROCESS = 'address-book-import';

/** The import's command id for an account's book (one per book, ever). */
export const addressImportCommandId = (accountId: string) =>
  `${ADDRESS_IMPORT_PROCESS}:${accountId}`;

/** The phone's country, from the number itself, else the address's country. */
function phoneCountryOf(phone: string | null, country: string): string {
  if (!phone) return country;
  return parsePhoneNumberFromString(phone)?.country ?? country;
}

/**
 * Imports the saved addresses of every personal account's user whose book has not had its
 * import yet; answers how many books were imported.
 */
export async function importSavedAddresses(db: Db, commands: CommandHandler): Promise<number> {
  const rows = await db
    .select({
      accountId: customerAccounts.id,
      id: addresses.id,
      firstName: addresses.firstName,
      lastName: addresses.lastName,
      organization: addresses.organization,
      line1: addresses.line1,
      line2: addresses.line2,
      line3: addresses.line3,
      town: addresses.town,
      region: addresses.region,
      postalCode: addresses.postalCode,
      country: addresses.country,
      phone: addresses.phone,
      defaultShipping: addresses.defaultShipping,
      defaultBilling: addresses.defaultBilling,
    })
    .from(addresses)
    .innerJoin(customerMembers, eq(customerMembers.userId, addresses.userId))
    .innerJoin(
      customerAccounts,
      and(
        eq(customerAccounts.id, customerMembers.customerId),
        eq(customerAccounts.accountType, 'PERSONAL'),
      ),
    )
    .where(
      sql`not exists (select 1 from ${events} where ${events.streamId} = ${`${addressBookStreamKind.name}:`} || ${customerAccounts.id}::text and ${events.commandId} = ${`${ADDRESS_IMPORT_PROCESS}:`} || ${customerAccounts.id}::text)`,
    )
    // The defaults first, then in the order they were saved (as the pickers listed them).
    .orderBy(asc(customerAccounts.id), asc(addresses.createdAt), asc(addresses.id));

  const books = new Map<string, ImportedAddress[]>();
  for (const row of rows) {
    const book = books.get(row.accountId) ?? [];
    book.push({
      address: {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        organization: row.organization,
        line1: row.line1,
        line2: row.line2,
        line3: row.line3,
        town: row.town,
        region: row.region,
        postalCode: row.postalCode,
        country: row.country,
        phone: row.phone,
        phoneCountry: phoneCountryOf(row.phone, row.country),
        // Saved online through checkout: kept as they were entered.
        verification: 'as-entered',
      },
      defaultShipping: row.defaultShipping,
      defaultBilling: row.defaultBilling,
    });
    books.set(row.accountId, book);
  }

  const store = acting.store(ADDRESS_IMPORT_PROCESS);
  for (const [accountId, imported] of books) {
    await commands.execute(
      'address-book',
      streamIdOf(addressBookStreamKind, accountId),
      { type: 'ImportAddresses', data: { addresses: imported } },
      store,
      { commandId: addressImportCommandId(accountId), owner: { kind: 'account', id: accountId } },
    );
  }
  return books.size;
}
