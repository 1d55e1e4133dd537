/**
 * The signed-in user as the rest of the app sees it (SPEC 3 User), or null for a visitor.
 * Sign-in (src/infra/auth) sets it; the shell and features read it. Offline, the user
 * shown may be the one remembered on this device, not yet confirmed by the server
 * (`sessionUnconfirmed$`): their changes are queued under their id and sent only once the
 * server has confirmed the session (decision 023).
 */
import { EventSubject, ValueSubject } from './value-subject';
import { withServerValue } from './use-observable';

export interface SignedInUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  /** ISO country code of the store the user registered in (SPEC 3, 4.5). */
  readonly registrationCountryIso: string | null;
}

export const currentUser$ = withServerValue(new ValueSubject<SignedInUser | null>(null), null);

/** True while the user shown is remembered here and the server has not confirmed them. */
export const sessionUnconfirmed$ = withServerValue(new ValueSubject<boolean>(false), false);

/**
 * True while this tab signs the user out, until it has forgotten them: what follows the
 * user's session (customer service's acting) stops asking at once, so nothing in flight meets
 * the ended session.
 */
export const signingOut$ = new ValueSubject<boolean>(false);

/** The signed-in user whose session the server confirmed: whose changes may be sent. */
export function confirmedUserId(): string | null {
  return sessionUnconfirmed$.getValue() ? null : (currentUser$.getValue()?.id ?? null);
}

/**
 * Asks sign-in to check the session with the server now (the server refused a request as
 * this user's: it may have ended elsewhere). Sign-in answers per SPEC 4.3.
 */
export const sessionCheckRequested$ = new EventSubject<void>();
