/**
 * What checkout reads and changes about a buyer's customer records (SPEC 2.6, 4.8, 6;
 * decision 024): the facts document the checkout decider decides on, the 'Account not
 * listed' claim, 'Add qualified user', the Q-global account lookup with its three outcomes,
 * and web reference numbers. Every function takes the caller's user id and only ever reads
 * or changes what that user may see.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { cartAccountsOf, isUuid, listPaymentMethods } from '../customers/customer-repository';
import { isCardToken } from '../../../domain/payment/card';
import { cardBrandOf } from '../../../domain/validation/payment';
import type {
  CheckoutAccount,
  CheckoutFacts,
  QualifiedUserOption,
} from '../../../domain/checkout/facts';
import type { QualificationLevel } from '../../../domain/validation/account';
import { keepCard, type CardToKeep } from '../customers/payment-cards';
import type { Db } from '../db/database';
import { addressBooksOf } from '../customers/address-books';
import { issueOrderNumber, newWebReference } from '../orders/numbers';
import type { CardSummary } from '../../../domain/checkout/state';
import {
  accountInvitations,
  accountQualifiedUsers,
  customerAccounts,
  customerMembers,
  paymentMethods,
  platformAccounts,
  qualifiedUsers,
  userPlatformAccounts,
  users,
} from '../db/schema';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type CheckoutFlags = CheckoutFacts['flags'];

/** The customer accounts with an order placed on their behalf (SPEC 4.8: PO from then on). */
async function accountsThatOrdered(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select distinct doc -> 'account' ->> 'id' as id from read_models
       where model = 'orders' and (doc -> 'account' ->> 'id') in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})`),
  );
  return new Set(rows.map((r) => r.id));
}

async function qualifiedUsersOf(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, QualifiedUserOption[]>> {
  const result = new Map<string, QualifiedUserOption[]>();
  if (accountIds.length === 0) return result;
  const rows = await db
    .select({
      customerId: accountQualifiedUsers.customerId,
      userId: users.id,
      firstName: users.givenName,
      lastName: users.familyName,
      level: qualifiedUsers.level,
    })
    .from(accountQualifiedUsers)
    .innerJoin(users, eq(users.id, accountQualifiedUsers.userId))
    // Only members of the organization may be its qualified users.
    .innerJoin(
      customerMembers,
      and(
        eq(customerMembers.customerId, accountQualifiedUsers.customerId),
        eq(customerMembers.userId, accountQualifiedUsers.userId),
      ),
    )
    .leftJoin(qualifiedUsers, eq(qualifiedUsers.userId, users.id))
    .where(inArray(accountQualifiedUsers.customerId, [...accountIds]))
    .orderBy(asc(users.familyName), asc(users.givenName));
  for (const row of rows) {
    const list = result.get(row.customerId) ?? [];
    list.push({
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      level: (row.level as QualificationLevel | null) ?? null,
    });
    result.set(row.customerId, list);
  }
  return result;
}

/** The facts the checkout decider decides on, for this buyer in this store. */
export async function loadCheckoutFacts(
  db: Db,
  userId: string,
  options: { readonly flags: CheckoutFlags; readonly poThresholdMinor: number | null },
): Promise<CheckoutFacts> {
  const accounts = await cartAccountsOf(db, userId);
  const ids = accounts.map((a) => a.id);
  const [details, ordered, qualified, platforms, profile, books, cards] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: customerAccounts.id,
            hasOrdered: customerAccounts.hasOrdered,
            taxExempt: customerAccounts.taxExempt,
          })
          .from(customerAccounts)
          .where(inArray(customerAccounts.id, ids)),
    accountsThatOrdered(db, ids),
    qualifiedUsersOf(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            customerId: platformAccounts.customerId,
            platform: platformAccounts.platform,
            accountNumber: platformAccounts.accountNumber,
          })
          .from(platformAccounts)
          .where(inArray(platformAccounts.customerId, ids))
          .orderBy(asc(platformAccounts.accountNumber)),
    profileQglobalAccounts(db, userId),
    addressBooksOf(db, ids),
    listPaymentMethods(db, userId),
  ]);
  const detail = new Map(details.map((d) => [d.id, d]));
  return {
    userId,
    accounts: accounts.map((account): CheckoutAccount => ({
      id: account.id,
      number: account.number,
      name: account.name,
      type: account.type,
      hasOrdered: (detail.get(account.id)?.hasOrdered ?? false) || ordered.has(account.id),
      taxExempt: detail.get(account.id)?.taxExempt ?? false,
      discounts: account.discounts,
      qualifiedUsers: qualified.get(account.id) ?? [],
      qglobalAccounts: platforms
        .filter((p) => p.customerId === account.id && p.platform === 'q-global')
        .map((p) => p.accountNumber),
      aimswebAccounts: platforms
        .filter((p) => p.customerId === account.id && p.platform === 'aimswebplus')
        .map((p) => p.accountNumber),
      addressBook: books.get(account.id) ?? [],
    })),
    profileQglobalAccounts: profile,
    savedCards: cards.map((card) => ({
      id: card.id,
      brand: cardBrandOf(card.brand),
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
    })),
    flags: options.flags,
    poThresholdMinor: options.poThresholdMinor,
  };
}

/** Q-global accounts the user owns or added to their profile. */
async function profileQglobalAccounts(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountNumber: platformAccounts.accountNumber })
    .from(platformAccounts)
    .leftJoin(
      userPlatformAccounts,
      and(
        eq(userPlatformAccounts.platformAccountId, platformAccounts.id),
        eq(userPlatformAccounts.userId, userId),
      ),
    )
    .where(
      and(
        eq(platformAccounts.platform, 'q-global'),
        or(eq(platformAccounts.ownerUserId, userId), eq(userPlatformAccounts.userId, userId)),
      ),
    )
    .orderBy(asc(platformAccounts.accountNumber));
  return rows.map((r) => r.accountNumber);
}

/**
 * 'Account not listed' (SPEC 2.6, 5): an account the buyer may add by its number (a 4-digit
 * organization number or a 12-character temporary one), when the account invited the
 * buyer's email. Anything else reads as not found, so nothing tells which numbers exist.
 * The buyer becomes a member (and a listed qualified user).
 */
export async function claimAccount(
  db: Db,
  user: { readonly id: string; readonly email: string },
  accountNumber: string,
): Promise<{ id: string } | null> {
  const number = accountNumber.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: customerAccounts.id, type: customerAccounts.accountType })
      .from(customerAccounts)
      .where(eq(sql`upper(${customerAccounts.accountNumber})`, number));
    if (!account) return null;
    const [member] = await tx
      .select({ userId: customerMembers.userId })
      .from(customerMembers)
      .where(and(eq(customerMembers.customerId, account.id), eq(customerMembers.userId, user.id)));
    if (member) return { id: account.id };
    // A number alone is no proof (four digits are guessed, and any number is printed on
    // orders): the account's holder must have invited this buyer's email.
    const [invited] = await tx
      .select({ email: accountInvitations.email })
      .from(accountInvitations)
      .where(
        and(
          eq(accountInvitations.customerId, account.id),
          eq(sql`lower(${accountInvitations.email})`, user.email.toLowerCase()),
        ),
      );
    if (!invited) return null;
    if (account.type === 'PERSONAL') {
      // SPEC 6: only a personal account is single-user.
      const [owner] = await tx
        .select({ userId: customerMembers.userId })
        .from(customerMembers)
        .where(eq(customerMembers.customerId, account.id))
        .limit(1);
      if (owner) return null;
    }
    await tx
      .insert(customerMembers)
      .values({ customerId: account.id, userId: user.id, role: 'member' })
      .onConflictDoNothing();
    await tx
      .insert(accountQualifiedUsers)
      .values({ customerId: account.id, userId: user.id })
      .onConflictDoNothing();
    await tx
      .delete(accountInvitations)
      .where(
        and(
          eq(accountInvitations.customerId, account.id),
          eq(sql`lower(${accountInvitations.email})`, user.email.toLowerCase()),
        ),
      );
    return { id: account.id };
  });
}

/**
 * 'Add qualified user' (SPEC 2.6, 5): a member of the organization, found by email, is
 * listed as a qualified user of the account. The caller must be a member too; anyone else,
 * and any email that is not a member's, reads as 'User not found in this organization'.
 */
export async function addQualifiedUser(
  db: Db,
  callerId: string,
  accountId: string,
  email: string,
): Promise<QualifiedUserOption | null> {
  if (!isUuid(accountId)) return null;
  const [caller] = await db
    .select({ userId: customerMembers.userId })
    .from(customerMembers)
    .where(and(eq(customerMembers.customerId, accountId), eq(customerMembers.userId, callerId)));
  if (!caller) return null;
  const [found] = await db
    .select({
      userId: users.id,
      firstName: users.givenName,
      lastName: users.familyName,
      level: qualifiedUsers.level,
    })
    .from(users)
    .innerJoin(
      customerMembers,
      and(eq(customerMembers.userId, users.id), eq(customerMembers.customerId, accountId)),
    )
    .leftJoin(qualifiedUsers, eq(qualifiedUsers.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!found) return null;
  await db
    .insert(accountQualifiedUsers)
    .values({ customerId: accountId, userId: found.userId })
    .onConflictDoNothing();
  return { ...found, level: (found.level as QualificationLevel | null) ?? null };
}

/** SPEC 4.8: what adding a Q-global account number finds. */
export type QglobalLookup =
  | { readonly outcome: 'not-found' }
  /** Owned by another user and linked to no organization: ask an account specialist. */
  | { readonly outcome: 'no-access' }
  /** Linked to an organization: the buyer may add it to their profile (Yes or No). */
  | { readonly outcome: 'linked'; readonly accountNumber: string; readonly organization: string }
  /** Already the buyer's (owned, on their profile or their account's). */
  | { readonly outcome: 'yours'; readonly accountNumber: string };

export async function lookupQglobal(
  db: Db,
  userId: string,
  accountNumber: string,
): Promise<QglobalLookup> {
  const number = accountNumber.trim().toUpperCase();
  const [account] = await db
    .select({
      id: platformAccounts.id,
      accountNumber: platformAccounts.accountNumber,
      ownerUserId: platformAccounts.ownerUserId,
      customerId: platformAccounts.customerId,
      organization: customerAccounts.name,
    })
    .from(platformAccounts)
    .leftJoin(customerAccounts, eq(customerAccounts.id, platformAccounts.customerId))
    .where(
      and(
        eq(platformAccounts.platform, 'q-global'),
        eq(sql`upper(${platformAccounts.accountNumber})`, number),
      ),
    );
  if (!account) return { outcome: 'not-found' };
  if (account.ownerUserId === userId)
    return { outcome: 'yours', accountNumber: account.accountNumber };
  const [onProfile] = await db
    .select({ id: userPlatformAccounts.platformAccountId })
    .from(userPlatformAccounts)
    .where(
      and(
        eq(userPlatformAccounts.userId, userId),
        eq(userPlatformAccounts.platformAccountId, account.id),
      ),
    );
  if (onProfile) return { outcome: 'yours', accountNumber: account.accountNumber };
  // Linked to an organization the buyer belongs to: theirs to add (SPEC 4.8). Anyone else's
  // is 'no access' (SPEC 6: ask an account specialist), and says nothing of its owner.
  if (account.customerId && account.organization) {
    const [member] = await db
      .select({ userId: customerMembers.userId })
      .from(customerMembers)
      .where(
        and(eq(customerMembers.customerId, account.customerId), eq(customerMembers.userId, userId)),
      );
    if (member) {
      return {
        outcome: 'linked',
        accountNumber: account.accountNumber,
        organization: account.organization,
      };
    }
  }
  return { outcome: 'no-access' };
}

/** Yes to "add it to your profile": only for an account linked to an organization. */
export async function addQglobalToProfile(
  db: Db,
  userId: string,
  accountNumber: string,
): Promise<boolean> {
  const found = await lookupQglobal(db, userId, accountNumber);
  if (found.outcome === 'yours') return true;
  if (found.outcome !== 'linked') return false;
  const [account] = await db
    .select({ id: platformAccounts.id })
    .from(platformAccounts)
    .where(
      and(
        eq(platformAccounts.platform, 'q-global'),
        eq(platformAccounts.accountNumber, found.accountNumber),
      ),
    );
  if (!account) return false;
  await db
    .insert(userPlatformAccounts)
    .values({ userId, platformAccountId: account.id })
    .onConflictDoNothing();
  return true;
}

/**
 * A new Web reference # (SPEC 3): W and ten digits, random with a check digit, never given
 * before (decision 045).
 */
export async function nextWebReference(
  db: Db,
  draw: () => string = newWebReference,
): Promise<string> {
  return issueOrderNumber(db, draw);
}

/** One of the buyer's saved cards: the gateway's reusable token and the card as saved. */
export async function savedCard(
  db: Db,
  userId: string,
  paymentMethodId: string,
): Promise<{ readonly token: string; readonly card: CardSummary } | null> {
  if (!isUuid(paymentMethodId)) return null;
  const [row] = await db
    .select({
      token: paymentMethods.gatewayToken,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      expMonth: paymentMethods.expMonth,
      expYear: paymentMethods.expYear,
    })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.userId, userId)));
  if (!row) return null;
  const { token, brand, ...rest } = row;
  return { token, card: { brand: cardBrandOf(brand), ...rest } };
}

/** The gateway's reusable token of one of the buyer's saved cards (never leaves the server). */
export async function savedCardToken(
  db: Db,
  userId: string,
  paymentMethodId: string,
): Promise<string | null> {
  if (!isUuid(paymentMethodId)) return null;
  const [row] = await db
    .select({ token: paymentMethods.gatewayToken })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, paymentMethodId), eq(paymentMethods.userId, userId)));
  return row?.token ?? null;
}

/** "Save this card": the gateway's reusable token and what the store may know of the card. */
export async function saveCardToProfile(
  db: Db,
  userId: string,
  card: CardToKeep,
): Promise<{ readonly id: string; readonly token: string }> {
  // The gateway's answer is checked as a browser's would be: a card number is never kept.
  if (!isCardToken(card.token)) throw new Error('The gateway answered with no card token');
  // The same card saved twice (two orders, "save" ticked each time) is kept once.
  return keepCard(db, userId, card);
}
