/**
 * The account area's pages (SPEC 2.7): each at /my-account/{page} and at the short form the
 * spec lists (/addresses, /preferences, /qualifications, /profile-details, ...). The router
 * wraps each as a buyer's page: the server renders its frame and a skeleton with its heading.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RouteObject } from 'react-router';

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
