/**
 * Sign-in and identity errors (SPEC 4.2, 8): their exact messages, the identity library's
 * error kinds, and which failures lead to a full-page redirect in redirect login mode.
 */
import type { MessageDescriptor } from '../shared/message';

/** SPEC 8: identity library error kinds. */
export const IDENTITY_ERROR_KINDS = ['BAD_REQUEST', 'TIMEOUT', 'UNAUTHORIZED', 'UNKNOWN'] as const;
export type IdentityErrorKind = (typeof IDENTITY_ERROR_KINDS)[number];

export const SIGN_IN_ERRORS = {
  timeout: /*i18n*/ { id: 'sign-in.timeout', message: 'Timeout' },
  consentRequired: /*i18n*/ {
    id: 'sign-in.consent-required',
    message: 'Authentication or consent required',
  },
  authorizationTimedOut: /*i18n*/ {
    id: 'sign-in.authorization-timed-out',
    message: 'Authorization timed out',
  },
  failedToFetch: /*i18n*/ { id: 'sign-in.failed-to-fetch', message: 'Failed to fetch' },
  stateMismatch: /*i18n*/ { id: 'sign-in.state-mismatch', message: 'State mismatch' },
  /** A customer service agent at the buyers' sign-in (decision 063). */
  agentAccount: /*i18n*/ {
    id: 'sign-in.agent-account',
    message:
      'This is a customer service account: it cannot shop as itself. Sign in on the customer service sign-in page.',
  },
  noAuthorizationCode: /*i18n*/ {
    id: 'sign-in.no-authorization-code',
    message: 'Failed to acquire authorization code',
  },
  noAccessToken: /*i18n*/ {
    id: 'sign-in.no-access-token',
    message: 'Access token not found in response',
  },
  tokenExchangeFailed: /*i18n*/ {
    id: 'sign-in.token-exchange-failed',
    message: 'Unable to exchange authorization for tokens',
  },
  unexpectedStatus: /*i18n*/ {
    id: 'sign-in.unexpected-status',
    message: 'Expected 200, received {status}',
  },
  userInfoFailed: /*i18n*/ { id: 'sign-in.user-info-failed', message: 'Failed to get user info' },
  endSessionFailed: /*i18n*/ {
    id: 'sign-in.end-session-failed',
    message: 'Failed to end session',
  },
  revokeFailed: /*i18n*/ { id: 'sign-in.revoke-failed', message: 'Failed to revoke token' },
  logoutFailed: /*i18n*/ { id: 'sign-in.logout-failed', message: 'Failed to log out' },
  loginFailed: /*i18n*/ { id: 'sign-in.login-failed', message: 'Login failed' },
} as const satisfies Record<string, MessageDescriptor>;

export type SignInFailure =
  | 'consent-required'
  | 'authorization-timed-out'
  | 'failed-to-fetch'
  | 'network'
  | 'cross-origin-redirect'
  | 'other';

/**
 * SPEC 4.2, 8: consent or authentication required, a timed-out authorization, a failed
 * fetch, a network error and a cross-origin redirection error redirect the whole page in
 * redirect login mode; otherwise, and for any other failure, the error is thrown.
 */
export function signInRecovery(
  failure: SignInFailure,
  mode: 'redirect' | 'popup' | 'silent',
): 'redirect' | 'throw' {
  return mode === 'redirect' && failure !== 'other' ? 'redirect' : 'throw';
}
