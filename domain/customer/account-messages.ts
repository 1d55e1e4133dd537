/**
 * What the Accounts page and its banners say (decisions 056, 062). No imports beyond types:
 * the banner of a switch loads with the pages, not with the forms' schemas.
 */
import type { MessageDescriptor } from '../shared/message';

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
  ownerStays: /*i18n*/ {
    id: 'accounts.owner-stays',
    message: 'The owner of this organization cannot be removed.',
  },
  ownerRemovesAdministrators: /*i18n*/ {
    id: 'accounts.owner-removes-administrators',
    message: 'Only the owner of this organization can remove an administrator.',
  },
  invited: /*i18n*/ {
    id: 'accounts.invited',
    message: 'Invitation sent by email. They can add the account with Account not listed.',
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
    message: 'You now buy for {name} ({number}), an organizational account.',
  },
} as const satisfies Record<string, MessageDescriptor>;
