/**
 * Changing a user's email address with a confirmation link (decision 060). The request (the
 * new address and the current password) is checked against the identity's record and every
 * other user's address, then written the one way (ARCHITECTURE §4): a `RequestEmailChange` on
 * the user's `profile` stream, whose event keeps only the hash of the link's secret and
 * sends a notice to the address in use; the link itself goes to the new address in a mail
 * written in the same statement. Opening the link, signed in as that user, changes the
 * identity's record (the address the user signs in with) and then appends `EmailChanged`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  EMAIL_LINK_HOURS,
  emailLinkStatus,
  initialProfileState,
  type EmailChange,
  type EmailLinkStatus,
} from '../../../domain/profile/profile';
import { emailChangeConfirmationMail } from '../../../domain/profile/stream';
import { localeForCountry } from '../../../domain/storefront/country-locale';
import { DEFAULT_LOCALE, type Locale } from '../../../domain/storefront/storefronts';
import type { ForBuyer } from '../acting/acting';
import { verifyPassword } from '../auth/passwords';
import { users } from '../db/schema';
import { profileDocOf, profileStreamId, type ProfileDeps } from './profile-service';

/** The link's secret as stored: its SHA-256, never the secret itself. */
export function emailLinkHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The page the link opens, in the storefront whose language the user chose. */
export function emailLinkUrl(origin: string, locale: Locale, token: string): string {
  return `${origin}/${locale}/my-account/confirm-email?token=${encodeURIComponent(token)}`;
}

/** Whether another user signs in with this address (letters' case aside). */
async function takenByAnother(deps: ProfileDeps, userId: string, email: string): Promise<boolean> {
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export type EmailChangeRequestOutcome =
  | { readonly kind: 'requested'; readonly email: string; readonly expiresAt: string }
  | { readonly kind: 'wrong-password' }
  | { readonly kind: 'same-email' }
  | { readonly kind: 'taken' }
  | { readonly kind: 'refused'; readonly code: string };

/**
 * Asks for a new address: the current password must be right, the address not the user's
 * already nor another user's. A new request replaces one waiting (its link stops working).
 */
export async function requestEmailChange(
  deps: ProfileDeps,
  who: ForBuyer,
  change: EmailChange,
  options: { readonly origin: string; readonly commandId: string },
): Promise<EmailChangeRequestOutcome> {
  const userId = who.buyer.id;
  const [row] = await deps.db
    .select({
      email: users.email,
      givenName: users.givenName,
      passwordHash: users.passwordHash,
      registrationCountry: users.registrationCountry,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !(await verifyPassword(change.currentPassword, row.passwordHash))) {
    return { kind: 'wrong-password' };
  }
  if (row.email.toLowerCase() === change.email.toLowerCase()) return { kind: 'same-email' };
  if (await takenByAnother(deps, userId, change.email)) return { kind: 'taken' };

  const now = deps.now?.() ?? new Date();
  const doc = await profileDocOf(deps.db, userId);
  const locale =
    doc?.preferences?.locale ?? localeForCountry(row.registrationCountry) ?? DEFAULT_LOCALE;
  const token = randomBytes(32).toString('base64url');
  const requestId = randomUUID();
  const expiresAt = new Date(now.getTime() + EMAIL_LINK_HOURS * 3600_000).toISOString();
  const executed = await deps.commands.execute(
    'profile',
    profileStreamId(userId),
    {
      type: 'RequestEmailChange',
      data: {
        requestId,
        email: change.email,
        previousEmail: row.email,
        tokenHash: emailLinkHash(token),
        expiresAt,
        locale,
        firstName: row.givenName,
      },
    },
    who,
    {
      commandId: options.commandId,
      now,
      owner: { kind: 'user', id: userId },
      mails: [
        emailChangeConfirmationMail(requestId, {
          firstName: row.givenName,
          email: change.email,
          link: emailLinkUrl(options.origin, locale, token),
          expiresAt,
          locale,
        }),
      ],
    },
  );
  if (executed.result.status === 'rejected') {
    return { kind: 'refused', code: executed.result.code };
  }
  // The request as the stream has it (the first answer, when the same request came again).
  const pending = (await profileDocOf(deps.db, userId))?.pendingEmail;
  return pending
    ? { kind: 'requested', email: pending.email, expiresAt: pending.expiresAt }
    : { kind: 'refused', code: 'no-pending-email' };
}

export type EmailConfirmOutcome =
  | { readonly kind: 'changed'; readonly email: string }
  | { readonly kind: 'used'; readonly email: string }
  | { readonly kind: 'expired' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'taken' };

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const REFUSED_LINKS: Readonly<Record<string, EmailLinkStatus>> = {
  'email-link-expired': 'expired',
  'email-link-invalid': 'invalid',
};

/**
 * Opens a link, as the signed-in user: only their own waiting link, before it expires,
 * changes their address. The identity's record is written first, guarded by its unique index
 * (another user may have taken the address since the request), then the event; opening the
 * link again after a failure between the two finishes the change.
 */
export async function confirmEmailChange(
  deps: ProfileDeps,
  who: ForBuyer,
  token: string,
): Promise<EmailConfirmOutcome> {
  const userId = who.buyer.id;
  const now = deps.now?.() ?? new Date();
  const tokenHash = emailLinkHash(token);
  const state = (await profileDocOf(deps.db, userId)) ?? initialProfileState();
  const status = emailLinkStatus(state, tokenHash, now.toISOString());
  if (status === 'used') return { kind: 'used', email: state.email ?? who.buyer.email };
  const pending = state.pendingEmail;
  if (status !== 'valid' || !pending) return { kind: status === 'expired' ? 'expired' : 'invalid' };

  if (await takenByAnother(deps, userId, pending.email)) return { kind: 'taken' };
  const [before] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!before) return { kind: 'invalid' };
  try {
    await deps.db.update(users).set({ email: pending.email }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'taken' };
    throw error;
  }
  deps.identities.forgetUser(userId);
  const executed = await deps.commands.execute(
    'profile',
    profileStreamId(userId),
    { type: 'ConfirmEmailChange', data: { tokenHash } },
    who,
    {
      // The same link opened twice is one command.
      commandId: `profile:${userId}:confirm-email:${pending.requestId}`,
      now,
      owner: { kind: 'user', id: userId },
    },
  );
  if (executed.result.status === 'rejected') {
    // A newer request came between the check and the command: the address stays as it was.
    await deps.db.update(users).set({ email: before.email }).where(eq(users.id, userId));
    deps.identities.forgetUser(userId);
    const refused = REFUSED_LINKS[executed.result.code];
    return { kind: refused === 'expired' ? 'expired' : 'invalid' };
  }
  return { kind: 'changed', email: pending.email };
}
