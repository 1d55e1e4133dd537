/**
 * Sign-in, sign-out and the session for the whole app (SPEC 4.1-4.4), as the app calls them.
 * The work itself (auth-session.ts: the session checks, the activity monitor, sign-out in
 * every tab, token mode) is loaded once the first page is on screen, or at once on a page
 * that needs a user, so it is not part of what a first visit waits for (decision 041).
 * Until its answer, sign-in shows as processing (auth-state.ts), as it always has.
 */
import { requiresSignIn } from '../../../domain/storefront/routes';
import type { Locale } from '../../../domain/storefront/storefronts';
import { afterFirstPaint } from '../first-paint';
import type * as AuthSessionModule from './auth-session';

type AuthSession = typeof AuthSessionModule;

let loading: Promise<AuthSession> | undefined;
let loaded: AuthSession | undefined;
let navigateTo: ((path: string) => void) | undefined;

function authSession(): Promise<AuthSession> {
  loading ??= import('./auth-session').then((module) => {
    loaded = module;
    if (navigateTo) module.setNavigator(navigateTo);
    return module;
  });
  return loading;
}

/** The app's router hands over its navigation, so sign-out moves pages without a reload. */
export function setNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
  loaded?.setNavigator(navigate);
}

/** Which sign-in the store uses; the store's server session until sign-in has started. */
export function authMode(): 'server-session' | 'token' {
  return loaded?.authMode() ?? 'server-session';
}

/**
 * Finds out who is signed in, once per page load: after the first paint, or at once when
 * the page needs a user (it waits for the answer before it opens).
 */
export async function startAuth(locale: Locale): Promise<void> {
  if (!requiresSignIn(window.location.pathname)) await afterFirstPaint();
  await (await authSession()).startAuth(locale);
}

/** Sends the visitor to sign in (or to register), coming back to `returnTo`. */
export async function signIn(
  locale: Locale,
  returnTo: string,
  options: { signup?: boolean } = {},
): Promise<void> {
  await (await authSession()).signIn(locale, returnTo, options);
}

/** The token-mode redirect back from the provider (/auth/callback): where to go next. */
export async function completeSignIn(): Promise<string> {
  return (await authSession()).completeSignIn();
}

/** SPEC 4.3's sign-out (see auth-session.ts). */
export async function signOut(reason: 'user' | 'timeout' | 'session-lost' = 'user'): Promise<void> {
  await (await authSession()).signOut(reason);
}

/**
 * Customer service ended a session of acting for a buyer: the buyer is forgotten in this
 * browser, as a sign-out does locally, while the agent stays signed in (decision 063).
 */
export async function forgetActingBuyer(): Promise<void> {
  await (await authSession()).forgetActingBuyer();
}

/** "Stay signed in" on the idle warning (which only shows once sign-in has loaded). */
export function stayActive(): void {
  loaded?.stayActive();
}

/**
 * The signed-in user's names or email changed (the profile page): shown at once here and in
 * every other tab of this browser.
 */
export async function profileChanged(profile: {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}): Promise<void> {
  (await authSession()).profileChanged(profile);
}
