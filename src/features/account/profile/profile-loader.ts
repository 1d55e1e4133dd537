/**
 * The data of the Profile & Password and Preferences pages (SPEC 2.7; decision 055), loaded
 * in one place per route: the signed-in user's profile, from the store (and kept), or offline
 * the copy kept on this device. A visitor is asked to sign in.
 */
import { GENERAL_ERRORS } from '../../../../domain/shared/errors';
import type { Message } from '../../../../domain/shared/message';
import { ApiError } from '../../../infra/api';
import { authSettled } from '../../../infra/auth/auth-state';
import { online$ } from '../../../infra/connectivity';
import { loadProfile, type KeptProfile } from '../../../infra/profile/profile-store';
import { currentUser$ } from '../../../infra/session';

export interface ProfileRouteData {
  readonly kept: KeptProfile | null;
  /** False: a visitor (the page asks them to sign in). */
  readonly signedIn: boolean;
  readonly problem: Message | null;
}

export async function profileLoader(): Promise<ProfileRouteData> {
  await authSettled(10_000);
  const user = currentUser$.getValue();
  if (!user) return { kept: null, signedIn: false, problem: null };
  try {
    const kept = await loadProfile(user.id, online$.getValue());
    return {
      kept,
      signedIn: true,
      problem: kept ? null : GENERAL_ERRORS.technical,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { kept: null, signedIn: false, problem: null };
    }
    return { kept: null, signedIn: true, problem: GENERAL_ERRORS.technical };
  }
}
