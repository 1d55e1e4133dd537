/**
 * Token sign-in (SPEC 4.2, 7.3, 9) with oidc-client-ts: the browser is a public client with
 * PKCE (S256); tokens live in session storage; a stored token is reused unless expired or
 * renewal is forced; renewal runs silently in a hidden frame 30 s before expiry, waiting at
 * most 10 s; identity requests time out after 60 s. Consent or authentication required, a
 * timeout or a network failure send the whole page to the provider (redirect login mode).
 * Loaded only when the SSO flag selects this mode.
 */
import {
  ErrorResponse,
  ErrorTimeout,
  UserManager,
  WebStorageStateStore,
  type User,
} from 'oidc-client-ts';
import { sessionAnswerOfSignInFailure } from '../../../domain/session/offline-session';
import { SESSION_POLICY } from '../../../domain/session/policy';
import { signInRecovery, type SignInFailure } from '../../../domain/session/sign-in-errors';

export interface TokenModeSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly apiResource: string;
}

export type { User };

export function createUserManager(settings: TokenModeSettings): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: settings.issuer,
    client_id: settings.clientId,
    redirect_uri: `${origin}/auth/callback`,
    silent_redirect_uri: `${origin}/auth/silent-callback.html`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    // SPEC 7.3: 'openid profile email' plus the user id claim; `api` is the store's API.
    scope: 'openid profile email user_id api',
    resource: settings.apiResource,
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    loadUserInfo: false,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: SESSION_POLICY.tokenRefreshThresholdMs / 1000,
    silentRequestTimeoutInSeconds: SESSION_POLICY.silentTokenWaitMs / 1000,
    requestTimeoutInSeconds: SESSION_POLICY.signInTimeoutMs / 1000,
    monitorSession: false,
  });
}

/** SPEC 8: which sign-in failures lead to a full-page redirect. */
export function classifyFailure(error: unknown): SignInFailure {
  if (error instanceof ErrorResponse) {
    if (
      ['login_required', 'consent_required', 'interaction_required'].includes(error.error ?? '')
    ) {
      return 'consent-required';
    }
    return 'other';
  }
  if (error instanceof ErrorTimeout) return 'authorization-timed-out';
  if (error instanceof TypeError) return 'failed-to-fetch';
  const message = (error as Error | undefined)?.message ?? '';
  if (/network/i.test(message)) return 'network';
  if (/cross-origin|blocked a frame/i.test(message)) return 'cross-origin-redirect';
  return 'other';
}

/** A stored token that is still good (SPEC 4.2 step 1), or null. */
export async function storedUser(manager: UserManager): Promise<User | null> {
  const user = await manager.getUser();
  return user && !user.expired ? user : null;
}

/**
 * The silent attempt only (10 s at most): the user, or what the failure says of the
 * session: over (the provider wants a sign-in) or unknown (it could not be reached).
 */
export async function silentUser(
  manager: UserManager,
): Promise<{ user: User } | { failure: 'ended' | 'unreachable' }> {
  try {
    const user = await manager.signinSilent();
    return user ? { user } : { failure: 'ended' };
  } catch (error) {
    return { failure: sessionAnswerOfSignInFailure(classifyFailure(error)) };
  }
}

/**
 * SPEC 4.2: reuse the stored token unless expired or `force`; otherwise try the hidden frame,
 * and on the listed failures move the whole page to the provider.
 */
export async function signInWithTokens(
  manager: UserManager,
  options: { force: boolean; returnTo: string; locale: string; signup: boolean },
): Promise<User | null> {
  if (!options.force && !options.signup) {
    const stored = await storedUser(manager);
    if (stored) return stored;
  }
  const redirect = () =>
    manager.signinRedirect({
      state: { returnTo: options.returnTo },
      ui_locales: options.locale,
      ...(options.signup ? { extraQueryParams: { screen_hint: 'signup' } } : {}),
    });
  if (options.signup) {
    await redirect();
    return null;
  }
  try {
    return await manager.signinSilent();
  } catch (error) {
    if (signInRecovery(classifyFailure(error), 'redirect') === 'redirect') {
      await redirect();
      return null;
    }
    throw error;
  }
}
