/**
 * The saved addresses of the `addresses` table brought into the address books (decision
 * 054): a personal account's book starts with its user's saved addresses (a user with no
 * personal account: the book of the first organization they own or administer). The store issues
 * one `ImportAddresses` per account through `execute`, with a command id of its own
 * (`address-book-import:{accountId}`), so issuing it again, from another instance starting
 * at the same moment or a later start, is answered and never applied twice. Accounts whose
 * import is recorded are not read again; nothing writes the table any more.
 */
import { asc, inArray } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ImportedAddress } from '../../../domain/address-book/address-book';
import { addressBookStreamKind } from '../../../domain/address-book/stream';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import { acting } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { addresses, events } from '../db/schema';
import { ownBooksOf } from './address-books';

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
 * Imports the saved addresses of every user whose own book (`ownBookOf`) has not had its
 * import yet; answers how many books were imported.
 */
export async function importSavedAddresses(db: Db, commands: CommandHandler): Promise<number> {
  const owners = await db.selectDistinct({ userId: addresses.userId }).from(addresses);
  if (owners.length === 0) return 0;
  const target = await ownBooksOf(
    db,
    owners.map((o) => o.userId),
  );
  const done = new Set(
    target.size === 0
      ? []
      : (
          await db
            .select({ commandId: events.commandId })
            .from(events)
            .where(
              inArray(events.commandId, [...new Set(target.values())].map(addressImportCommandId)),
            )
        ).map((e) => e.commandId),
  );
  const users = [...target].filter(([, accountId]) => !done.has(addressImportCommandId(accountId)));
  if (users.length === 0) return 0;
  const accountOf = new Map(users);
  const rows = await db
    .select()
    .from(addresses)
    .where(inArray(addresses.userId, [...accountOf.keys()]))
    // In the order they were saved (the book puts its defaults first).
    .orderBy(asc(addresses.createdAt), asc(addresses.id));

  const books = new Map<string, ImportedAddress[]>();
  for (const row of rows) {
    const accountId = accountOf.get(row.userId);
    if (!accountId) continue;
    const book = books.get(accountId) ?? [];
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
    books.set(accountId, book);
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
