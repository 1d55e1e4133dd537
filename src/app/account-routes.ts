/**
 * The account area's pages (SPEC 2.7): each at /my-account/{page} and at the short form the
 * spec lists (/addresses, /preferences, /qualifications, /profile-details, ...). The router
 * wraps each as a buyer's page: the server renders its frame and a skeleton with its heading.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RouteObject } from 'react-router';
import { QUALIFICATION_KINDS } from '../../domain/qualification/kinds';

export interface AccountRoute {
  readonly route: RouteObject;
  readonly heading: MessageDescriptor;
}

/** A page at /my-account/{path} and at /{path}. */
export function inBothForms(
  path: string,
  heading: MessageDescriptor,
  lazy: NonNullable<RouteObject['lazy']>,
): AccountRoute[] {
  return [`my-account/${path}`, path].map((full) => ({
    route: { path: full, lazy },
    heading,
  }));
}

/** Every account page, in the account menu's order. */
export function accountRoutes(): AccountRoute[] {
  return [
    ...profileRoutes(),
    ...qualificationRoutes(),
    ...cardAndAccountRoutes(),
    ...addressBookRoutes(),
  ];
}

/** Qualifications (decision 057): the list, and add-{kind} and edit-{kind}/{id} below it. */
function qualificationRoutes(): AccountRoute[] {
  const list = () => import('../features/account/qualifications/QualificationsPage');
  const form = () => import('../features/account/qualifications/QualificationFormPage');
  const data = () => import('../features/account/qualifications/qualifications-loader');
  const formPage: NonNullable<RouteObject['lazy']> = async () => {
    const [page, loaders] = await Promise.all([form(), data()]);
    return { Component: page.QualificationFormPage, loader: loaders.qualificationFormLoader };
  };
  return [
    ...inBothForms('qualifications', msg`Qualifications`, async () => {
      const [page, loaders] = await Promise.all([list(), data()]);
      return { Component: page.QualificationsPage, loader: loaders.qualificationsLoader };
    }),
    ...QUALIFICATION_KINDS.flatMap((kind) => [
      ...inBothForms(`qualifications/add-${kind}`, msg`Qualifications`, formPage),
      ...inBothForms(`qualifications/edit-${kind}/:id`, msg`Qualifications`, formPage),
    ]),
  ];
}

/** Payment cards and accounts (decision 056). */
function cardAndAccountRoutes(): AccountRoute[] {
  return [
    ...inBothForms('payment-cards', msg`Payment Cards`, async () => {
      const m = await import('../features/account/payment-cards/payment-cards-page');
      return { Component: m.PaymentCardsPage, loader: m.paymentCardsLoader };
    }),
    ...inBothForms('accounts', msg`Accounts`, async () => {
      const m = await import('../features/account/accounts/accounts-pages');
      return { Component: m.AccountsPage, loader: m.accountsLoader };
    }),
    ...inBothForms('accounts/:id/members', msg`Members`, async () => {
      const m = await import('../features/account/accounts/accounts-pages');
      return { Component: m.MembersPage, loader: m.membersLoader };
    }),
  ];
}

/** Profile & Password and Preferences (decision 055). */
function profileRoutes(): AccountRoute[] {
  return [
    ...inBothForms('profile-details', msg`Profile & Password`, async () => {
      const [page, data] = await Promise.all([
        import('../features/account/profile/ProfilePage'),
        import('../features/account/profile/profile-loader'),
      ]);
      return { Component: page.ProfilePage, loader: data.profileLoader };
    }),
    ...inBothForms('confirm-email', msg`Confirm your email address`, async () => {
      const page = await import('../features/account/profile/ConfirmEmailPage');
      return { Component: page.ConfirmEmailPage, loader: page.confirmEmailLoader };
    }),
    ...inBothForms('preferences', msg`Preferences`, async () => {
      const [page, data] = await Promise.all([
        import('../features/account/preferences/PreferencesPage'),
        import('../features/account/profile/profile-loader'),
      ]);
      return { Component: page.PreferencesPage, loader: data.profileLoader };
    }),
  ];
}

/** The address book (decision 054). */
function addressBookRoutes(): AccountRoute[] {
  return [
    ...inBothForms('addresses', msg`Address Book`, async () => ({
      Component: (await import('../features/account/address-book/AddressBookPages'))
        .AddressBookPage,
    })),
    ...inBothForms('addresses/add-address', msg`Add an address`, async () => ({
      Component: (await import('../features/account/address-book/AddressBookPages')).AddAddressPage,
    })),
    ...inBothForms('addresses/edit-address/:id', msg`Edit an address`, async () => ({
      Component: (await import('../features/account/address-book/AddressBookPages'))
        .EditAddressPage,
    })),
  ];
}
