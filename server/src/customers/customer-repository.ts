/**
 * A user's own customer records: saved cards, the customer accounts they
 * belong to (with discount programmes and platform accounts) and their qualification.
 * Every function takes the caller's user id and only ever returns that user's data, or an
 * organization's data to its members; someone else's id reads as "not found".
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type {
  AccountMember,
  AccountType,
  CustomerAccountSummary,
  MemberRole,
  SavedPaymentMethod,
} from '../../../domain/customer/address-book';
import type { AccountDiscount, CartAccount } from '../../../domain/cart/state';
import type { Db } from '../db/database';
import {
  customerAccountMerges,
  customerAccounts,
  customerDiscounts,
  customerMembers,
  paymentMethods,
  platformAccounts,
  qualifications,
  qualifiedUsers,
  users,
} from '../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot exist are not looked up (and never reach Postgres as a bad uuid). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

const cardColumns = {
  id: paymentMethods.id,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expMonth: paymentMethods.expMonth,
  expYear: paymentMethods.expYear,
  holderName: paymentMethods.holderName,
  billingAddressId: paymentMethods.billingAddressId,
  isDefault: paymentMethods.isDefault,
};

export async function listPaymentMethods(db: Db, userId: string): Promise<SavedPaymentMethod[]> {
  return (
    db
      .select(cardColumns)
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      // The default card first: checkout offers it first (decision 056).
      .orderBy(
        desc(paymentMethods.isDefault),
        asc(paymentMethods.createdAt),
        asc(paymentMethods.id),
      )
  );
}

export async function findPaymentMethod(
  db: Db,
  userId: string,
  id: string,
): Promise<SavedPaymentMethod | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(cardColumns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return row;
}

/** The accounts the user is a member of (account list order), with their programmes. */
async function memberAccounts(db: Db, userId: string) {
  const rows = await db
    .select({
      id: customerAccounts.id,
      accountNumber: customerAccounts.accountNumber,
      name: customerAccounts.name,
      accountType: customerAccounts.accountType,
      role: customerMembers.role,
      taxExempt: customerAccounts.taxExempt,
      hasOrdered: customerAccounts.hasOrdered,
    })
    .from(customerMembers)
    .innerJoin(customerAccounts, eq(customerAccounts.id, customerMembers.customerId))
    .where(eq(customerMembers.userId, userId))
    .orderBy(asc(customerAccounts.accountType), asc(customerAccounts.name));
  const discounts =
    rows.length === 0
      ? []
      : await db
          .select({
            customerId: customerDiscounts.customerId,
            programme: customerDiscounts.programme,
            status: customerDiscounts.status,
            basisPoints: customerDiscounts.discountBasisPoints,
          })
          .from(customerDiscounts)
          .where(
            inArray(
              customerDiscounts.customerId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(desc(customerDiscounts.programme));
  return rows.map((row) => ({
    ...row,
    accountType: row.accountType as AccountType,
    role: row.role as MemberRole,
    // The table's checks keep programme and status in step (UAP_* with UAP, OLD_* with OLD).
    discounts: discounts
      .filter((d) => d.customerId === row.id)
      .map(
        (d) =>
          ({
            programme: d.programme,
            status: d.status,
            basisPoints: d.basisPoints,
          }) as AccountDiscount,
      ),
  }));
}

/** The customer accounts the user is a member of, with their programmes and platforms. */
export async function listAccounts(db: Db, userId: string): Promise<CustomerAccountSummary[]> {
  const accounts = await memberAccounts(db, userId);
  if (accounts.length === 0) return [];
  const platforms = await db
    .select({
      customerId: platformAccounts.customerId,
      platform: platformAccounts.platform,
      accountNumber: platformAccounts.accountNumber,
    })
    .from(platformAccounts)
    .where(
      inArray(
        platformAccounts.customerId,
        accounts.map((a) => a.id),
      ),
    )
    .orderBy(asc(platformAccounts.platform), asc(platformAccounts.accountNumber));
  const merges = await db
    .select({
      customerId: customerAccountMerges.customerId,
      accountNumber: customerAccountMerges.mergedNumber,
      mergedOn: customerAccountMerges.mergedOn,
    })
    .from(customerAccountMerges)
    .where(
      inArray(
        customerAccountMerges.customerId,
        accounts.map((a) => a.id),
      ),
    )
    .orderBy(asc(customerAccountMerges.mergedOn), asc(customerAccountMerges.mergedNumber));
  return accounts.map((account) => ({
    ...account,
    discounts: account.discounts.map((d) => ({ programme: d.programme, status: d.status })),
    platformAccounts: platforms
      .filter((p) => p.customerId === account.id)
      .map((p) => ({
        platform: p.platform as 'q-global' | 'aimswebplus',
        accountNumber: p.accountNumber,
      })),
    mergedAccounts: merges
      .filter((m) => m.customerId === account.id)
      .map((m) => ({ accountNumber: m.accountNumber, mergedOn: m.mergedOn })),
  }));
}

export async function findAccount(
  db: Db,
  userId: string,
  id: string,
): Promise<CustomerAccountSummary | undefined> {
  if (!isUuid(id)) return undefined;
  return (await listAccounts(db, userId)).find((account) => account.id === id);
}

/**
 * The accounts a user may price a cart for, with their discount programmes (SPEC 4.7): the
 * accounts they are a member of, in the order the account list shows them.
 */
export async function cartAccountsOf(db: Db, userId: string): Promise<CartAccount[]> {
  return (await memberAccounts(db, userId)).map((account) => ({
    id: account.id,
    number: account.accountNumber,
    name: account.name,
    type: account.accountType,
    discounts: account.discounts,
  }));
}

/** The members of an account, for its members only. */
export async function accountMembers(
  db: Db,
  userId: string,
  accountId: string,
): Promise<AccountMember[] | undefined> {
  if (!(await findAccount(db, userId, accountId))) return undefined;
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.givenName,
      lastName: users.familyName,
      role: customerMembers.role,
      qualificationLevel: qualifiedUsers.level,
    })
    .from(customerMembers)
    .innerJoin(users, eq(users.id, customerMembers.userId))
    .leftJoin(qualifiedUsers, eq(qualifiedUsers.userId, customerMembers.userId))
    .where(eq(customerMembers.customerId, accountId))
    .orderBy(asc(users.familyName), asc(users.givenName));
  return rows.map((r) => ({
    ...r,
    role: r.role as MemberRole,
    qualificationLevel: r.qualificationLevel as AccountMember['qualificationLevel'],
  }));
}

export interface QualificationProfile {
  readonly level: 'A' | 'B' | 'C' | null;
  readonly verifiedAt: string | null;
  readonly qualifications: readonly {
    readonly id: string;
    readonly kind: string;
    readonly title: string;
    readonly issuer: string;
    readonly reference: string | null;
    readonly issuedOn: string | null;
    readonly expiresOn: string | null;
  }[];
}

export async function qualificationProfile(db: Db, userId: string): Promise<QualificationProfile> {
  const [[level], list] = await Promise.all([
    db
      .select({ level: qualifiedUsers.level, verifiedAt: qualifiedUsers.verifiedAt })
      .from(qualifiedUsers)
      .where(eq(qualifiedUsers.userId, userId)),
    db
      .select({
        id: qualifications.id,
        kind: qualifications.kind,
        title: qualifications.title,
        issuer: qualifications.issuer,
        reference: qualifications.reference,
        issuedOn: qualifications.issuedOn,
        expiresOn: qualifications.expiresOn,
      })
      .from(qualifications)
      .where(eq(qualifications.userId, userId))
      .orderBy(asc(qualifications.kind), asc(qualifications.title)),
  ]);
  return {
    level: (level?.level as QualificationProfile['level'] | undefined) ?? null,
    verifiedAt: level?.verifiedAt?.toISOString() ?? null,
    qualifications: list,
  };
}

/** Whether a user is a member of a customer account (any role). */
export async function isAccountMember(db: Db, userId: string, accountId: string): Promise<boolean> {
  if (!isUuid(accountId)) return false;
  const [row] = await db
    .select({ userId: customerMembers.userId })
    .from(customerMembers)
    .where(and(eq(customerMembers.userId, userId), eq(customerMembers.customerId, accountId)));
  return row !== undefined;
}
