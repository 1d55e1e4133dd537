/**
 * The route patterns the session logic recognises (SPEC 2.1) and which of them need a
 * signed-in user: pages under my-account, saved carts, order history, quotes and checkout send
 * a visitor to sign-in, except customer service's pages below my-account/support (decision
 * 063). Paths may carry a locale or store-path prefix; the patterns are matched below it as
 * well.
 */
import { resolveLocale } from './resolve-locale';

export type RouteName =
  | 'invoice-payment-confirmation'
  | 'invoice-payment'
  | 'invoices'
  | 'store'
  | 'my-account-support-login'
  | 'my-account-support'
  | 'my-account'
  | 'order-status'
  | 'product'
  | 'cart'
  | 'quick-order'
  | 'saved-carts'
  | 'order-history'
  | 'quotes'
  | 'checkout'
  | 'register'
  | 'search'
  | 'login';

export interface RouteMatch {
  readonly name: RouteName;
  readonly requiresSignIn: boolean;
}

/** In order: the first that matches wins. Matched against the path below the locale. */
const PATTERNS: readonly (readonly [RouteName, RegExp, boolean])[] = [
  ['invoice-payment-confirmation', /^\/invoices\/[^/]+\/payment\/confirmation\/?$/, false],
  ['invoice-payment', /^\/invoices\/[^/]+\/payment\/?$/, false],
  ['invoices', /^\/invoices(?:\/.*)?$/, false],
  ['my-account-support-login', /^\/my-account(?:\/[^/]+)?\/support\/login\/?$/, false],
  // Customer service's own pages (decision 063): an agent is never a buyer, and its sign-in is
  // its own (the agent's cookie), so the buyer's sign-in check does not apply to them.
  ['my-account-support', /^\/my-account(?:\/[^/]+)?\/support(?:\/.*)?$/, false],
  ['my-account', /^\/my-account(?:\/.*)?$/, true],
  // The account pages' short forms (SPEC 2.7), as below my-account.
  [
    'my-account',
    /^\/(?:profile-details|qualifications|accounts|addresses|preferences|payment-cards)(?:\/.*)?$/,
    true,
  ],
  ['order-status', /^\/order-status\/?$/, false],
  ['product', /^\/p\/[^/]+\/?$/, false],
  ['cart', /^\/cart(?:\/.*)?$/, false],
  ['quick-order', /^\/quick-order\/?$/, false],
  // A person's saved carts (SPEC 2.7), also below my-account.
  ['saved-carts', /^\/saved-carts(?:\/.*)?$/, true],
  // A person's orders (SPEC 2.7): the list, an order's details, their own status lookup.
  ['order-history', /^\/order-history(?:\/.*)?$/, true],
  // A person's quotes (SPEC 2.7): the list and a quote.
  ['quotes', /^\/quotes(?:\/.*)?$/, true],
  ['checkout', /^\/(?:[^/]+\/)?checkout(?:\/.*)?$/, true],
  ['checkout', /^\/exp-checkout(?:\/.*)?$/, true],
  ['register', /^\/register\/?$/, false],
  ['search', /^\/search\.html$/, false],
  ['login', /^\/login\/?$/, false],
];

/** `/{lang}/login` (SPEC 2.1) uses the bare language: /en/login, /fr/login. */
const LANGUAGE_LOGIN = /^\/(?:en|fr|nl|es)\/login\/?$/;

export function classifyRoute(pathname: string): RouteMatch | null {
  const path = pathname.split(/[?#]/)[0] ?? '';
  if (LANGUAGE_LOGIN.test(path)) return { name: 'login', requiresSignIn: false };
  if (/^\/store(?:\/.*)?$/.test(path)) {
    const inner = resolveLocale({ host: '', pathname: path });
    if (inner.source === 'store-path') {
      const match = matchBelowLocale(inner.rest);
      if (match) return match;
    }
    return { name: 'store', requiresSignIn: false };
  }
  const resolved = resolveLocale({ host: '', pathname: path });
  return matchBelowLocale(resolved.source === 'path' ? resolved.rest : path);
}

function matchBelowLocale(rest: string): RouteMatch | null {
  for (const [name, pattern, requiresSignIn] of PATTERNS) {
    if (pattern.test(rest)) return { name, requiresSignIn };
  }
  return null;
}

export function requiresSignIn(pathname: string): boolean {
  return classifyRoute(pathname)?.requiresSignIn ?? false;
}
