/**
 * The signed-in user as the rest of the app sees it (SPEC 3 User), or null for a visitor.
 * Sign-in (src/features/auth) sets it; the shell and features read it.
 */
import { BehaviorSubject } from 'rxjs';

export interface SignedInUser {
  readonly id: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  /** ISO country code of the store the user registered in (SPEC 3, 4.5). */
  readonly registrationCountryIso: string | null;
}

export const currentUser$ = new BehaviorSubject<SignedInUser | null>(null);
