/**
 * Membership of customer accounts from the Accounts page (SPEC 1, 2.7, 6; decision 056): an
 * organisation's administrator invites a person by email (they add the account with 'Account
 * not listed', as at checkout) or removes a member or an invitation by email; a member leaves
 * an organisation. Each answers an account the caller is no member of as one that does not
 * exist, and a member who is no administrator with `not-administrator`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ACCOUNT_INVITATION_TEMPLATE,
  type AccountInvitationData,
} from '../../../domain/mail/account-invitation';
import type { Locale } from '../../../domain/storefront/storefronts';
import { managesMembers } from '../../../domain/customer/accounts';
import type { Db } from '../db/database';
import {
  accountInvitations,
  accountQualifiedUsers,
  customerAccounts,
  customerMembers,
  users,
} from '../db/schema';
import { mailOutbox } from '../mail/outbox-table';
import { isUuid } from './customer-repository';

export type MembershipOutcome =
  | 'done'
  | 'not-found'
  | 'not-administrator'
  | 'already-member'
  | 'not-member'
  | 'remove-yourself'
  | 'personal'
  | 'last-administrator'
  | 'owner'
  | 'owner-only';

/**
 * Membership changes of one account happen one at a time: each locks the account's row first
 * (two administrators leaving at once cannot leave the organization with none).
 */
async function lockAccount(tx: Db, accountId: string): Promise<void> {
  await tx
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(eq(customerAccounts.id, accountId))
    .for('update');
}

async function callerIn(db: Db, userId: string, accountId: string) {
  if (!isUuid(accountId)) return undefined;
  const [row] = await db
    .select({ role: customerMembers.role, type: customerAccounts.accountType })
    .from(customerMembers)
    .innerJoin(customerAccounts, eq(customerAccounts.id, customerMembers.customerId))
    .where(and(eq(customerMembers.customerId, accountId), eq(customerMembers.userId, userId)));
  return row;
}

async function memberByEmail(db: Db, accountId: string, email: string) {
  const [row] = await db
    .select({ userId: customerMembers.userId, role: customerMembers.role })
    .from(customerMembers)
    .innerJoin(users, eq(users.id, customerMembers.userId))
    .where(
      and(
        eq(customerMembers.customerId, accountId),
        eq(sql`lower(${users.email})`, email.toLowerCase()),
      ),
    );
  return row;
}

/** The invitations an administrator sees; undefined: not theirs to see (404/403 by role). */
export async function pendingInvitations(
  db: Db,
  userId: string,
  accountId: string,
): Promise<readonly string[] | 'not-found' | 'not-administrator'> {
  const caller = await callerIn(db, userId, accountId);
  if (!caller || caller.type !== 'ORGANIZATION') return 'not-found';
  if (!managesMembers(caller.role)) return 'not-administrator';
  const rows = await db
    .select({ email: accountInvitations.email })
    .from(accountInvitations)
    .where(eq(accountInvitations.customerId, accountId))
    .orderBy(accountInvitations.email);
  return rows.map((r) => r.email);
}

/** Where an invitation's mail takes the invited person: the storefront it was sent from. */
export interface InvitationMail {
  readonly locale: Locale;
  /** The store's public origin, as the request reached it. */
  readonly origin: string;
}

/**
 * Invites a person by email: the invitation is kept, and a mail telling them how to add the
 * account goes through the outbox in the same transaction (decision 056). Inviting the same
 * address again sends the mail again.
 */
export async function inviteMember(
  db: Db,
  userId: string,
  accountId: string,
  email: string,
  mail: InvitationMail,
): Promise<MembershipOutcome> {
  const caller = await callerIn(db, userId, accountId);
  if (!caller || caller.type !== 'ORGANIZATION') return 'not-found';
  if (!managesMembers(caller.role)) return 'not-administrator';
  if (await memberByEmail(db, accountId, email)) return 'already-member';
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx
      .insert(accountInvitations)
      .values({ customerId: accountId, email: address })
      .onConflictDoNothing();
    const [account] = await tx
      .select({ name: customerAccounts.name, number: customerAccounts.accountNumber })
      .from(customerAccounts)
      .where(eq(customerAccounts.id, accountId));
    const [inviter] = await tx
      .select({ givenName: users.givenName, familyName: users.familyName })
      .from(users)
      .where(eq(users.id, userId));
    if (!account || !inviter) return;
    const data: AccountInvitationData = {
      invitedBy: `${inviter.givenName} ${inviter.familyName}`,
      organization: account.name,
      accountNumber: account.number,
      link: `${mail.origin}/${mail.locale}/my-account/accounts`,
      locale: mail.locale,
    };
    await tx.insert(mailOutbox).values({
      id: `account-invitation:${randomUUID()}`,
      template: ACCOUNT_INVITATION_TEMPLATE,
      recipient: address,
      locale: mail.locale,
      data,
    });
  });
  return 'done';
}

/** Removes the member with this email, or the invitation to it. */
export async function removeMember(
  db: Db,
  userId: string,
  accountId: string,
  email: string,
): Promise<MembershipOutcome> {
  const caller = await callerIn(db, userId, accountId);
  if (!caller || caller.type !== 'ORGANIZATION') return 'not-found';
  if (!managesMembers(caller.role)) return 'not-administrator';
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    // Read again under the lock: the caller may have been removed or demoted meanwhile.
    const now = await callerIn(tx, userId, accountId);
    if (!now) return 'not-found';
    if (!managesMembers(now.role)) return 'not-administrator';
    const member = await memberByEmail(tx, accountId, email);
    if (member?.userId === userId) return 'remove-yourself';
    // The owner stays; only the owner removes an administrator.
    if (member?.role === 'owner') return 'owner';
    if (member && managesMembers(member.role) && now.role !== 'owner') return 'owner-only';
    const invitations = await tx
      .delete(accountInvitations)
      .where(
        and(
          eq(accountInvitations.customerId, accountId),
          eq(sql`lower(${accountInvitations.email})`, email.toLowerCase()),
        ),
      )
      .returning({ email: accountInvitations.email });
    const members = member
      ? await tx
          .delete(customerMembers)
          .where(
            and(
              eq(customerMembers.customerId, accountId),
              eq(customerMembers.userId, member.userId),
            ),
          )
          .returning({ userId: customerMembers.userId })
      : [];
    if (member) await dropQualifiedUser(tx, accountId, member.userId);
    return invitations.length + members.length > 0 ? 'done' : 'not-member';
  });
}

/** The caller leaves an organisation; its only administrator cannot. */
export async function leaveAccount(
  db: Db,
  userId: string,
  accountId: string,
): Promise<MembershipOutcome> {
  const caller = await callerIn(db, userId, accountId);
  if (!caller) return 'not-found';
  if (caller.type !== 'ORGANIZATION') return 'personal';
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const now = await callerIn(tx, userId, accountId);
    if (!now) return 'not-found';
    if (managesMembers(now.role)) {
      const others = await tx
        .select({ role: customerMembers.role })
        .from(customerMembers)
        .where(and(eq(customerMembers.customerId, accountId), ne(customerMembers.userId, userId)));
      if (!others.some((o) => managesMembers(o.role))) return 'last-administrator';
    }
    await tx
      .delete(customerMembers)
      .where(and(eq(customerMembers.customerId, accountId), eq(customerMembers.userId, userId)));
    await dropQualifiedUser(tx, accountId, userId);
    return 'done';
  });
}

/** Someone no longer a member is no longer one of the account's qualified users either. */
async function dropQualifiedUser(db: Db, accountId: string, userId: string): Promise<void> {
  await db
    .delete(accountQualifiedUsers)
    .where(
      and(
        eq(accountQualifiedUsers.customerId, accountId),
        eq(accountQualifiedUsers.userId, userId),
      ),
    );
}
