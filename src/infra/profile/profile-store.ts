/**
 * The signed-in user's profile and preferences in this browser (decision 055): read from the
 * store and kept on this device per user, so the pages open offline with what was seen last;
 * changed online only. A change of names or email is shown at once in every tab's header.
 */
import type {
  EmailChange,
  PasswordChange,
  Preferences,
  ProfileDetails,
  ProfileDetailsInput,
  ProfileView,
} from '../../../domain/profile/profile';
import { apiFetch, apiJson } from '../api';
import { profileChanged } from '../auth/auth';
import { readJson, writeItem } from '../browser-storage';

export type { ProfileView };

const keptKey = (userId: string) => `profile.view.${userId}`;

export interface KeptProfile {
  readonly profile: ProfileView;
  /** When the store gave it. */
  readonly savedAt: string;
  /** False: kept on this device (offline), maybe not the latest. */
  readonly fresh: boolean;
}

function parseKept(value: unknown): { profile: ProfileView; savedAt: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { profile?: unknown; savedAt?: unknown };
  if (typeof v.savedAt !== 'string' || typeof v.profile !== 'object' || v.profile === null) {
    return null;
  }
  const p = v.profile as Partial<ProfileView>;
  if (typeof p.userId !== 'string' || typeof p.firstName !== 'string' || !p.preferences) {
    return null;
  }
  return { profile: v.profile as ProfileView, savedAt: v.savedAt };
}

function keep(profile: ProfileView): KeptProfile {
  const savedAt = new Date().toISOString();
  writeItem('local', keptKey(profile.userId), JSON.stringify({ profile, savedAt }));
  return { profile, savedAt, fresh: true };
}

/** The profile: the store's answer (kept), else, offline, the last one kept for this user. */
export async function loadProfile(userId: string, online: boolean): Promise<KeptProfile | null> {
  if (online) {
    try {
      return keep(await apiJson<ProfileView>('/api/me/profile'));
    } catch (error) {
      // Only an unreachable store falls back to the kept copy; its answers are shown.
      if (!(error instanceof TypeError)) throw error;
    }
  }
  const kept = readJson('local', keptKey(userId), parseKept);
  return kept ? { ...kept, fresh: false } : null;
}

function send(method: 'PUT' | 'POST', path: string, body: unknown): Promise<Response> {
  return apiFetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Saves the names and phone; the header of every tab shows the new names at once. */
export async function saveProfileDetails(details: ProfileDetails): Promise<KeptProfile> {
  const body: ProfileDetailsInput = {
    firstName: details.firstName,
    lastName: details.lastName,
    phone: details.phone
      ? { country: details.phone.countryIso, number: details.phone.e164 }
      : { country: '', number: '' },
  };
  const profile = (await (await send('PUT', '/api/me/profile', body)).json()) as ProfileView;
  const kept = keep(profile);
  await profileChanged({
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
  });
  return kept;
}

export async function savePreferences(preferences: Preferences): Promise<KeptProfile> {
  const response = await send('PUT', '/api/me/preferences', preferences);
  return keep((await response.json()) as ProfileView);
}

/** Changes the password; the store ends every other session of the user. */
export async function changePassword(change: PasswordChange): Promise<void> {
  await send('POST', '/api/me/password', change);
}

/**
 * Asks for a new email address (decision 060): the store mails a link to it; the address
 * changes when the link is opened. The kept profile shows what waits.
 */
export async function requestEmailChange(
  change: EmailChange,
  current: ProfileView,
): Promise<KeptProfile> {
  const response = await send('POST', '/api/me/email', change);
  const { pendingEmail } = (await response.json()) as Pick<ProfileView, 'pendingEmail'>;
  return keep({ ...current, pendingEmail });
}

export type EmailLinkAnswer = { readonly status: 'changed' | 'used'; readonly email: string };

/**
 * Opens a link to confirm a new email address, as the signed-in user; the header of every tab
 * shows the new address at once.
 */
export async function confirmEmailChange(token: string): Promise<EmailLinkAnswer> {
  const answer = (await (
    await send('POST', '/api/me/email/confirm', { token })
  ).json()) as EmailLinkAnswer;
  const profile = await apiJson<ProfileView>('/api/me/profile');
  keep(profile);
  await profileChanged({
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
  });
  return answer;
}
