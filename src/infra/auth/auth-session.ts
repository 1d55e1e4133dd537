/**
 * Sign-in, sign-out and the session for the whole app (SPEC 4.1-4.4), loaded by auth.ts once
 * the first page is on screen (decision 041); the app calls it through auth.ts. The SSO flags choose
 * the mode: with `sso` on, tokens in the browser (token-mode.ts); otherwise the store's
 * server session (an HttpOnly cookie set by the server's own OpenID client). Either way the
 * app sees `currentUser$` and `authStatus$`, the activity monitor runs while someone is
 * signed in, and sign-out reaches every tab.
 *
 * Offline (decision 023): the browser remembers who was last signed in (never a token). A
 * session check that reaches no server keeps that buyer signed in, unconfirmed, and checks
 * again when the connection is back: a valid session changes nothing visible, an ended one
 * runs SPEC 4.3's sign-out. A sign-out made offline clears the identity at once; its server
 * steps are owed and run when the connection is back.
 */
import { resolveFlags } from '../../../domain/flags/flags';
import {
  encodeNotifications,
  NOTIFICATIONS_PARAM,
} from '../../../domain/notifications/notifications';
import { logoutRedirect } from '../../../domain/session/logout';
import {
  decideSession,
  parseRememberedUser,
  rememberUser,
  sameUser,
  sessionAnswerOfStatus,
  type SessionAnswer,
} from '../../../domain/session/offline-session';
import { SESSION_POLICY } from '../../../domain/session/policy';
import {
  sameActingAgent,
  splitCustomerAnswer,
  type ActingAgent,
} from '../../../domain/support/acting-agent';
import type { Locale } from '../../../domain/storefront/storefronts';
import { actingAgent$ } from '../acting-agent';
import { ApiError, apiFetch, apiJson, setAccessTokenSource } from '../api';
import { bootstrap$, knownBootstrap, loadBootstrap } from '../bootstrap';
import { readItem, readJson, removeItem, writeItem } from '../browser-storage';
import { online$ } from '../connectivity';
import {
  currentUser$,
  sessionCheckRequested$,
  sessionUnconfirmed$,
  signingOut$,
  type SignedInUser,
} from '../session';
import { ActivityMonitor, SHARED_ACTIVITY_KEY } from './activity-monitor';
import type * as TokenModeModule from './token-mode';
import { authStatus$, idleWarning$, markAuthSettled } from './auth-state';
import { listenToOtherTabs, tellOtherTabs } from './tab-sync';

type Mode = 'server-session' | 'token';
type TokenModule = typeof TokenModeModule;
type Manager = ReturnType<TokenModule['createUserManager']>;

/** Closed notification ids (cleared on sign-out, SPEC 4.3). */
const CLOSED_NOTIFICATIONS_KEY = 'closedNotifications';
/** Who was last signed in here: identity and when the server confirmed it, never a token. */
const REMEMBERED_USER_KEY = 'signedInUser';
/** Set while the server's sign-out steps have not run (a sign-out made offline). */
const SIGN_OUT_OWED_KEY = 'signOutOwed';
/** While a session is unconfirmed and the browser says it is online, it is checked this often. */
const RECHECK_MS = 30_000;
/**
 * On a session check: how many milliseconds ago the buyer was last active (the server ends
 * a session idle for 1800 s; decision 031). Checks made in the background send none.
 */
const ACTIVITY_HEADER = 'x-session-activity';

let started = false;
let mode: Mode = 'server-session';
let tokenModule: TokenModule | undefined;
let manager: Manager | undefined;
let accessToken: string | null = null;
let tokenExpiresAt: number | null = null;
let serverSessionForSso = false;
let navigateTo: (path: string) => void = (path) => {
  window.location.assign(path);
};

/** The app's router hands over its navigation, so sign-out moves pages without a reload. */
export function setNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

export function authMode(): Mode {
  return mode;
}

const monitor = new ActivityMonitor({
  now: () => Date.now(),
  setInterval: (handler, ms) => window.setInterval(handler, ms),
  clearInterval: (handle) => {
    window.clearInterval(handle as number);
  },
  // Server rendering evaluates this module too; it has no window and no activity.
  events: typeof window === 'undefined' ? new EventTarget() : window,
  readSharedActivity: () => {
    const value = Number(readItem('local', SHARED_ACTIVITY_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  },
  writeSharedActivity: (at) => {
    writeItem('local', SHARED_ACTIVITY_KEY, String(at));
  },
  sessionCheck: async (idleMs) => {
    try {
      await apiFetch('/store/customer/current', {
        headers: { [ACTIVITY_HEADER]: String(Math.round(idleMs)) },
      });
      return 'ok';
    } catch (error) {
      return error instanceof ApiError && error.status === 401 ? 'unauthorized' : 'unknown';
    }
  },
  tokenExpiresAt: () => tokenExpiresAt,
  refreshToken: () => {
    if (manager) void manager.signinSilent().catch(() => undefined);
  },
  pathname: () => window.location.pathname,
  // Opening the idle warning moves focus into it: that is not the user being active.
  ignores: (event) =>
    event.target instanceof Element && event.target.closest('[data-activity-ignore]') !== null,
  onWarning: (msLeft) => {
    idleWarning$.next(msLeft);
  },
  onTimeout: () => {
    void signOut('timeout');
  },
  onSessionLost: () => {
    void signOut('session-lost');
  },
});

/** "Stay signed in" on the idle warning. */
export function stayActive(): void {
  monitor.recordActivity();
}

/**
 * Shows a user (or nobody). `confirmed`: the server answered for this session, so the user
 * is remembered with the time; otherwise they are shown from memory, and their changes wait.
 */
function setUser(user: SignedInUser | null, confirmed = true): void {
  if (!user) removeItem('local', REMEMBERED_USER_KEY);
  else if (confirmed) {
    writeItem('local', REMEMBERED_USER_KEY, JSON.stringify(rememberUser(user, Date.now())));
  }
  // Never a moment where a user not confirmed counts as confirmed (whose changes are sent).
  if (user && !confirmed && !sessionUnconfirmed$.getValue()) sessionUnconfirmed$.next(true);
  const shown = currentUser$.getValue();
  if (!user || !shown || !sameUser(user, shown)) currentUser$.next(user);
  if ((!user || confirmed) && sessionUnconfirmed$.getValue()) sessionUnconfirmed$.next(false);
  authStatus$.next(user ? 'signed-in' : 'signed-out');
  if (user) monitor.start();
  else monitor.stop();
}

/** Customer service acting for the buyer shown (decision 063), for the banner on every page. */
function showActingAgent(agent: ActingAgent | null): void {
  if (!sameActingAgent(actingAgent$.getValue(), agent)) actingAgent$.next(agent);
}

interface CustomerResponse {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  readonly registrationCountryIso: string | null;
  /** Present while customer service acts for the buyer (decision 063). */
  readonly agent?: unknown;
}

/** SPEC 3: first and last names are refreshed from the profile lookup and merged in. */
async function withProfile(user: SignedInUser): Promise<SignedInUser> {
  try {
    const profile = await apiJson<{ givenName: string; familyName: string }>(
      `/api/assessments/checkout/identityProfiles?userId=${encodeURIComponent(user.id)}`,
    );
    return { ...user, firstName: profile.givenName, lastName: profile.familyName };
  } catch {
    return user;
  }
}

/** The signed-in user's new names (and email) shown at once, if they are the one shown. */
function showProfile(profile: {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}): boolean {
  const shown = currentUser$.getValue();
  if (!shown || shown.id !== profile.userId) return false;
  setUser(
    { ...shown, firstName: profile.firstName, lastName: profile.lastName, email: profile.email },
    !sessionUnconfirmed$.getValue(),
  );
  return true;
}

/**
 * The profile page saved new names or a new email (decision 055): this tab's header shows
 * them at once, and every other tab of this browser is told to show them too.
 */
export function profileChanged(profile: {
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}): void {
  if (showProfile(profile)) tellOtherTabs({ type: 'profile-changed', ...profile });
}

/** `activity`: asked because of the buyer (a page load, a sign-in), not in the background. */
async function fetchCustomer(activity: boolean): Promise<SignedInUser | null> {
  try {
    const answer = await apiJson<CustomerResponse>(
      '/store/customer/current',
      activity ? { headers: { [ACTIVITY_HEADER]: '0' } } : {},
    );
    // Customer service acting for this buyer (decision 063): the banner shows the agent.
    const { customer, agent } = splitCustomerAnswer(answer);
    showActingAgent(agent);
    return customer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      showActingAgent(null);
      return null;
    }
    throw error;
  }
}

function rememberTokens(user: { access_token: string; expires_at?: number } | null): void {
  accessToken = user?.access_token ?? null;
  tokenExpiresAt = user?.expires_at ? user.expires_at * 1000 : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Whether a failed session call means the session is over or that no answer came. */
function answerOfError(error: unknown): 'ended' | 'unreachable' {
  return sessionAnswerOfStatus(error instanceof ApiError ? error.status : null);
}

/** The user the tokens name; `reached`: whether the store's server answered for them. */
async function userFromTokens(
  user: {
    access_token: string;
    expires_at?: number;
    profile: Record<string, unknown>;
  },
  activity: boolean,
): Promise<{ user: SignedInUser; reached: boolean }> {
  rememberTokens(user);
  if (serverSessionForSso) {
    // SPEC 9: the server session for SSO, opened with the access token.
    await apiFetch('/auth/session', { method: 'POST' }).catch(() => undefined);
  }
  let customer: SignedInUser | null = null;
  let reached = true;
  try {
    customer = await fetchCustomer(activity);
  } catch (error) {
    reached = answerOfError(error) === 'ended';
  }
  const profile = user.profile;
  const fromTokens: SignedInUser = {
    id: text(profile.user_id) || text(profile.sub),
    firstName: customer?.firstName ?? text(profile.given_name),
    lastName: customer?.lastName ?? text(profile.family_name),
    email: customer?.email ?? (typeof profile.email === 'string' ? profile.email : null),
    registrationCountryIso: customer?.registrationCountryIso ?? null,
  };
  return { user: reached ? await withProfile(fromTokens) : fromTokens, reached };
}

async function loadTokenMode(): Promise<Manager> {
  if (manager) return manager;
  tokenModule ??= await import('./token-mode');
  const settings = (await knownBootstrap())?.config.identity;
  if (!settings) throw new Error('No identity settings');
  manager = tokenModule.createUserManager(settings);
  manager.events.addUserLoaded((user) => {
    rememberTokens(user);
  });
  manager.events.addUserUnloaded(() => {
    rememberTokens(null);
  });
  setAccessTokenSource(() => accessToken);
  return manager;
}

let modeDecided: Promise<void> | undefined;

/** The SSO flags choose the mode, once per page load (sign-in may ask before the check does). */
function decideMode(locale: Locale): Promise<void> {
  modeDecided ??= (async () => {
    const bootstrap = bootstrap$.getValue() ?? (await loadBootstrap(locale));
    const flags = resolveFlags(bootstrap?.flags ?? {});
    mode = flags.sso ? 'token' : 'server-session';
    serverSessionForSso = flags['sso-server-session'];
  })();
  return modeDecided;
}

/** Finds out who is signed in, once per page load. */
let checkRequests: { unsubscribe(): void } | undefined;

export async function startAuth(locale: Locale): Promise<void> {
  // A request refused as the user's (the session ended elsewhere): check it now.
  checkRequests ??= sessionCheckRequested$.subscribe(() => {
    void recheck(true);
  });
  if (started) return;
  started = true;
  listenToOtherTabs((message) => {
    if (message.type === 'signed-out') void localSignOut();
    else if (message.type === 'profile-changed') showProfile(message);
    else void refreshUser();
  });
  // Back online, whoever is shown is checked: the session may have ended meanwhile.
  window.addEventListener('online', () => {
    void recheck(true);
  });
  window.setInterval(() => {
    if (online$.getValue() && (sessionUnconfirmed$.getValue() || signOutOwed())) {
      void recheck(false);
    }
  }, RECHECK_MS);
  await decideMode(locale);
  // SPEC 4.1: the server session shows processing for 4 s at most; after that, the buyer
  // remembered here is shown (unconfirmed) until the answer comes.
  const stopProcessing = window.setTimeout(() => {
    if (authStatus$.getValue() === 'processing') void applySession({ kind: 'unreachable' });
    markAuthSettled();
  }, SESSION_POLICY.loginSessionWaitMs);
  try {
    // A sign-out made offline ends the server's session before it is asked about.
    await settleOwedSignOut();
    // A page load is the buyer's doing: it counts as activity, as it does for the monitor.
    await refreshUser(true);
  } catch {
    if (authStatus$.getValue() === 'processing') authStatus$.next('signed-out');
  } finally {
    window.clearTimeout(stopProcessing);
    markAuthSettled();
  }
}

/** SPEC 7.2: 'true' when a session is valid; asked first so a visitor meets no 401. */
async function hasServerSession(): Promise<boolean> {
  const response = await apiFetch('/api/assessments/checkout/session', {
    headers: { accept: 'text/plain' },
  });
  return (await response.text()).trim() === 'true';
}

/** Server-session mode: SPEC 7.2's session call, then the customer and their profile. */
async function checkServerSession(activity: boolean): Promise<SessionAnswer<SignedInUser>> {
  try {
    if (!(await hasServerSession())) return { kind: 'ended' };
    const user = await fetchCustomer(activity);
    return user ? { kind: 'valid', user: await withProfile(user) } : { kind: 'ended' };
  } catch (error) {
    return { kind: answerOfError(error) };
  }
}

/**
 * Token mode: a stored token that is still good, else the silent attempt (not tried while
 * the browser says it is offline: the hidden frame would only time out).
 */
async function checkTokenSession(activity: boolean): Promise<SessionAnswer<SignedInUser>> {
  const tokens = await loadTokenMode().catch(() => undefined);
  const module = tokenModule;
  if (!tokens || !module) return { kind: 'unreachable' };
  let found = await module.storedUser(tokens);
  if (!found) {
    if (!online$.getValue()) return { kind: 'unreachable' };
    const silent = await module.silentUser(tokens);
    if ('failure' in silent) return { kind: silent.failure };
    found = silent.user;
  }
  const { user, reached } = await userFromTokens(found, activity);
  return reached ? { kind: 'valid', user } : { kind: 'unreachable', user };
}

/** Does what a session check's answer decides (domain/session/offline-session.ts). */
async function applySession(answer: SessionAnswer<SignedInUser>): Promise<void> {
  const decision = decideSession({
    answer,
    shown: currentUser$.getValue(),
    remembered: readJson('local', REMEMBERED_USER_KEY, parseRememberedUser),
    now: Date.now(),
  });
  if (decision.kind === 'sign-out') await signOut('session-lost');
  else if (decision.kind === 'signed-out') setUser(null);
  else if (decision.kind !== 'unchanged') setUser(decision.user, decision.kind === 'confirm');
}

/** `activity`: on the buyer's page load; rechecks in the background report none. */
async function refreshUser(activity = false): Promise<void> {
  await applySession(
    await (mode === 'server-session' ? checkServerSession(activity) : checkTokenSession(activity)),
  );
}

let rechecking: Promise<void> | undefined;

/**
 * The owed sign-out steps, then the session of whoever is shown: always when the browser
 * comes back online, otherwise only a session kept unconfirmed.
 */
function recheck(always: boolean): Promise<void> {
  rechecking ??= (async () => {
    await settleOwedSignOut();
    const due = always || sessionUnconfirmed$.getValue();
    if (due && currentUser$.getValue() && online$.getValue()) await refreshUser();
  })().finally(() => {
    rechecking = undefined;
  });
  return rechecking;
}

function signOutOwed(): boolean {
  return readItem('local', SIGN_OUT_OWED_KEY) !== null;
}

let settling: Promise<void> | undefined;

/** The server's steps of a sign-out made offline: the provider's session, then the store's. */
function settleOwedSignOut(): Promise<void> {
  if (!signOutOwed() || !online$.getValue()) return Promise.resolve();
  settling ??= serverSignOut(undefined).finally(() => {
    settling = undefined;
  });
  return settling;
}

/** Sends the visitor to sign in (or to register), coming back to `returnTo`. */
export async function signIn(
  locale: Locale,
  returnTo: string,
  options: { signup?: boolean } = {},
): Promise<void> {
  await decideMode(locale);
  // A sign-out still owed goes first; the new sign-in replaces the session in any case.
  await settleOwedSignOut();
  removeItem('local', SIGN_OUT_OWED_KEY);
  if (mode === 'server-session') {
    const query = new URLSearchParams({ locale, returnTo });
    if (options.signup) query.set('screen_hint', 'signup');
    window.location.assign(`/auth/login?${query.toString()}`);
    return;
  }
  const tokens = await loadTokenMode();
  const user = await tokenModule?.signInWithTokens(tokens, {
    force: false,
    returnTo,
    locale,
    signup: options.signup ?? false,
  });
  if (user) {
    setUser((await userFromTokens(user, true)).user);
    tellOtherTabs({ type: 'signed-in' });
    navigateTo(returnTo);
  }
}

/** The token-mode redirect back from the provider (/auth/callback): where to go next. */
export async function completeSignIn(): Promise<string> {
  const tokens = await loadTokenMode();
  const user = await tokens.signinRedirectCallback();
  setUser((await userFromTokens(user, true)).user);
  tellOtherTabs({ type: 'signed-in' });
  const state = user.state as { returnTo?: string } | undefined;
  return typeof state?.returnTo === 'string' && state.returnTo.startsWith('/')
    ? state.returnTo
    : '/';
}

/** Runs a sign-out step; a failure is logged with its SPEC 8 message and the rest go on. */
async function step(failure: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(failure, error);
  }
}

async function postOk(path: string): Promise<void> {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
}

async function revokeRefreshToken(tokens: Manager): Promise<void> {
  const user = await tokens.getUser();
  if (!user?.refresh_token) return;
  const endpoint = await tokens.metadataService.getRevocationEndpoint();
  if (!endpoint) return;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: tokens.settings.client_id,
      token: user.refresh_token,
      token_type_hint: 'refresh_token',
    }),
  });
  if (!response.ok) throw new Error(`Revocation answered ${response.status}`);
}

/** SPEC 4.3's server steps; the mark of a sign-out owed goes once the store's has answered. */
async function serverSignOut(tokens: Manager | undefined): Promise<void> {
  // Session logout: the provider's session ends.
  await step('Failed to log out', () => postOk('/oidc-session/end'));
  if (tokens && accessToken) {
    // SPEC 7.3: POST revoke with client id and token. Access tokens are signed JWTs that
    // expire on their own; the refresh token is what is revoked.
    await step('Failed to revoke token', () => revokeRefreshToken(tokens));
  }
  // The logout call: the store's own session ends (and the refresh token it held is revoked).
  await step('Failed to end session', async () => {
    await postOk('/auth/logout');
    removeItem('local', SIGN_OUT_OWED_KEY);
  });
}

/** What this tab forgets on sign-out, whoever started it. */
async function forgetHere(): Promise<void> {
  if (manager) await step('Failed to log out', () => manager?.removeUser() ?? Promise.resolve());
  rememberTokens(null);
  removeItem('session', CLOSED_NOTIFICATIONS_KEY);
  monitor.stop();
  showActingAgent(null);
  setUser(null);
}

function redirectAfterSignOut(notice?: 'session-timed-out' | 'signed-out'): void {
  const target = logoutRedirect(window.location.pathname);
  const query = notice
    ? `?${NOTIFICATIONS_PARAM}=${encodeURIComponent(encodeNotifications([{ kind: notice }]))}`
    : '';
  if (target.kind !== 'stay') navigateTo(`${target.path}${query}`);
  else if (query) navigateTo(`${window.location.pathname}${query}`);
}

/**
 * SPEC 4.3: session logout, end session, revoke, delete stored tokens, clear notification
 * storage, the logout call, the redirect for this page, the message to other tabs, the
 * activity listeners stopped and the user cleared. Each step tolerates failure. Offline,
 * the server's steps are owed (run when the connection is back) and the rest runs at once.
 */
export async function signOut(reason: 'user' | 'timeout' | 'session-lost' = 'user'): Promise<void> {
  // Owed until the store's server has ended the session.
  writeItem('local', SIGN_OUT_OWED_KEY, '1');
  signingOut$.next(true);
  try {
    if (online$.getValue()) await serverSignOut(manager);
    await forgetHere();
  } finally {
    signingOut$.next(false);
  }
  tellOtherTabs({ type: 'signed-out' });
  redirectAfterSignOut(
    reason === 'timeout' ? 'session-timed-out' : reason === 'user' ? 'signed-out' : undefined,
  );
}

/**
 * Customer service ended a session of acting for a buyer (decision 063): this browser forgets
 * the buyer as a sign-out does here (the remembered user, tokens, notification storage, the
 * activity monitor) and tells its other tabs, without the server's sign-out steps: those would
 * end the agent's own sign-in. The caller goes on to customer service's page.
 */
export async function forgetActingBuyer(): Promise<void> {
  await forgetHere();
  tellOtherTabs({ type: 'signed-out' });
}

/** Another tab signed out: forget the user here too. */
async function localSignOut(): Promise<void> {
  if (!currentUser$.getValue()) return;
  await forgetHere();
  redirectAfterSignOut();
}
