/**
 * Customer service's pages (SPEC 1; decision 063): its sign-in at /my-account/support/login
 * and /my-account/{x}/support/login, and its console at /my-account/support. They need no
 * buyer's sign-in (domain/storefront/routes.ts): the agent's sign-in is its own.
 */
import { msg } from '@lingui/core/macro';
import type { RouteObject } from 'react-router';
import type { AccountRoute } from './account-routes';

/** The sign-in page: nothing of anyone's, so the server renders it whole. */
export function supportLoginRoutes(): RouteObject[] {
  const lazy: NonNullable<RouteObject['lazy']> = async () => ({
    Component: (await import('../features/auth/components/SupportLoginPage')).SupportLoginPage,
  });
  return ['my-account/support/login', 'my-account/:x/support/login'].map((path) => ({
    path,
    lazy,
  }));
}

/** The console: the agent's own data, so the server renders its frame and a skeleton. */
export function supportConsoleRoute(): AccountRoute {
  return {
    route: {
      path: 'my-account/support',
      lazy: async () => {
        const m = await import('../features/support/support-pages');
        return { Component: m.SupportConsolePage, loader: m.supportConsoleLoader };
      },
    },
    heading: msg`Customer service`,
  };
}
