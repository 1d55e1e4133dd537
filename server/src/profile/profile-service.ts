/**
 * The profile's use cases (SPEC 2.7 Profile & Password, Preferences; decision 055). Names,
 * phone and preferences are written the one way (ARCHITECTURE §4): the acting buyer, then
 * `execute` on the user's `profile` stream, whose `profiles` read model is written with the
 * events; the identity's own record (the `users` row the sign-in and the profile lookup read)
 * takes the new names right after. The password is the identity provider's: checked and
 * replaced here, never in an event or a log; changing it ends every other session of the user.
 */
import { eq, sql } from 'drizzle-orm';
import {
  defaultPreferences,
  type PasswordChange,
  type Preferences,
  type ProfileDetails,
  type ProfileState,
  type ProfileView,
} from '../../../domain/profile/profile';
import { PROFILES_READ_MODEL, profileStreamKind } from '../../../domain/profile/stream';
import { localeForCountry } from '../../../domain/storefront/country-locale';
import { DEFAULT_LOCALE } from '../../../domain/storefront/storefronts';
import { streamIdOf } from '../../../domain/sync/stream-kind';
import type { ForBuyer } from '../acting/acting';
import type { IdentityCache } from '../acting/identity-cache';
import { revokeOtherUserGrants } from '../auth/oidc-adapter';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { User } from '../auth/users';
import { endOtherWebSessions } from '../auth/web-sessions';
import type { CommandHandler } from '../commands/execute';
import type { Db } from '../db/database';
import { users } from '../db/schema';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const profileStreamId = (userId: string) => streamIdOf(profileStreamKind, userId);

/** The profile document of a user, or null before their first change. */
export async function profileDocOf(db: Db, userId: string): Promise<ProfileState | null> {
  const [row] = rowsOf<{ doc: ProfileState }>(
    await db.execute(sql`
      select doc from read_models
       where model = ${PROFILES_READ_MODEL} and stream_id = ${profileStreamId(userId)}
         and owner_kind = 'user' and owner_id = ${userId}`),
  );
  return row?.doc ?? null;
}

/** The page's view: the identity's names and email, the profile's phone and preferences. */
export async function profileView(
  db: Db,
  user: User,
  now: Date = new Date(),
): Promise<ProfileView> {
  const doc = await profileDocOf(db, user.id);
  // A new address waiting for its link, while the link is good.
  const pending =
    doc?.pendingEmail && Date.parse(doc.pendingEmail.expiresAt) > now.getTime()
      ? doc.pendingEmail
      : null;
  return {
    userId: user.id,
    firstName: user.givenName,
    lastName: user.familyName,
    email: user.email,
    phone: doc?.phone ?? null,
    preferences:
      doc?.preferences ??
      defaultPreferences(localeForCountry(user.registrationCountry) ?? DEFAULT_LOCALE),
    pendingEmail: pending ? { email: pending.email, expiresAt: pending.expiresAt } : null,
    registrationCountry: user.registrationCountry,
  };
}

export interface ProfileDeps {
  readonly db: Db;
  readonly commands: CommandHandler;
  readonly identities: IdentityCache;
  readonly now?: () => Date;
}

type Written = { kind: 'saved' } | { kind: 'refused'; code: string; message: unknown };

/** Saves the names and phone; the identity's record takes the names. */
export async function saveProfileDetails(
  deps: ProfileDeps,
  who: ForBuyer,
  details: ProfileDetails,
  commandId: string,
): Promise<Written> {
  const now = deps.now?.() ?? new Date();
  const executed = await deps.commands.execute(
    'profile',
    profileStreamId(who.buyer.id),
    { type: 'ChangeDetails', data: details },
    who,
    { commandId, now, owner: { kind: 'user', id: who.buyer.id } },
  );
  if (executed.result.status === 'rejected') {
    return { kind: 'refused', code: executed.result.code, message: executed.result.message };
  }
  await deps.db
    .update(users)
    .set({ givenName: details.firstName, familyName: details.lastName })
    .where(eq(users.id, who.buyer.id));
  deps.identities.forgetUser(who.buyer.id);
  return { kind: 'saved' };
}

export async function savePreferences(
  deps: ProfileDeps,
  who: ForBuyer,
  preferences: Preferences,
  commandId: string,
): Promise<Written> {
  const executed = await deps.commands.execute(
    'profile',
    profileStreamId(who.buyer.id),
    { type: 'SetPreferences', data: preferences },
    who,
    { commandId, now: deps.now?.() ?? new Date(), owner: { kind: 'user', id: who.buyer.id } },
  );
  if (executed.result.status === 'rejected') {
    return { kind: 'refused', code: executed.result.code, message: executed.result.message };
  }
  return { kind: 'saved' };
}

export type PasswordOutcome =
  | { readonly kind: 'changed'; readonly endedSessions: number; readonly revokedGrants: number }
  | { readonly kind: 'wrong-password' }
  | { readonly kind: 'same-password' };

/**
 * Changes the password if the current one is right, then ends every other session of the
 * user: the store's sessions but `keep` (the one the request came with) and every grant but
 * the one behind it (or behind the request's token), and tells the identity cache.
 */
export async function changePassword(
  deps: Pick<ProfileDeps, 'db' | 'identities' | 'now'> & { readonly embedded: boolean },
  userId: string,
  change: PasswordChange,
  keep: { readonly sessionId: string | undefined; readonly grantId: string | undefined },
): Promise<PasswordOutcome> {
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !(await verifyPassword(change.currentPassword, row.passwordHash))) {
    return { kind: 'wrong-password' };
  }
  if (change.currentPassword === change.newPassword) return { kind: 'same-password' };
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(change.newPassword) })
    .where(eq(users.id, userId));
  const ended = await endOtherWebSessions(
    deps.db,
    userId,
    keep.sessionId,
    deps.now?.() ?? new Date(),
  );
  for (const hash of ended.idHashes) deps.identities.forgetSessionHash(hash);
  let revoked: string[] = [];
  if (deps.embedded) {
    revoked = await revokeOtherUserGrants(deps.db, userId, keep.grantId ?? ended.keptGrantId);
  }
  for (const grant of new Set([...revoked, ...ended.grantIds])) deps.identities.forgetGrant(grant);
  return {
    kind: 'changed',
    endedSessions: ended.idHashes.length,
    revokedGrants: revoked.length,
  };
}
