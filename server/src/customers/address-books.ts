/**
 * The customer accounts' address books as the store reads them (decision 054): the
 * `address-books` read model, written with the book's events, one document per account.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AddressBookCommand, BookAddress } from '../../../domain/address-book/address-book';
import {
  ADDRESS_BOOKS_READ_MODEL,
  addressBookStreamKind,
} from '../../../domain/address-book/stream';
import type { SavedAddress } from '../../../domain/customer/address-book';
import type { Message } from '../../../domain/shared/message';
import type { DistributiveOmit } from '../../../domain/shared/types';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import type { ForBuyer } from '../acting/acting';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { customerAccounts, customerMembers, readModels } from '../db/schema';

export type BookEntry = SavedAddress & BookAddress;

/** Each account's book (the defaults first); an account no one has written to has none. */
export async function addressBooksOf(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, readonly BookEntry[]>> {
  const books = new Map<string, readonly BookEntry[]>();
  if (accountIds.length === 0) return books;
  const byStream = new Map(accountIds.map((id) => [streamIdOf(addressBookStreamKind, id), id]));
  const rows = await db
    .select({ streamId: readModels.streamId, doc: readModels.doc })
    .from(readModels)
    .where(
      and(
        eq(readModels.model, ADDRESS_BOOKS_READ_MODEL),
        eq(readModels.ownerKind, 'account'),
        inArray(readModels.streamId, [...byStream.keys()]),
      ),
    );
  for (const row of rows) {
    const accountId = byStream.get(row.streamId);
    if (accountId) books.set(accountId, (row.doc as { addresses: BookEntry[] }).addresses);
  }
  return books;
}

/**
 * Each user's own book: their personal account's, else that of the first organization they
 * own or administer (by name), where the addresses they saved for themselves are kept.
 */
export async function ownBooksOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const own = new Map<string, string>();
  if (userIds.length === 0) return own;
  const rows = await db
    .select({
      userId: customerMembers.userId,
      accountId: customerAccounts.id,
      type: customerAccounts.accountType,
      role: customerMembers.role,
    })
    .from(customerMembers)
    .innerJoin(customerAccounts, eq(customerAccounts.id, customerMembers.customerId))
    .where(inArray(customerMembers.userId, [...userIds]))
    .orderBy(asc(customerAccounts.name), asc(customerAccounts.id));
  for (const row of rows) {
    if (row.type === 'PERSONAL') own.set(row.userId, row.accountId);
  }
  for (const row of rows) {
    if (own.has(row.userId) || row.type !== 'ORGANIZATION') continue;
    if (row.role === 'owner' || row.role === 'administrator') own.set(row.userId, row.accountId);
  }
  return own;
}

async function ownBookOf(db: Db, userId: string): Promise<string | undefined> {
  return (await ownBooksOf(db, [userId])).get(userId);
}

/** The user's own saved addresses: their own book (the defaults first). */
export async function listAddresses(db: Db, userId: string): Promise<readonly BookEntry[]> {
  const accountId = await ownBookOf(db, userId);
  if (!accountId) return [];
  return (await addressBooksOf(db, [accountId])).get(accountId) ?? [];
}

/** An address of a book of one of the user's accounts (anyone else's is none). */
export async function findAddress(
  db: Db,
  userId: string,
  id: string,
): Promise<BookEntry | undefined> {
  const accounts = await db
    .select({ id: customerMembers.customerId })
    .from(customerMembers)
    .where(eq(customerMembers.userId, userId));
  const books = await addressBooksOf(
    db,
    accounts.map((a) => a.id),
  );
  for (const book of books.values()) {
    const found = book.find((a) => a.id === id);
    if (found) return found;
  }
  return undefined;
}

/** How a buyer's change reached their personal book. */
export type BookChange =
  | { readonly kind: 'done'; readonly address?: BookEntry }
  | { readonly kind: 'no-book' }
  | { readonly kind: 'refused'; readonly code: string; readonly message: Message };

/**
 * A change to the buyer's own book, issued through `execute` as the buyer (a member of
 * the account, so they may write its stream).
 */
export async function changeOwnBook(
  db: Db,
  commands: CommandHandler,
  who: ForBuyer,
  command: DistributiveOmit<
    Exclude<AddressBookCommand, { readonly type: 'ImportAddresses' }>,
    'metadata'
  >,
): Promise<BookChange> {
  const accountId = await ownBookOf(db, who.buyer.id);
  if (!accountId) return { kind: 'no-book' };
  const { result } = await commands.execute(
    'address-book',
    streamIdOf(addressBookStreamKind, accountId),
    command,
    who,
    {
      commandId: randomUUID(),
      owner: { kind: 'account', id: accountId },
      canWrite: (row) => row.ownerKind === 'account' && row.ownerId === accountId,
    },
  );
  if (result.status === 'rejected') {
    return { kind: 'refused', code: result.code, message: result.message };
  }
  const book = (await addressBooksOf(db, [accountId])).get(accountId) ?? [];
  const id = command.data.addressId;
  const address = book.find((a) => a.id === id);
  return address ? { kind: 'done', address } : { kind: 'done' };
}
