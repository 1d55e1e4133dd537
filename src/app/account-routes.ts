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
    ...inBothForms('profile-details', msg`Profile & Password`, async () => {
      const [page, data] = await Promise.all([
        import('../features/account/profile/ProfilePage'),
        import('../features/account/profile/profile-loader'),
      ]);
      return { Component: page.ProfilePage, loader: data.profileLoader };
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
