/**
 * The Accounts page's changes (SPEC 1, 2.7, 6; decision 056): an organisation's administrator
 * invites or removes a member by email; a member leaves an organisation. The requests' shapes
 * (checked at the server's edge and in the forms) and what a buyer is told when one is refused.
 */
import * as z from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { email, FIELD_LIMITS } from '../validation/fields';

export const memberEmailRequestSchema = z.strictObject({
  email: email(FIELD_LIMITS.qualifiedUserEmail),
});

export type MemberEmailRequest = z.output<typeof memberEmailRequestSchema>;

/** Who may manage an organisation's members. */
export function managesMembers(role: string): boolean {
  return role === 'administrator' || role === 'owner';
}

export { ACCOUNT_MESSAGES };

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
