/**
 * The Accounts page's changes (SPEC 1, 2.7, 6; decision 056): an organisation's administrator
 * invites or removes a member by email; a member leaves an organisation. The requests' shapes
 * (checked at the server's edge and in the forms) and what a buyer is told when one is refused.
 */
import * as z from 'zod';
import type { MessageDescriptor } from '../shared/message';
import { email, FIELD_LIMITS } from '../validation/fields';

export const memberEmailRequestSchema = z.strictObject({
  email: email(FIELD_LIMITS.qualifiedUserEmail),
});

export type MemberEmailRequest = z.output<typeof memberEmailRequestSchema>;

/** Who may manage an organisation's members. */
export function managesMembers(role: string): boolean {
  return role === 'administrator' || role === 'owner';
}

export const ACCOUNT_MESSAGES = {
  notAdministrator: /*i18n*/ {
    id: 'accounts.not-administrator',
    message: 'Only an administrator of this organization can invite or remove its members.',
  },
  alreadyMember: /*i18n*/ {
    id: 'accounts.already-member',
    message: 'This person is already a member of this organization.',
  },
  notMember: /*i18n*/ {
    id: 'accounts.not-member',
    message: 'No member or invitation of this organization has this email address.',
  },
  removeYourself: /*i18n*/ {
    id: 'accounts.remove-yourself',
    message: 'To leave this organization, use Leave organization on the Accounts page.',
  },
  personalCannotBeLeft: /*i18n*/ {
    id: 'accounts.personal-cannot-be-left',
    message: 'Your personal account cannot be left.',
  },
  lastAdministrator: /*i18n*/ {
    id: 'accounts.last-administrator',
    message:
      'You are the only administrator of this organization. Make another member its administrator before you leave.',
  },
  invited: /*i18n*/ {
    id: 'accounts.invited',
    message: 'Invitation sent. They can add the account with Account not listed.',
  },
  removed: /*i18n*/ { id: 'accounts.removed', message: 'Removed from this organization.' },
  left: /*i18n*/ { id: 'accounts.left', message: 'You have left the organization.' },
  claimed: /*i18n*/ { id: 'accounts.claimed', message: 'The account has been added.' },
  switchedToPersonal: /*i18n*/ {
    id: 'accounts.switched-to-personal',
    message:
      'You now buy as an individual, with your personal account {number}. Purchase orders need an organizational account.',
  },
  switchedToOrganization: /*i18n*/ {
    id: 'accounts.switched-to-organization',
    message:
      'You now buy for {name} ({number}), an organizational account. Purchase orders are available for it.',
  },
} as const satisfies Record<string, MessageDescriptor>;

/** An account as the buying-as rule needs it. */
export interface AccountForBuyingAs {
  readonly id: string;
  readonly accountType: 'PERSONAL' | 'ORGANIZATION';
}

/**
 * The account a user buys as (SPEC 1: a user is PERSONAL or ORGANIZATION): the one they
 * switched to while they are still its member, else their personal account, else their first
 * organization, else none.
 */
export function buyingAsAccount<A extends AccountForBuyingAs>(
  accounts: readonly A[],
  chosenId: string | null | undefined,
): A | null {
  return (
    accounts.find((a) => a.id === chosenId) ??
    accounts.find((a) => a.accountType === 'PERSONAL') ??
    accounts[0] ??
    null
  );
}
