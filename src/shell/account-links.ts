/**
 * The account menu's entries (SPEC 2.7), in its order: the header's menu and the account
 * area's own navigation list the same pages. Each lives at /{locale}/my-account/{path}.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const ACCOUNT_LINKS: readonly (readonly [path: string, label: MessageDescriptor])[] = [
  ['order-history', msg`Order History`],
  ['quotes', msg`Quotes`],
  ['saved-carts', msg`Saved Carts`],
  ['profile-details', msg`Profile & Password`],
  ['qualifications', msg`Qualifications`],
  ['accounts', msg`Accounts`],
  ['addresses', msg`Address Book`],
  ['preferences', msg`Preferences`],
  ['payment-cards', msg`Payment Cards`],
];

/** The address of an account page of a storefront. */
export function accountPath(locale: string, path: string): string {
  return `/${locale}/my-account/${path}`;
}
