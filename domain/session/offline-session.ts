/**
 * Signed in offline (issue 12, decision 023): the browser remembers who was last signed in
 * (id, names, email and when the server last confirmed the session, never a token), and
 * what a session check's answer means for the person shown. A check that reaches no server
 * keeps the remembered buyer signed in, unconfirmed; a server that says the session is over
 * signs them out (SPEC 4.3); a valid session confirms whoever the server names.
 */
import type { SignInFailure } from './sign-in-errors';

/** The signed-in user as the app shows them (SPEC 3 User, without the token). */
export interface SessionUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  readonly registrationCountryIso: string | null;
}

/** Who was last signed in on this device, and when the server last confirmed it. */
export interface RememberedUser extends SessionUser {
  /** Milliseconds since the epoch. */
  readonly confirmedAt: number;
}

/**
 * How long a remembered sign-in may stand in for the server's answer: the life of the
 * store's server session (14 days). Older than that, the session cannot be valid any more.
 */
export const REMEMBERED_SIGN_IN_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

/** The fields of a user the browser keeps: three texts, then two that may be null. */
const FIELDS = ['id', 'firstName', 'lastName', 'email', 'registrationCountryIso'] as const;

/** The person's identity alone: any other field (a token, say) is left out. */
export function identityOf(user: SessionUser): SessionUser {
  return Object.fromEntries(FIELDS.map((key) => [key, user[key]])) as unknown as SessionUser;
}

/** What is kept of a user whose session the server confirmed at `confirmedAt`. */
export function rememberUser(user: SessionUser, confirmedAt: number): RememberedUser {
  return { ...identityOf(user), confirmedAt };
}

/** What browser storage held, checked: a remembered user, or null when it is not one. */
export function parseRememberedUser(value: unknown): RememberedUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const valid =
    FIELDS.every((key, i) => typeof v[key] === 'string' || (i > 2 && v[key] === null)) &&
    v.id !== '' &&
    typeof v.confirmedAt === 'number' &&
    Number.isFinite(v.confirmedAt);
  return valid ? rememberUser(v as unknown as SessionUser, v.confirmedAt as number) : null;
}

/** Whether a remembered sign-in may still stand in while the server cannot be asked. */
export function mayKeepSignedIn(remembered: RememberedUser | null, now: number): boolean {
  return (
    remembered !== null &&
    remembered.confirmedAt <= now &&
    now - remembered.confirmedAt <= REMEMBERED_SIGN_IN_MAX_AGE_MS
  );
}

/** Two users the same in every field the app shows (compared field by field). */
export function sameUser(a: SessionUser, b: SessionUser): boolean {
  return FIELDS.every((key) => a[key] === b[key]);
}

/** What a session check found out. */
export type SessionAnswer<U extends SessionUser> =
  /** The server named the signed-in user. */
  | { readonly kind: 'valid'; readonly user: U }
  /** The server answered: no session (401, `false`, the provider needs a sign-in). */
  | { readonly kind: 'ended' }
  /**
   * No answer (offline, the server away). `user` is who this browser's own tokens name,
   * in token mode, when it has any.
   */
  | { readonly kind: 'unreachable'; readonly user?: U };

export type SessionDecision<U extends SessionUser> =
  /** Shown signed in, confirmed by the server: remembered with the time. */
  | { readonly kind: 'confirm'; readonly user: U }
  /** Shown signed in but unconfirmed: checked again when the connection is back. */
  | { readonly kind: 'keep'; readonly user: U | SessionUser }
  /** Nothing changes on the page. */
  | { readonly kind: 'unchanged' }
  /** Someone is shown signed in and the server says no: SPEC 4.3's sign-out. */
  | { readonly kind: 'sign-out' }
  /** Nobody is signed in: whatever was remembered is forgotten. */
  | { readonly kind: 'signed-out' };

/**
 * What a session check's answer does, given who the page shows (null at start or for a
 * visitor) and who was last signed in on this device.
 */
export function decideSession<U extends SessionUser>(input: {
  readonly answer: SessionAnswer<U>;
  readonly shown: SessionUser | null;
  readonly remembered: RememberedUser | null;
  readonly now: number;
}): SessionDecision<U> {
  const { answer, shown, remembered, now } = input;
  switch (answer.kind) {
    case 'valid':
      return { kind: 'confirm', user: answer.user };
    case 'ended':
      return shown ? { kind: 'sign-out' } : { kind: 'signed-out' };
    case 'unreachable':
      if (shown) return { kind: 'unchanged' };
      if (answer.user) return { kind: 'keep', user: answer.user };
      return remembered && mayKeepSignedIn(remembered, now)
        ? { kind: 'keep', user: identityOf(remembered) }
        : { kind: 'signed-out' };
  }
}

/**
 * A session check's HTTP failure: null when no answer came at all. 401 and 403 say the
 * session is over; a server error or a proxy's timeout says nothing about it.
 */
export function sessionAnswerOfStatus(status: number | null): 'ended' | 'unreachable' {
  return status === 401 || status === 403 ? 'ended' : 'unreachable';
}

/**
 * Token mode: a failed silent sign-in. The provider saying a sign-in is needed (or any
 * other answer of its own) ends the session; a network failure, a timeout or a blocked
 * frame say nothing about it.
 */
export function sessionAnswerOfSignInFailure(failure: SignInFailure): 'ended' | 'unreachable' {
  return failure === 'consent-required' || failure === 'other' ? 'ended' : 'unreachable';
}
