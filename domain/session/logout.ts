/**
 * Where a page goes after sign-out (SPEC 4.3: login, search, invoice pages, or no redirect):
 * pages that need a signed-in user go to sign-in, invoice pages to the storefront's home,
 * every other page stays where it is.
 */
import { resolveLocale } from '../storefront/resolve-locale';
import { classifyRoute } from '../storefront/routes';

export type LogoutRedirect =
  | { readonly kind: 'login'; readonly path: string }
  | { readonly kind: 'home'; readonly path: string }
  | { readonly kind: 'stay' };

export function logoutRedirect(pathname: string): LogoutRedirect {
  const route = classifyRoute(pathname);
  const { locale } = resolveLocale({ host: '', pathname });
  if (route?.requiresSignIn) return { kind: 'login', path: `/${locale}/login` };
  if (route?.name.startsWith('invoice')) return { kind: 'home', path: `/${locale}/` };
  return { kind: 'stay' };
}
